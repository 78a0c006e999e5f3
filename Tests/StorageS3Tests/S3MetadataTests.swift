import Foundation
import NIOHTTP1
import Storage
import StorageContract
import XCTest

@testable import StorageS3

/// `meta` on Swift's s3api, beyond the contract (whose large object, a multipart upload
/// whose ETag s3api cannot match in a condition, takes new metadata there): an object
/// changed since its HEAD is not overwritten (`x-amz-copy-source-if-match`).
final class S3MetadataTests: XCTestCase {
    private var store: S3Store?
    private let bucket = ContractFixture.uniquePrefix() + "meta"

    override func setUp() async throws {
        let store = try S3Store(endpoint: try S3TestServer.endpoint(), name: "test")
        self.store = store
        try await store.createContainer(bucket)
    }

    override func tearDown() async throws {
        await store?.shutdown()
    }

    func testAnObjectChangedSinceItsHeadIsLeftAlone() async throws {
        let store = try XCTUnwrap(store)
        try await store.rawPut(bucket: bucket, key: "moving.txt", Array("first".utf8), ["Content-Type": "text/plain"])
        let head = try await store.objectInfo(container: bucket, name: "moving.txt")
        try await store.rawPut(bucket: bucket, key: "moving.txt", Array("second".utf8), ["Content-Type": "text/plain", "x-amz-meta-who": "other"])
        do {
            _ = try await store.updateMetadata(head, change: MetadataChange(set: ["color": "red"]))
            XCTFail("a changed object took metadata read from its old version")
        } catch let error as StorageError {
            XCTAssertEqual(error, .changed(container: bucket, name: "moving.txt"))
        }
        let after = try await store.objectInfo(container: bucket, name: "moving.txt")
        XCTAssertEqual(after.metadata, ["who": "other"])
    }
}
