import Clusters
import Foundation
import Storage
import StorageContract
import Synchronization
import Transfers
import XCTest

@testable import StorageS3

/// The S3 store against moto with IAM on: every signature checked by botocore's code
/// (a second SigV4 beside s3api's), and the error answers of a server that checks.
final class MotoAuthTests: XCTestCase {
    private var stores: [S3Store] = []
    private var scratch: ScratchFiles?

    override func setUp() async throws {
        scratch = try ScratchFiles()
    }

    override func tearDown() async throws {
        for store in stores { await store.shutdown() }
        scratch?.remove()
    }

    func store(_ endpoint: S3Endpoint) throws -> S3Store {
        let store = try S3Store(endpoint: endpoint, name: "moto-auth")
        stores.append(store)
        return store
    }

    /// The message of the `unauthorized` error `body` throws.
    func refusal(_ body: () async throws -> Void, file: StaticString = #filePath, line: UInt = #line) async -> String {
        do {
            try await body()
            XCTFail("no error", file: file, line: line)
        } catch StorageError.unauthorized(let message) {
            return message
        } catch {
            XCTFail("\(error) is not unauthorized", file: file, line: line)
        }
        return ""
    }

    /// Plain names and queries only: moto re-encodes the path and the query before it
    /// checks, so `+`, `%`, UTF-8 in a key, or `/` in a prefix or delimiter, fail its check
    /// even for boto3 (the contract runs those on the open server).
    func testSignedRequestsPassAnIndependentCheck() async throws {
        let store = try store(MotoTestServer.authEndpoint())
        let bucket = MotoTestServer.bucket("signed")
        try await store.createContainer(bucket)
        let scratch = try XCTUnwrap(scratch)
        let small = try scratch.file("small", Array("signed and checked\n".utf8))
        for name in ["a.txt", "dir/b c.txt", "dir/d~e_f-g.txt", "dir/sub/h.txt", "z.txt"] {
            _ = try await store.putObject(container: bucket, name: name, fileAt: small, contentType: nil)
        }
        var names: [String] = []
        var token: String?
        repeat {  // continuation tokens in a signed query
            let page = try await store.listPage(bucket, ListingQuery(), wanted: 2, continuation: token)
            names += page.objects.map(\.name)
            token = page.isTruncated ? page.nextContinuationToken : nil
        } while token != nil && names.count < 10
        XCTAssertEqual(names, ["a.txt", "dir/b c.txt", "dir/d~e_f-g.txt", "dir/sub/h.txt", "z.txt"])
        let prefixed = try await store.listObjects(in: bucket, ListingQuery(prefix: "dir", limit: 2)).map(\.name)
        XCTAssertEqual(prefixed, ["dir/b c.txt", "dir/d~e_f-g.txt"])
        var middle: [UInt8] = []
        _ = try await store.readObject(container: bucket, name: "dir/b c.txt", range: 7...9, ifMatch: nil) { middle += $0 }
        XCTAssertEqual(middle, Array("and".utf8))

        // The Transfers engine: AWS's 5 MiB parts, in parallel, each with Content-MD5.
        let content = ScratchFiles.pattern(count: (5 << 20) + 77)
        let big = try scratch.file("big", content)
        let results = Mutex<[UploadResult]>([])
        try await Uploader(store: store, options: UploadOptions(segmentBytes: 5 << 20, parallel: 3))
            .upload([UploadItem(path: big, name: "big.bin")], into: bucket) { result in results.withLock { $0.append(result) } }
        guard case .stored(let info, let segments, _) = results.withLock({ $0.first }) else { return XCTFail("not stored") }
        XCTAssertEqual(segments, 2)
        XCTAssertTrue(info.etag.hasSuffix("-2"), info.etag)
        let uploadsLeft = try await store.openUploads(bucket, of: "big.bin")
        XCTAssertEqual(uploadsLeft, [])
        let target = scratch.directory + "/big.down"
        let stored = try await store.objectInfo(container: bucket, name: "big.bin")
        let outcome = try await Downloader(store: store).download(stored, to: target, overwrite: false)
        XCTAssertNil(outcome.note)
        XCTAssertTrue(try Data(contentsOf: URL(fileURLWithPath: target)) == Data(content))

        let failures = try await store.deleteObjects(container: bucket, names: names + ["big.bin"])
        XCTAssertEqual(failures, [:])
        try await store.deleteContainer(bucket)
    }

    func testErrorAnswersAreOneClearLine() async throws {
        let good = try store(MotoTestServer.authEndpoint())
        let bucket = MotoTestServer.bucket("errors")
        try await good.createContainer(bucket)
        await assertThrows(StorageError.self, { _ = try await good.listObjects(in: bucket + "-none", ListingQuery()) }) {
            XCTAssertEqual($0, .noSuchContainer(bucket + "-none"))
        }

        let wrongSecret = "wrong-5ecret-that-must-never-show"
        let wrong = try store(MotoTestServer.authEndpoint(secret: wrongSecret))
        let mismatch = await refusal { _ = try await wrong.listObjects(in: bucket, ListingQuery()) }
        XCTAssertTrue(mismatch.hasPrefix("SignatureDoesNotMatch:") && mismatch.contains("us-east-1") && mismatch.contains("clock"), mismatch)
        XCTAssertFalse(mismatch.contains(wrongSecret))

        let denied = try store(MotoTestServer.authEndpoint(denied: true))
        let refused = await refusal { _ = try await denied.listObjects(in: bucket, ListingQuery()) }
        XCTAssertTrue(refused.hasPrefix("AccessDenied:"), refused)
        let refusedPut = await refusal {
            _ = try await denied.putObject(container: bucket, name: "x.txt", fileAt: try XCTUnwrap(self.scratch).file("x", [1]), contentType: nil)
        }
        XCTAssertTrue(refusedPut.hasPrefix("AccessDenied:"), refusedPut)

        let stranger = try store(MotoTestServer.authEndpoint(secret: "x", accessKey: "AKIAOBJSHNOSUCHKEY00"))
        let unknown = await refusal { _ = try await stranger.listContainers(ListingQuery()) }
        XCTAssertTrue(unknown.hasPrefix("InvalidAccessKeyId:"), unknown)

        for message in [mismatch, refused, refusedPut, unknown] {
            XCTAssertFalse(message.contains("\n") || message.contains("<"), "not one plain line: \(message)")
        }
        try await good.deleteContainer(bucket)
    }
}
