import Foundation
import Storage
import XCTest

/// What `upload - NAME` relies on: bytes from memory as one object, and a stream's
/// segmented upload, which starts afresh, takes segments in any order, and leaves
/// nothing when aborted.
extension StorageContract {
    public func checkStreamUploadAndAbort() async throws {
        let container = fixture.container("stream")
        try await store.createContainer(container)
        let small = ScratchFiles.pattern(count: 1_234)
        let put = try await store.putObject(container: container, name: "dir/small ü", bytes: small, contentType: nil)
        XCTAssertEqual([put.bytes, Int64(put.etag.count)], [1_234, 32])
        XCTAssertEqual(put.etag, ScratchFiles.md5(small))
        let smallRead = try await read(container, "dir/small ü")
        XCTAssertTrue(smallRead == small, "the bytes read differ from the bytes stored")
        let empty = try await store.putObject(container: container, name: "empty", bytes: [], contentType: nil)
        XCTAssertEqual(empty.etag, ScratchFiles.md5([]))

        let content = ScratchFiles.pattern(count: 250_000)
        let pieces = [0, 1, 2].map { Array(content[($0 * 100_000)..<min(content.count, ($0 + 1) * 100_000)]) }
        let upload = try await store.beginStreamUpload(container: container, name: "streamed", segmentBytes: 100_000, contentType: nil)
        var records = [try await upload.putSegment(index: 2, bytes: pieces[2])]
        records.insert(try await upload.putSegment(index: 0, bytes: pieces[0]), at: 0)
        records.insert(try await upload.putSegment(index: 1, bytes: pieces[1]), at: 1)
        XCTAssertEqual(records.map(\.md5), pieces.map(ScratchFiles.md5))
        let info = try await upload.complete(records, removingReplaced: true)
        XCTAssertEqual(info.bytes, 250_000)
        let whole = try await read(container, "streamed")
        XCTAssertTrue(whole == content, "the stream read back differs")

        let cut = try await store.beginStreamUpload(container: container, name: "cut", segmentBytes: 100_000, contentType: nil)
        _ = try await cut.putSegment(index: 0, bytes: pieces[0])
        try await cut.abort()
        await assertFails(with: .noSuchObject(container: container, name: "cut")) {
            _ = try await store.objectInfo(container: container, name: "cut")
        }
        let left = try await cut.storedSegments()
        XCTAssertEqual(left, [:], "an aborted stream leaves no segments")
    }
}
