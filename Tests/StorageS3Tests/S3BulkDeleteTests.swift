import Places
import Storage
import StorageContract
import StorageS3
import Synchronization
import Transfers
import XCTest

/// `rm -r` of 2,000 objects through S3's DeleteObjects on moto and on s3api, with
/// requests of 1,000 keys (S3's limit, which both take): every object goes, in as few
/// requests as the names fill.
final class S3BulkDeleteTests: XCTestCase {
    func testTwoThousandObjectsGoInRequestsOfAThousandOnMoto() async throws {
        let store = try S3Store(endpoint: try MotoTestServer.endpoint(), name: "moto")
        let bucket = MotoTestServer.bucket("rm-bulk")
        try await MotoTestServer.seed(store, container: bucket, count: 2_000)
        try await deleteTwoThousand(in: bucket, store: store)
        await store.shutdown()
    }

    func testTwoThousandObjectsGoInRequestsOfAThousandOnS3api() async throws {
        let store = try S3Store(endpoint: try S3TestServer.endpoint(), name: "s3")
        let bucket = ContractFixture.uniquePrefix() + "rm-bulk"
        try S3TestServer.seed(container: bucket, count: 2_000)
        try await deleteTwoThousand(in: bucket, store: store)
        await store.shutdown()
    }

    /// Deletes the 2,000 objects of `bucket` with 2 bulk requests at once (so each
    /// takes 1,000 names), then the bucket.
    private func deleteTwoThousand(in bucket: String, store: S3Store) async throws {
        let counting = CountingBulkDeletes(base: store)
        var deleter = Deleter(store: counting)
        deleter.bulkParallel = 2
        let limit = try await store.bulkDeleteLimit()
        XCTAssertEqual(limit, 1_000)
        let deleted = try await deleter.deleteAll(under: Location(segments: [bucket]))
        XCTAssertEqual(deleted, 2_000)
        XCTAssertEqual(counting.requests.withLock { $0 }, [1_000, 1_000], "names a DeleteObjects request")
        try await Deleter(store: store).deleteEmptiedContainer(bucket)
        let exists = try await store.containerExists(bucket)
        XCTAssertFalse(exists)
    }
}

/// The real store, counting the names of each bulk delete it sends.
final class CountingBulkDeletes: ForwardingStore, @unchecked Sendable {
    let base: any ObjectStore
    let requests = Mutex<[Int]>([])
    init(base: any ObjectStore) { self.base = base }

    func deleteObjects(container: String, names: [String]) async throws -> [String: StorageError] {
        requests.withLock { $0.append(names.count) }
        return try await base.deleteObjects(container: container, names: names)
    }
}
