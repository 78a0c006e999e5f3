import Foundation
import NIOHTTP1
import Storage
import StorageContract
import XCTest

@testable import StorageS3

/// `meta` on moto, beyond the contract: what a CopyObject with REPLACE would drop (the
/// storage class, the website redirect, encryption) stays, as another client set it; a
/// value S3 cannot keep is refused; and an object past the single-copy limit takes its
/// new metadata part by part. (Moto ignores `x-amz-copy-source-if-match`:
/// `S3MetadataTests` checks it on s3api.)
final class MotoMetadataTests: XCTestCase {
    private var store: S3Store?
    private let bucket = MotoTestServer.bucket("meta")

    override func setUp() async throws {
        let store = try S3Store(endpoint: try MotoTestServer.endpoint(), name: "moto")
        self.store = store
        try await store.createContainer(bucket)
    }

    override func tearDown() async throws {
        await store?.shutdown()
    }

    func put(_ name: String, _ body: [UInt8], _ headers: HTTPHeaders) async throws {
        try await XCTUnwrap(store).rawPut(bucket: bucket, key: name, body, headers)
    }

    func testStorageClassRedirectAndEncryptionAreKept() async throws {
        let store = try XCTUnwrap(store)
        try await put(
            "kept.txt", Array("abc".utf8),
            [
                "Content-Type": "text/plain", "x-amz-meta-keep": "kept", "x-amz-storage-class": "STANDARD_IA",
                "x-amz-website-redirect-location": "/elsewhere.html", "x-amz-server-side-encryption": "AES256",
                "Content-Language": "fr", "Expires": "Thu, 01 Dec 2033 16:00:00 GMT",
            ])
        let head = try await store.objectInfo(container: bucket, name: "kept.txt")
        XCTAssertEqual(head.storageClass, "STANDARD_IA")
        XCTAssertEqual(head.headers["x-amz-server-side-encryption"], "AES256")
        _ = try await store.updateMetadata(head, change: MetadataChange(set: ["color": "red"]))
        let after = try await store.objectInfo(container: bucket, name: "kept.txt")
        XCTAssertEqual(after.metadata, ["keep": "kept", "color": "red"])
        XCTAssertEqual(after.contentType, "text/plain")
        XCTAssertEqual(after.storageClass, "STANDARD_IA")
        XCTAssertEqual(after.headers, head.headers, "a header not named was dropped")
        XCTAssertEqual(
            Set(after.headers.keys),
            ["x-amz-website-redirect-location", "x-amz-server-side-encryption", "Content-Language", "Expires"])
    }

    func testANonASCIIValueIsRefusedBeforeAnyRequest() async throws {
        let store = try XCTUnwrap(store)
        try await put("zoe.txt", Array("abc".utf8), ["Content-Type": "text/plain"])
        let head = try await store.objectInfo(container: bucket, name: "zoe.txt")
        do {
            _ = try await store.updateMetadata(head, change: MetadataChange(set: ["who": "Zoë"]))
            XCTFail("S3 took a non-ASCII metadata value")
        } catch let error as StorageError {
            XCTAssertEqual(error, .metadataRefused(.nonASCIIValue(key: "who")))
        }
        let after = try await store.objectInfo(container: bucket, name: "zoe.txt")
        XCTAssertEqual(after.metadata, [:])
    }

    /// With a single-copy limit of 0, a multipart object takes the path of one over
    /// 5 GiB: CreateMultipartUpload with the new metadata, UploadPartCopy of each part.
    func testAnObjectPastTheSingleCopyLimitIsCopiedOntoItselfInParts() async throws {
        let store = try XCTUnwrap(store)
        let scratch = try ScratchFiles()
        defer { scratch.remove() }
        let content = ScratchFiles.pattern(count: 250_000)
        let path = try scratch.file("big", content)
        let upload = try await store.beginLargeUpload(
            container: bucket, name: "big", version: LocalFileVersion(bytes: 250_000, modified: 1), segmentBytes: 100_000,
            contentType: "application/x-objsh-big")
        var records: [SegmentRecord] = []
        for index in 0...2 {
            let slice = FileSlice(path: path, offset: Int64(index) * 100_000, length: min(100_000, 250_000 - Int64(index) * 100_000))
            records.append(try await upload.putSegment(index: index, from: slice))
        }
        let source = try await upload.complete(records, removingReplaced: true)
        var head = try await store.objectInfo(container: bucket, name: "big")
        head.headers["Cache-Control"] = "max-age=60"
        let changed = try await store.updateMetadata(head, change: MetadataChange(set: ["color": "red"]), singleCopyLimit: 0)
        XCTAssertEqual(changed.etag, source.etag, "copied part by part at the same boundaries")
        let after = try await store.objectInfo(container: bucket, name: "big")
        XCTAssertEqual(after.etag, source.etag)
        XCTAssertEqual(after.metadata["color"], "red")
        XCTAssertEqual(after.metadata[S3Headers.partBytesKey], "100000")
        XCTAssertEqual(after.contentType, "application/x-objsh-big")
        XCTAssertEqual(after.headers["Cache-Control"], "max-age=60")
        var bytes: [UInt8] = []
        _ = try await store.readObject(container: bucket, name: "big", range: nil, ifMatch: nil) { bytes += $0 }
        XCTAssertTrue(bytes == content, "the object lost bytes")
    }
}
