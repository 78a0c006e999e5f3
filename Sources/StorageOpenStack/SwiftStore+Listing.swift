import Foundation
import NIOCore
import Storage
import StorageHTTP

extension SwiftStore {
    public func listContainers(_ query: ListingQuery) async throws -> [ContainerSummary] {
        var query = query
        query.endBefore = nil
        // Ceph RGW reads `limit` containers from the marker and only then keeps those with
        // the prefix; from just before the prefix, the first it reads are the ones wanted.
        if let start = Self.markerBefore(query.prefix), query.marker.precedesInByteOrder(start) { query.marker = start }
        let response = try await send(.GET, path: "", query: Self.listingQuery(query, delimiter: nil))
        guard (200...299).contains(response.status) else { throw Self.unexpected(response) }
        return try Self.decode([SwiftContainerRow].self, from: response).map {
            ContainerSummary(
                name: $0.name, objectCount: $0.count, bytes: $0.bytes, lastModified: $0.lastModified.flatMap(ServerDates.iso8601))
        }
    }

    public func listObjects(in container: String, _ query: ListingQuery) async throws -> [ListingEntry] {
        // Nothing sorts before the empty name; Swift would read an empty end_marker as none.
        if query.endBefore == "" { return [] }
        var items = Self.listingQuery(query, delimiter: query.delimiter)
        // The longest page goes without `limit`, so the server sends its own longest: 10,000
        // on Swift and on Ceph RGW, which cuts any `limit` above 1,000 to 1,000.
        if query.limit >= ListingQuery.maximumLimit { items.removeAll { $0.name == "limit" } }
        let response = try await send(.GET, path: try Self.containerPath(container), query: items)
        if response.status == 404 { throw StorageError.noSuchContainer(container) }
        guard (200...299).contains(response.status) else { throw Self.unexpected(response) }
        // Names only: the rows' other fields are skipped unread, and no date is parsed.
        let entries =
            query.namesOnly
            ? try Self.decode([SwiftNameRow].self, from: response).map { $0.entry }
            : try Self.decode([SwiftObjectRow].self, from: response).map { $0.entry }
        try Self.ensureAdvances(entries, past: query.marker, in: container)
        return entries
    }

    /// A page after a marker must end past it, or the pager asks for it again forever
    /// (a server that ignores `marker`). A folder that holds the marker may end the
    /// page: Swift rolls a marker inside `a/` up into `a/`.
    static func ensureAdvances(_ entries: [ListingEntry], past marker: String, in container: String) throws {
        guard !marker.isEmpty, let last = entries.last, !marker.precedesInByteOrder(last.name) else { return }
        if case .subdir(let folder) = last, marker.hasPrefix(folder) { return }
        throw StorageError.listingStuck(container: container, after: marker)
    }

    /// The query of a JSON listing page; the limit is kept within what Swift serves.
    static func listingQuery(_ query: ListingQuery, delimiter: Character?) -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = [("format", "json")]
        if !query.prefix.isEmpty { items.append(("prefix", query.prefix)) }
        if let delimiter { items.append(("delimiter", String(delimiter))) }
        if !query.marker.isEmpty { items.append(("marker", query.marker)) }
        if let end = query.endBefore { items.append(("end_marker", end)) }
        items.append(("limit", String(min(max(query.limit, 1), ListingQuery.maximumLimit))))
        return items
    }

    /// A marker after every name that sorts before `prefix` and before every name that
    /// starts with it: the prefix's last character one lower, then the highest code
    /// point, past the longest name Swift takes (256 bytes). Nil for an empty prefix.
    static func markerBefore(_ prefix: String) -> String? {
        var scalars = prefix.unicodeScalars
        guard let last = scalars.popLast() else { return nil }
        // Nothing sorts between a name and itself followed by U+0001 (NUL is no name's).
        guard last.value > 1 else { return String(scalars) }
        // Below U+E000 come the surrogates, which UTF-8 cannot hold.
        scalars.append(Unicode.Scalar(last.value - 1) ?? "\u{D7FF}")
        return String(scalars) + String(repeating: "\u{10FFFF}", count: 65)
    }

    static func decode<Row: Decodable>(_ type: [Row].Type, from response: HTTPExchangeResponse) throws -> [Row] {
        // An empty account or container may answer 204 with no body.
        guard response.body.readableBytes > 0 else { return [] }
        do {
            return try JSONDecoder().decode(type, from: Data(response.body.readableBytesView))
        } catch {
            throw StorageError.server(status: response.status, message: "the listing is not the JSON expected: \(error)")
        }
    }
}

/// One row of an account listing in JSON.
struct SwiftContainerRow: Decodable {
    var name: String
    var count: Int?
    var bytes: Int64?
    var lastModified: String?

    enum CodingKeys: String, CodingKey {
        case name, count, bytes
        case lastModified = "last_modified"
    }
}

/// One row of a container listing in JSON read for its name alone (`namesOnly`).
///
/// Swift's `format=plain` would spare the server its JSON too, but it separates
/// names by newlines, and a name may hold one: only JSON tells every name exactly.
struct SwiftNameRow: Decodable {
    var name: String?
    var subdir: String?

    var entry: ListingEntry {
        if let subdir { return .subdir(subdir) }
        return .object(.nameOnly(name ?? ""))
    }
}

/// One row of a container listing in JSON: an object, or a `subdir` with a delimiter.
struct SwiftObjectRow: Decodable {
    var name: String?
    var subdir: String?
    var bytes: Int64?
    var contentType: String?
    var lastModified: String?
    var hash: String?
    /// A static large object's ETag (quoted); its `hash` is the manifest's own.
    var sloEtag: String?

    enum CodingKeys: String, CodingKey {
        case name, subdir, bytes, hash
        case contentType = "content_type"
        case lastModified = "last_modified"
        case sloEtag = "slo_etag"
    }

    /// The MD5 of zero bytes.
    static let emptyMD5 = "d41d8cd98f00b204e9800998ecf8427e"

    var entry: ListingEntry {
        if let subdir { return .subdir(subdir) }
        let type = contentType ?? "application/octet-stream"
        // A DLO's manifest is listed with its own size, 0; a folder marker is no manifest.
        let mayBeDynamic = sloEtag == nil && (bytes ?? 0) == 0 && type != "application/directory"
        // Ceph RGW lists an SLO with its manifest's size and the MD5 of no bytes, which no
        // object of that size has: neither is the object's, and only a lookup tells.
        let isUnmarkedManifest = sloEtag == nil && (bytes ?? 0) > 0 && hash == Self.emptyMD5
        let etag = isUnmarkedManifest ? nil : sloEtag.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) } ?? hash
        return .object(
            ObjectSummary(
                name: name ?? "", bytes: bytes ?? 0, contentType: type,
                lastModified: lastModified.flatMap(ServerDates.iso8601), etag: etag,
                isLargeObject: sloEtag != nil, mayBeLargeObject: mayBeDynamic || isUnmarkedManifest))
    }
}
