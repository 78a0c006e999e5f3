import Foundation
import Storage

/// An account of generated names, answered through the storage protocol as a server
/// would: `index` lists it with the same parallel listing and writes it with the same
/// segment writer as any store, without seeding millions of objects first.
///
/// Container `cNN` holds `perContainer` names in byte order, the i-th
/// `AREA/fNNNNNN/NNN-WORD_WORD-HASH.EXT`: 400 names a folder, two words of 100, a
/// 6-digit hex hash of i (rare terms), a size spread over 1 B to 4 GiB and a date in
/// the two years before 2026-01-01. The same i always gives the same object, so a
/// listing from any marker, and the queries, are known in advance.
struct GeneratedStore: ForwardingStore {
    let base: any ObjectStore
    let containers: Int
    let perContainer: Int

    static let areas = ["archive", "backup", "logs", "media", "photos", "projects", "reports", "shared"]
    static let words = """
        alpha amber apple arrow aspen atlas autumn badge beach berry birch blaze bloom breeze brick brook cabin \
        canal candle canyon cedar chalk cherry cider cliff cloud clover comet coral cotton crane creek crystal \
        daisy delta desert dove dune eagle ember falcon fern field flame forest frost garden ginger glacier \
        granite harbor hazel heron hill honey island ivory jade jasmine juniper lake lantern lemon lily maple \
        marble meadow mesa mint moss night oak ocean olive orchid pearl pebble pine plum prairie quartz rain \
        raven reef ridge river robin sage sand shadow shore sky slate snow spruce star stone storm summit sun \
        thunder tide timber valley willow
        """.split(separator: " ").map(String.init)
    static let extensions = ["csv", "gz", "jpg", "json", "log", "mp4", "pdf", "png", "txt", "xml"]

    var kind: String { "generated" }
    var maximumPageSize: Int { ListingQuery.maximumLimit }
    var shortPageEndsListing: Bool { true }

    static func containerName(_ number: Int) -> String { "c" + pad(number, 2) }

    /// A well-mixed 64-bit hash of `i` (SplitMix64's finaliser).
    static func mix(_ i: Int) -> UInt64 {
        var z = UInt64(i) &+ 0x9e37_79b9_7f4a_7c15
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// The 6 hex digits of name i: what a rare-term query asks for.
    static func tag(_ i: Int) -> String {
        let hex = String(mix(i) & 0xff_ffff, radix: 16)
        return String(repeating: "0", count: 6 - hex.count) + hex
    }

    /// The i-th name of a container of `count`: ascending in i, byte for byte.
    static func name(_ i: Int, of count: Int) -> String {
        let area = areas[min(areas.count - 1, i * areas.count / max(1, count))]
        let hash = mix(i)
        let first = words[Int(hash >> 40) % words.count]
        let second = words[Int(hash >> 48) % words.count]
        let ext = extensions[Int(hash >> 56) % extensions.count]
        return "\(area)/f\(pad(i / 400, 6))/\(pad(i % 400, 3))-\(first)_\(second)-\(tag(i)).\(ext)"
    }

    static func object(_ i: Int, of count: Int) -> ObjectSummary {
        let hash = mix(i &* 31 &+ 7)
        let bytes = (Int64(1) << Int(hash % 32)) + Int64((hash >> 40) & 0xfff)
        let date = Date(timeIntervalSince1970: 1_704_067_200 + Double((hash >> 8) % 63_072_000))
        return ObjectSummary(name: name(i, of: count), bytes: bytes, contentType: "application/octet-stream", lastModified: date)
    }

    func listContainers(_ query: ListingQuery) async throws -> [ContainerSummary] {
        (0..<containers).map(Self.containerName).filter { $0 > query.marker && $0.hasPrefix(query.prefix) }.prefix(query.limit).map {
            ContainerSummary(
                name: $0, objectCount: perContainer, bytes: Int64(perContainer), lastModified: Date(timeIntervalSince1970: 1_735_689_600))
        }
    }

    func listObjects(in container: String, _ query: ListingQuery) async throws -> [ListingEntry] {
        precondition(query.delimiter == nil, "the generated account has no folder listings")
        // The first i whose name sorts after the marker and not before the prefix: names ascend with i.
        var (low, high) = (0, perContainer)
        while low < high {
            let middle = (low + high) / 2
            let name = Self.name(middle, of: perContainer)
            if name < query.prefix || (!query.marker.isEmpty && name <= query.marker) { low = middle + 1 } else { high = middle }
        }
        var page: [ListingEntry] = []
        var i = low
        while i < perContainer && page.count < query.limit {
            let object = Self.object(i, of: perContainer)
            if let end = query.endBefore, object.name >= end { break }
            guard object.name.hasPrefix(query.prefix) else { break }
            page.append(.object(object))
            i += 1
        }
        return page
    }
}
