import Places
import Storage
import StorageOpenStack
import Transfers
import XCTest

/// `rm -r` of a big container against the real server, with the bulk middleware and
/// with single deletes (as on a cluster whose /info lists no bulk delete).
final class SwiftDeleteTests: XCTestCase {
    func testRecursiveDeleteOfTwoThousandObjectsWithAndWithoutBulk() async throws {
        let store = try SwiftStore(endpoint: try TestServer.endpoint(), name: "test")
        defer { Task { await store.shutdown() } }
        let bulk = try await store.bulkDeleteLimit()
        XCTAssertGreaterThan(bulk, 1, "the test server runs the bulk middleware")
        for (label, target) in [("bulk", store as any ObjectStore), ("single", WithoutBulkDelete(base: store))] {
            let container = "rm-\(label)-" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
            try TestServer.seed(container: container, count: 2_000)
            let deleter = Deleter(store: target)
            let counted = try await deleter.count(under: Location(segments: [container]))
            XCTAssertEqual(counted.objects, 2_000)
            let deleted = try await deleter.deleteAll(under: Location(segments: [container]))
            XCTAssertEqual(deleted, 2_000, label)
            try await deleter.deleteEmptiedContainer(container)
            let exists = try await store.containerExists(container)
            XCTAssertFalse(exists, label)
        }
    }
}

/// A cluster without the bulk middleware, as the store sees it.
struct WithoutBulkDelete: ForwardingStore {
    let base: any ObjectStore
    func bulkDeleteLimit() async throws -> Int { 0 }
}
