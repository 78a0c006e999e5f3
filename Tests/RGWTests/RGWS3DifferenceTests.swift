import Clusters
import Foundation
import Places
import Storage
import StorageContract
import StorageOpenStack
import StorageS3
import Synchronization
import Transfers
import XCTest

/// Large objects on RGW's S3 API: CompleteMultipartUpload answers an empty ETag (the
/// store takes the object's own), and an object uploaded in parts is verified when it
/// comes down through either API (RGW's Swift API shows it with S3's `-N` ETag).
final class RGWS3DifferenceTests: XCTestCase {
    private var s3: S3Store?
    private var swift: SwiftStore?
    private var scratch: ScratchFiles?
    private let bucket = RGWTestServer.name("s3")
    private let content = ScratchFiles.pattern(count: (10 << 20) + 77)

    override func setUp() async throws {
        let s3 = try S3Store(endpoint: try RGWTestServer.s3Endpoint(), name: "rgw")
        self.s3 = s3
        swift = try SwiftStore(endpoint: try RGWTestServer.swiftEndpoint(), name: "rgw-swift")
        scratch = try ScratchFiles()
        try await s3.createContainer(bucket)
    }

    override func tearDown() async throws {
        if let s3 {
            _ = try? await Deleter(store: s3).deleteAll(under: Location(segments: [bucket]))
            try? await s3.deleteContainer(bucket)
        }
        await s3?.shutdown()
        await swift?.shutdown()
        scratch?.remove()
    }

    /// Parts of AWS's 5 MiB, in parallel; the upload's ETag is the object's, and a
    /// download through S3, whole and in ranges, is checked against it.
    func testAMultipartUploadHasItsETagAndDownloadsVerified() async throws {
        let s3 = try XCTUnwrap(s3)
        let scratch = try XCTUnwrap(scratch)
        let path = try scratch.file("big", content)
        let results = Mutex<[UploadResult]>([])
        try await Uploader(store: s3, options: UploadOptions(segmentBytes: 5 << 20, parallel: 3))
            .upload([UploadItem(path: path, name: "big.bin")], into: bucket) { result in results.withLock { $0.append(result) } }
        guard case .stored(let made, let parts, _) = results.withLock({ $0.first }) else { return XCTFail("not stored") }
        XCTAssertEqual(parts, 3)
        let info = try await s3.objectInfo(container: bucket, name: "big.bin")
        XCTAssertEqual(made.etag, info.etag)
        XCTAssertTrue(info.etag.hasSuffix("-3"), info.etag)
        XCTAssertEqual(info.largeObject, .multipartUpload(parts: 3, partBytes: 5 << 20))

        let whole = try await Downloader(store: s3).download(info, to: scratch.directory + "/whole", overwrite: false)
        XCTAssertNil(whole.note, "verified against the multipart ETag")
        var ranged = Downloader(store: s3)
        ranged.threshold = 0
        ranged.rangeBytes = 2 << 20
        let inRanges = try await ranged.download(info, to: scratch.directory + "/ranged", overwrite: false)
        XCTAssertNil(inRanges.note)
        for name in ["whole", "ranged"] {
            XCTAssertTrue(try Data(contentsOf: URL(fileURLWithPath: scratch.directory + "/" + name)) == Data(content), name)
        }
    }

    /// The same object through RGW's Swift API: an S3 multipart object, not a plain one
    /// whose ETag fails an MD5 check, with objsh's part size read from its metadata.
    func testAMultipartObjectIsVerifiedThroughTheSwiftAPI() async throws {
        let s3 = try XCTUnwrap(s3)
        let swift = try XCTUnwrap(swift)
        let scratch = try XCTUnwrap(scratch)
        let path = try scratch.file("big", content)
        try await Uploader(store: s3, options: UploadOptions(segmentBytes: 5 << 20))
            .upload([UploadItem(path: path, name: "dir/big.bin")], into: bucket) { _ in }
        let info = try await swift.objectInfo(container: bucket, name: "dir/big.bin")
        XCTAssertEqual(info.bytes, Int64(content.count))
        XCTAssertEqual(info.largeObject, .multipartUpload(parts: 3, partBytes: 5 << 20))
        let outcome = try await Downloader(store: swift).download(info, to: scratch.directory + "/via-swift", overwrite: false)
        XCTAssertNil(outcome.note, "verified against the multipart ETag")
        XCTAssertTrue(try Data(contentsOf: URL(fileURLWithPath: scratch.directory + "/via-swift")) == Data(content))
    }
}
