import Clusters
import Foundation
import Storage
import StorageContract
import Transfers
import XCTest

@testable import StorageS3

/// Multipart edge cases on moto: an interrupted upload picked up with ListParts, an
/// abort that leaves no upload, another key's open upload left alone, and a finished
/// object's `-N` ETag checked on download.
final class MotoMultipartTests: XCTestCase {
    private var store: S3Store?
    private var scratch: ScratchFiles?
    private let bucket = MotoTestServer.bucket("multi")
    private let content = ScratchFiles.pattern(count: 250_000)
    private var path = ""

    override func setUp() async throws {
        let store = try S3Store(endpoint: try MotoTestServer.endpoint(), name: "moto")
        self.store = store
        let scratch = try ScratchFiles()
        self.scratch = scratch
        path = try scratch.file("big", content)
        try await store.createContainer(bucket)
    }

    override func tearDown() async throws {
        await store?.shutdown()
        scratch?.remove()
    }

    var version: LocalFileVersion { LocalFileVersion(bytes: Int64(content.count), modified: 1_700_000_000) }

    func slice(_ index: Int, partBytes: Int64 = 100_000) -> FileSlice {
        FileSlice(path: path, offset: Int64(index) * partBytes, length: min(partBytes, Int64(content.count) - Int64(index) * partBytes))
    }

    func begin(_ name: String, partBytes: Int64 = 100_000) async throws -> any LargeUpload {
        try await XCTUnwrap(store).beginLargeUpload(container: bucket, name: name, version: version, segmentBytes: partBytes, contentType: nil)
    }

    func openUploads(_ name: String) async throws -> [String] {
        try await XCTUnwrap(store).openUploads(bucket, of: name)
    }

    func testAbortLeavesNoUploadAndNoObject() async throws {
        let upload = try await begin("aborted")
        _ = try await upload.putSegment(index: 0, from: slice(0))
        let open = try await openUploads("aborted")
        XCTAssertEqual(open.count, 1)
        try await upload.abort()
        let after = try await openUploads("aborted")
        XCTAssertEqual(after, [])
        let parts = try await upload.storedSegments()
        XCTAssertEqual(parts, [:], "ListParts of an aborted upload")
        try await upload.abort()  // once more: already gone is not an error
        await assertThrows(StorageError.self, { _ = try await XCTUnwrap(self.store).objectInfo(container: self.bucket, name: "aborted") }) {
            XCTAssertEqual($0, .noSuchObject(container: self.bucket, name: "aborted"))
        }
    }

    /// Run again after an interruption, the upload of the same key goes on (its parts
    /// known from ListParts); a key that only shares the prefix keeps its own upload;
    /// parts of another size start the upload anew.
    func testResumeFindsOnlyItsOwnUpload() async throws {
        let first = try await begin("big")
        _ = try await first.putSegment(index: 0, from: slice(0))
        let neighbour = try await begin("big.part2")
        _ = try await neighbour.putSegment(index: 1, from: slice(1))
        let again = try await begin("big")
        let stored = try await again.storedSegments()
        XCTAssertEqual(stored.keys.sorted(), [0])
        XCTAssertEqual(stored[0]?.md5, ScratchFiles.md5(Array(content[0..<100_000])))
        XCTAssertEqual(stored[0]?.bytes, 100_000)
        let openBig = try await openUploads("big")
        XCTAssertEqual(openBig.count, 1, "resumed, not started anew")

        let otherSize = try await begin("big", partBytes: 125_000)
        let none = try await otherSize.storedSegments()
        XCTAssertEqual(none, [:], "parts of 100,000 bytes do not fit parts of 125,000")
        let openNow = try await openUploads("big")
        XCTAssertEqual(openNow.count, 1)
        XCTAssertNotEqual(openNow, openBig)
        let neighbourParts = try await neighbour.storedSegments()
        XCTAssertEqual(neighbourParts.keys.sorted(), [1], "another key's upload is left alone")
        try await otherSize.abort()
        try await neighbour.abort()
    }

    /// Completed, the object's ETag is `md5(part md5s)-3`; a download is checked against
    /// it (and fails, leaving no file, when the part size it is checked with is wrong).
    func testCompletedETagIsCheckedOnDownload() async throws {
        let store = try XCTUnwrap(store)
        let upload = try await begin("done")
        var records: [SegmentRecord] = []
        for index in [2, 0, 1] { records.append(try await upload.putSegment(index: index, from: slice(index))) }
        let made = try await upload.complete(records.sorted { $0.index < $1.index }, removingReplaced: true)
        XCTAssertTrue(made.etag.hasSuffix("-3"), made.etag)
        let uploadsLeft = try await openUploads("done")
        XCTAssertEqual(uploadsLeft, [])
        let info = try await store.objectInfo(container: bucket, name: "done")
        XCTAssertEqual(info.etag, made.etag)
        XCTAssertEqual(info.largeObject, .multipartUpload(parts: 3, partBytes: 100_000))

        let downloader = Downloader(store: store)
        let verification = try await downloader.verification(for: info)
        XCTAssertEqual(verification, .multipartETag(partBytes: 100_000, etag: made.etag))
        let target = try XCTUnwrap(scratch).directory + "/done.bin"
        let outcome = try await downloader.download(info, to: target, overwrite: false)
        XCTAssertNil(outcome.note, "verified, so nothing to say")
        XCTAssertTrue(try Data(contentsOf: URL(fileURLWithPath: target)) == Data(content))

        // The same as ranges, one part each, several at once; the ETag checked from the parts' MD5s.
        let recorder = ReadRecorder(base: store)
        var ranged = Downloader(store: recorder)
        ranged.threshold = 0
        ranged.rangeBytes = 100_000
        let rangedTarget = try XCTUnwrap(scratch).directory + "/ranged.bin"
        let rangedOutcome = try await ranged.download(info, to: rangedTarget, overwrite: false)
        XCTAssertNil(rangedOutcome.note)
        XCTAssertEqual(recorder.readStarts.sorted(), [0, 100_000, 200_000])
        XCTAssertTrue(try Data(contentsOf: URL(fileURLWithPath: rangedTarget)) == Data(content))
        // Parts larger than a range: 40,000-byte ranges, the parts' MD5s taken in byte order.
        var flipped = Downloader(store: ReadRecorder(base: store, flipByteAt: 150_000))
        flipped.threshold = 0
        flipped.rangeBytes = 40_000
        do {
            _ = try await flipped.download(info, to: try XCTUnwrap(scratch).directory + "/flipped.bin", overwrite: false)
            XCTFail("a flipped byte in a part passed the multipart ETag check")
        } catch TransferError.corrupt {}

        var wrong = info
        wrong.largeObject = .multipartUpload(parts: 3, partBytes: 90_000)
        let other = try XCTUnwrap(scratch).directory + "/wrong.bin"
        do {
            _ = try await downloader.download(wrong, to: other, overwrite: false)
            XCTFail("bytes checked with the wrong part size passed")
        } catch TransferError.corrupt(let name, _) {
            XCTAssertEqual(name, "done")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: other))
    }
}
