import Clusters
import Foundation
import Storage
import StorageContract
import StorageOpenStack
import StorageS3
import XCTest

/// One account seen through both APIs of the test server: what one puts, the other
/// lists, reads and deletes.
final class CrossAPITests: XCTestCase {
    private var s3: S3Store!
    private var swift: SwiftStore!
    private var scratch: ScratchFiles!

    override func setUp() async throws {
        s3 = try S3Store(endpoint: try S3TestServer.endpoint(), name: "s3")
        swift = try SwiftStore(endpoint: try S3TestServer.swiftEndpoint(), name: "swift")
        scratch = try ScratchFiles()
    }

    override func tearDown() async throws {
        scratch?.remove()
        await s3?.shutdown()
        await swift?.shutdown()
    }

    /// Names that need care in both APIs' URLs: spaces, `+`, `%`, `~`, UTF-8, `/` runs.
    static let names = ["dir/with space.txt", "plus+sign.txt", "100%.txt", "tilde~name", "日本/ü.bin", "a//double/slash"]

    func testPutThroughSwiftSeenThroughS3() async throws {
        let bucket = ContractFixture.uniquePrefix() + "from-swift"
        try await swift.createContainer(bucket)
        let content = ScratchFiles.pattern(count: 70_000)
        let path = try scratch.file("content", content)
        for name in Self.names { _ = try await swift.putObject(container: bucket, name: name, fileAt: path, contentType: nil) }
        let buckets = try await s3.listContainers(ListingQuery(prefix: bucket))
        XCTAssertEqual(buckets.map(\.name), [bucket])
        let listed = try await allNames(s3, bucket)
        XCTAssertEqual(listed, Self.names.sorted { $0.precedesInByteOrder($1) })
        for name in Self.names {
            var read: [UInt8] = []
            let info = try await s3.readObject(container: bucket, name: name, range: nil, ifMatch: nil) { read += $0 }
            XCTAssertTrue(read == content, name)
            XCTAssertEqual(info.etag, ScratchFiles.md5(content), name)
            try await s3.deleteObject(container: bucket, name: name)
        }
        let left = try await allNames(swift, bucket)
        XCTAssertEqual(left, [])
        try await s3.deleteContainer(bucket)
        await assertNoSuchContainer(bucket, in: swift)
    }

    func testPutThroughS3SeenThroughSwift() async throws {
        let bucket = ContractFixture.uniquePrefix() + "from-s3"
        try await s3.createContainer(bucket)
        let content = ScratchFiles.pattern(count: 50_001)
        let path = try scratch.file("content", content)
        for name in Self.names { _ = try await s3.putObject(container: bucket, name: name, fileAt: path, contentType: nil) }
        let listed = try await allNames(swift, bucket)
        XCTAssertEqual(listed, Self.names.sorted { $0.precedesInByteOrder($1) })
        for name in Self.names {
            var read: [UInt8] = []
            _ = try await swift.readObject(container: bucket, name: name, range: nil, ifMatch: nil) { read += $0 }
            XCTAssertTrue(read == content, name)
        }
        let failures = try await swift.deleteObjects(container: bucket, names: Self.names)
        XCTAssertEqual(failures, [:])
        let left = try await allNames(s3, bucket)
        XCTAssertEqual(left, [])
        try await swift.deleteContainer(bucket)
        await assertNoSuchContainer(bucket, in: s3)
    }

    func allNames(_ store: any ObjectStore, _ container: String) async throws -> [String] {
        var names: [String] = []
        for try await page in store.objectPages(in: container) { names += page.map(\.name) }
        return names
    }

    func assertNoSuchContainer(_ container: String, in store: any ObjectStore) async {
        do {
            _ = try await store.listObjects(in: container, ListingQuery())
            XCTFail("\(container) is still there")
        } catch {
            XCTAssertEqual(error as? StorageError, .noSuchContainer(container))
        }
    }
}
