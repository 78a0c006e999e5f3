import Browser
import Clusters
import Foundation
import Listing
import Storage
import StorageContract
import Transfers
import XCTest

@testable import StorageOpenStack

/// Where RGW's Swift API differs from OpenStack Swift, each handled in the Swift store:
/// `limit` applied before `prefix` in account listings, explicit page lengths cut to
/// 1,000, static large objects listed at their manifest's size with no way to read the
/// manifest, and `/info` beside a storage URL with no `AUTH_` account.
final class RGWSwiftDifferenceTests: XCTestCase {
    private var store: SwiftStore?
    private var scratch: ScratchFiles?
    private let container = RGWTestServer.name("swift")

    override func setUp() async throws {
        let store = try SwiftStore(endpoint: try RGWTestServer.swiftEndpoint(), name: "rgw")
        self.store = store
        scratch = try ScratchFiles()
        try await store.createContainer(container)
    }

    override func tearDown() async throws {
        if let store {
            for name in [container, container + "_segments"] {
                _ = try? await Deleter(store: store).deleteAll(under: Location(segments: [name]))
                try? await store.deleteContainer(name)
            }
        }
        await store?.shutdown()
        scratch?.remove()
    }

    /// RGW reads `limit` containers and then keeps those with the prefix; a container
    /// before the prefix made `cd` (one name asked for) miss the one it named.
    func testAPrefixedAccountListingFindsItsContainersWhateverSortsBefore() async throws {
        let store = try XCTUnwrap(store)
        let names = [container + "-0", container + "-b1", container + "-b2"]
        for name in names { try await store.createContainer(name) }
        defer { Task { for name in names { try? await store.deleteContainer(name) } } }
        let first = try await store.listContainers(ListingQuery(prefix: container + "-b", limit: 1)).map(\.name)
        XCTAssertEqual(first, [container + "-b1"])
        let exists = try await store.containerExists(container + "-b2")
        XCTAssertTrue(exists)
        var paged: [String] = []
        for try await page in store.containerPages(prefix: container + "-b", pageSize: 1) { paged += page.map(\.name) }
        XCTAssertEqual(paged, [container + "-b1", container + "-b2"])
        let after = try await store.listContainers(ListingQuery(prefix: container + "-b", marker: container + "-b1", limit: 1))
        XCTAssertEqual(after.map(\.name), [container + "-b2"], "a marker past the prefix's start is kept")
    }

    /// The marker starts after every name before the prefix and before every name with it.
    func testTheMarkerBeforeAPrefix() throws {
        XCTAssertNil(SwiftStore.markerBefore(""))
        let marker = try XCTUnwrap(SwiftStore.markerBefore("feat"))
        XCTAssertTrue(marker.hasPrefix("feas\u{10FFFF}") && marker.utf8.count > 256)
        for name in ["fea", "feas", "feas~", "feas\u{10FFFF}", "e", "fe"] { XCTAssertTrue(name.precedesInByteOrder(marker), name) }
        for name in ["feat", "feat1", "featz", "feau"] { XCTAssertTrue(marker.precedesInByteOrder(name), name) }
        XCTAssertTrue(try XCTUnwrap(SwiftStore.markerBefore("a\u{E000}")).hasPrefix("a\u{D7FF}\u{10FFFF}"), "no surrogate")
        XCTAssertEqual(SwiftStore.markerBefore("x\u{1}"), "x")
    }

    /// A page asked for at the longest goes without `limit`, so RGW sends 10,000 names, not 1,000.
    func testTheLongestPageIsTheServersOwn() async throws {
        let store = try XCTUnwrap(store)
        try RGWTestServer.seed(container: RGWTestServer.seededContainer, count: RGWTestServer.seededCount)
        let page = try await store.listObjects(in: RGWTestServer.seededContainer, ListingQuery())
        XCTAssertEqual(page.count, 10_000)
        let short = try await store.listObjects(in: RGWTestServer.seededContainer, ListingQuery(limit: 7))
        XCTAssertEqual(short.map(\.name), (0..<7).map(ContractFixture.seededName))
    }

    /// `/info` is at `/swift/info`, beside a storage URL that ends in `/v1` with no account.
    func testClusterInfoIsFoundBesideAStorageURLWithoutAnAccount() async throws {
        let limits = try await XCTUnwrap(store).uploadLimits()
        XCTAssertEqual(limits.maxObjectBytes, 5 << 30, "RGW's own max_file_size, not the stock guess")
        XCTAssertEqual(limits.maxSegments, 1_000)
    }

    /// `/info` lists bulk delete with no limit, and RGW quietly skips every name after
    /// the 1,024th of a request: 1,500 objects go in bulk, none left behind.
    func testBulkDeleteKeepsBelowTheLimitRGWDoesNotState() async throws {
        let store = try XCTUnwrap(store)
        let limit = try await store.bulkDeleteLimit()
        XCTAssertEqual(limit, 1_000)
        try RGWTestServer.seed(container: container, count: 1_500)
        let deleted = try await Deleter(store: store).deleteAll(under: Location(segments: [container]))
        XCTAssertEqual(deleted, 1_500)
        let left = try await store.listObjects(in: container, ListingQuery())
        XCTAssertEqual(left, [])
    }

    func upload(_ name: String, _ content: [UInt8], segmentBytes: Int64) async throws -> ObjectInfo {
        let store = try XCTUnwrap(store)
        let path = try XCTUnwrap(scratch).file(name + "-\(content.count)", content)
        try await Uploader(store: store, options: UploadOptions(segmentBytes: segmentBytes))
            .upload([UploadItem(path: path, name: name)], into: container) { _ in }
        return try await store.objectInfo(container: container, name: name)
    }

    func segmentNames() async throws -> [String] {
        var names: [String] = []
        for try await page in try XCTUnwrap(store).objectPages(in: container + "_segments") { names += page.map(\.name) }
        return names
    }

    /// An SLO: listed as "look me up" (not at its manifest's 200-odd bytes with the MD5 of
    /// nothing), its segments found by name and checked against its ETag, downloaded
    /// verified, its old segments gone when it is replaced, and all of it gone on `rm`.
    func testAStaticLargeObjectIsListedVerifiedReplacedAndDeletedWhole() async throws {
        let store = try XCTUnwrap(store)
        let content = ScratchFiles.pattern(count: 3 << 20 + 4_321)
        let info = try await upload("slo.bin", content, segmentBytes: 1 << 20)
        XCTAssertEqual(info.largeObject, .staticManifest)
        XCTAssertEqual(info.bytes, Int64(content.count))

        guard case .object(let listed) = try await store.listObjects(in: container, ListingQuery()).first else { return XCTFail("not listed") }
        XCTAssertTrue(listed.isLargeObject || listed.mayBeLargeObject, "\(listed)")
        XCTAssertNotEqual(listed.etag, SwiftObjectRow.emptyMD5)
        let looked = await LargeObjectLookup.resolving([listed], container: container, store: store)
        XCTAssertEqual(looked.first?.bytes, Int64(content.count))
        XCTAssertEqual(looked.first?.manifestKind, .staticManifest)

        let found = try await store.segments(ofObject: container, name: "slo.bin")
        let segments = try XCTUnwrap(found, "the segments are found by name")
        XCTAssertEqual(segments.map(\.bytes), [1 << 20, 1 << 20, 1 << 20, 4_321])
        XCTAssertEqual(segments.first?.md5, ScratchFiles.md5(Array(content[0..<(1 << 20)])))
        let target = try XCTUnwrap(scratch).directory + "/slo.out"
        let outcome = try await Downloader(store: store).download(info, to: target, overwrite: false)
        XCTAssertNil(outcome.note, "verified segment by segment")
        XCTAssertTrue(try Data(contentsOf: URL(fileURLWithPath: target)) == Data(content))

        let smaller = ScratchFiles.pattern(count: 2 << 20 + 5)
        _ = try await upload("slo.bin", smaller, segmentBytes: 1 << 20)
        let left = try await segmentNames()
        XCTAssertEqual(left.count, 3, "the replaced object's segments went: \(left)")
        XCTAssertTrue(left.allSatisfy { $0.contains("/\(smaller.count)/") }, "\(left)")

        guard case .object(let again) = try await store.listObjects(in: container, ListingQuery()).first else { return XCTFail("not listed") }
        try await store.deleteListedObject(again, container: container)
        let gone = try await segmentNames()
        XCTAssertEqual(gone, [], "the segments went with the object")
    }
}
