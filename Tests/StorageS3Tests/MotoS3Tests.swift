import Clusters
import Foundation
import NIOHTTP1
import Storage
import StorageContract
import Synchronization
import Transfers
import XCTest

@testable import StorageS3

/// What moto shows of AWS's behaviour beyond the contract: buckets named in the Host
/// header, continuation tokens, multipart edge cases and `x-amz-meta-*`.
final class MotoS3Tests: XCTestCase {
    private var stores: [S3Store] = []
    private var scratch: ScratchFiles?

    override func setUp() async throws {
        scratch = try ScratchFiles()
    }

    override func tearDown() async throws {
        for store in stores { await store.shutdown() }
        scratch?.remove()
    }

    func store(_ endpoint: S3Endpoint, log: (@Sendable (String) -> Void)? = nil) throws -> S3Store {
        let store = try S3Store(endpoint: endpoint, name: "moto", log: log)
        stores.append(store)
        return store
    }

    func file(_ name: String, _ bytes: [UInt8]) throws -> String { try XCTUnwrap(scratch).file(name, bytes) }

    func read(_ store: S3Store, _ container: String, _ name: String) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        _ = try await store.readObject(container: container, name: name, range: nil, ifMatch: nil) { bytes += $0 }
        return bytes
    }

    /// Virtual-hosted requests carry no bucket in their path: that moto files the object
    /// under the bucket shows it read the bucket from the Host header.
    func testVirtualHostedRequestsNameTheBucketInTheHostHeader() async throws {
        let lines = Mutex<[String]>([])
        let virtual = try store(MotoTestServer.virtualHostEndpoint()) { line in lines.withLock { $0.append(line) } }
        let pathStyle = try store(MotoTestServer.endpoint())
        let bucket = MotoTestServer.bucket("vhost")
        let name = "dir/ü name+1%.txt"
        try await virtual.createContainer(bucket)
        _ = try await virtual.putObject(container: bucket, name: name, fileAt: try file("f", Array("by host\n".utf8)), contentType: nil)
        let port = try XCTUnwrap(ProcessInfo.processInfo.environment["OBJSH_TEST_MOTO_PORT"])
        let logged = lines.withLock { $0 }
        XCTAssertTrue(logged.contains { $0.hasPrefix("PUT http://localhost:\(port)/dir/%C3%BC%20name%2B1%25.txt ") }, "\(logged)")
        XCTAssertFalse(logged.contains { $0.contains("/\(bucket)") }, "a bucket in a path: \(logged)")

        let seenByPath = try await pathStyle.listObjects(in: bucket, ListingQuery()).map(\.name)
        XCTAssertEqual(seenByPath, [name])
        let folded = try await virtual.listObjects(in: bucket, ListingQuery(delimiter: "/"))
        XCTAssertEqual(folded, [.subdir("dir/")])
        let bytes = try await read(virtual, bucket, name)
        XCTAssertEqual(bytes, Array("by host\n".utf8))
        let info = try await virtual.objectInfo(container: bucket, name: name)
        XCTAssertEqual(info.bytes, 8)
        let buckets = try await virtual.listContainers(ListingQuery(prefix: bucket)).map(\.name)
        XCTAssertEqual(buckets, [bucket])
        let failures = try await virtual.deleteObjects(container: bucket, names: [name])
        XCTAssertEqual(failures, [:])
        try await virtual.deleteContainer(bucket)
        await assertThrows(StorageError.self, { _ = try await pathStyle.containerInfo(bucket) }) {
            XCTAssertEqual($0, .noSuchContainer(bucket))
        }
    }

    /// ListObjectsV2 page by page with the server's NextContinuationToken, over keys and
    /// over common prefixes; the store's own paging (start-after) gives the same names.
    func testContinuationTokensWalkEveryPage() async throws {
        let store = try store(MotoTestServer.endpoint())
        let count = MotoTestServer.seededCount
        let container = "objsh-contract-\(count)"
        try await MotoTestServer.seed(store, container: container, count: count)
        var names: [String] = []
        var token: String?
        var pages = 0
        repeat {
            let page = try await store.listPage(container, ListingQuery(), wanted: 600, continuation: token)
            XCTAssertLessThanOrEqual(page.objects.count, 600)
            names += page.objects.map(\.name)
            pages += 1
            token = page.isTruncated ? try XCTUnwrap(page.nextContinuationToken, "a truncated page without a token") : nil
        } while token != nil && pages < 10
        XCTAssertEqual(pages, 3)
        XCTAssertEqual(names, (0..<count).map(ContractFixture.seededName))

        var prefixes: [String] = []
        token = nil
        pages = 0
        repeat {
            let page = try await store.listPage(container, ListingQuery(delimiter: "/"), wanted: 1, continuation: token)
            prefixes += page.prefixes
            pages += 1
            token = page.isTruncated ? page.nextContinuationToken : nil
        } while token != nil && pages < 10
        XCTAssertEqual(prefixes, ["f000/", "f001/"])
        XCTAssertEqual(pages, 2)

        var paged: [String] = []
        for try await page in store.objectPages(in: container, pageSize: 700) { paged += page.map(\.name) }
        XCTAssertEqual(paged, names)
    }

    /// `x-amz-meta-*` as another client sets it comes back in `info`, names lower-cased;
    /// the part size objsh keeps there comes back from its own multipart uploads.
    func testUserMetadataComesBackInInfo() async throws {
        let store = try store(MotoTestServer.endpoint())
        let bucket = MotoTestServer.bucket("meta")
        try await store.createContainer(bucket)
        let body = Array("abc".utf8)
        let headers: HTTPHeaders = [
            "Content-Type": "text/plain", "Content-Length": "3",
            "x-amz-meta-Color": "blue", "x-amz-meta-note": "a=b; c/d",
        ]
        let response = try await store.send(
            .PUT, S3Target(bucket: bucket, key: "meta.txt"), headers: headers,
            payloadHash: SigV4Signer.sha256Hex(body), body: { .bytes(body) })
        XCTAssertEqual(response.status, 200)
        let info = try await store.objectInfo(container: bucket, name: "meta.txt")
        XCTAssertEqual(info.metadata, ["color": "blue", "note": "a=b; c/d"])
        XCTAssertEqual(info.contentType, "text/plain")
        XCTAssertEqual(info.storageClass, "STANDARD")
        XCTAssertNil(info.largeObject)

        let content = ScratchFiles.pattern(count: 150_000)
        let path = try file("two-parts", content)
        let upload = try await store.beginLargeUpload(
            container: bucket, name: "parts", version: LocalFileVersion(bytes: 150_000, modified: 1),
            segmentBytes: 100_000, contentType: nil)
        var records: [SegmentRecord] = []
        for index in 0...1 {
            let slice = FileSlice(path: path, offset: Int64(index) * 100_000, length: index == 0 ? 100_000 : 50_000)
            records.append(try await upload.putSegment(index: index, from: slice))
        }
        _ = try await upload.complete(records, removingReplaced: true)
        let parts = try await store.objectInfo(container: bucket, name: "parts")
        XCTAssertEqual(parts.metadata[S3Headers.partBytesKey], "100000")
        XCTAssertEqual(parts.largeObject, .multipartUpload(parts: 2, partBytes: 100_000))
    }
}
