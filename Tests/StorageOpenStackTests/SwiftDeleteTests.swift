import Places
import Storage
import StorageOpenStack
import Synchronization
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

    /// A bulk delete that fails a name with 503 (an object server busy under load) leaves
    /// no failure: the name is deleted again on its own.
    func testANameTheBulkDeleteFoundBusyIsDeletedAgain() async throws {
        let store = try SwiftStore(endpoint: try TestServer.endpoint(), name: "test")
        defer { Task { await store.shutdown() } }
        let container = "rm-busy-" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
        try TestServer.seed(container: container, count: 20)
        let busy = BusyFirstName(base: store)
        let deleted = try await Deleter(store: busy).deleteAll(under: Location(segments: [container]))
        XCTAssertEqual(deleted, 20)
        XCTAssertEqual(busy.refused.withLock { $0 }.count, 1, "one name was refused by the bulk delete")
        try await Deleter(store: store).deleteEmptiedContainer(container)
        let exists = try await store.containerExists(container)
        XCTAssertFalse(exists)
    }
}

/// The real store, but each bulk delete leaves its first name alone and reports it as
/// the bulk middleware reports a name an object server was too busy for.
final class BusyFirstName: ForwardingStore, @unchecked Sendable {
    let base: any ObjectStore
    let refused = Mutex<[String]>([])
    init(base: any ObjectStore) { self.base = base }

    func deleteObjects(container: String, names: [String]) async throws -> [String: StorageError] {
        guard let first = names.first else { return [:] }
        refused.withLock { $0.append(first) }
        var failures = try await base.deleteObjects(container: container, names: Array(names.dropFirst()))
        failures[first] = .server(status: 503, message: "Service Unavailable")
        return failures
    }
}

/// A cluster without the bulk middleware, as the store sees it.
struct WithoutBulkDelete: ForwardingStore {
    let base: any ObjectStore
    func bulkDeleteLimit() async throws -> Int { 0 }
}
