import Foundation
import Storage
import XCTest

/// Server-side copies: what `cp` and `mv` rely on.
extension StorageContract {
    /// A plain object and (where the store makes them) a large one copied on the server:
    /// bytes, size, content type and ETag as the source's, the source untouched, and the
    /// copy whole after the source is deleted (a large copy shares no segments).
    public func checkServerSideCopy() async throws {
        let container = fixture.container("copy")
        let other = fixture.container("copyto")
        try await store.createContainer(container)
        try await store.createContainer(other)
        let scratch = try ScratchFiles()
        defer { scratch.remove() }
        let content = ScratchFiles.pattern(count: 70_001)
        let source = try await store.putObject(
            container: container, name: "dir/ü +%.bin", fileAt: try scratch.file("f", content), contentType: "application/x-objsh-test")
        let head = try await store.objectInfo(container: container, name: "dir/ü +%.bin")
        for (target, name) in [(container, "copy/ü +%.bin"), (other, "dir/ü +%.bin")] {
            let copy = try await store.copyObject(head, toContainer: target, name: name)
            XCTAssertEqual(copy.etag, source.etag, "\(target)/\(name)")
            let stored = try await store.objectInfo(container: target, name: name)
            XCTAssertEqual(stored.etag, source.etag)
            XCTAssertEqual(stored.bytes, Int64(content.count))
            XCTAssertEqual(stored.contentType, head.contentType, "the content type travels with the copy")
            let bytes = try await read(target, name)
            XCTAssertTrue(bytes == content, "the copy's bytes differ")
        }
        let kept = try await read(container, "dir/ü +%.bin")
        XCTAssertTrue(kept == content, "the source changed")
        var gone = head
        gone.name = "dir/nope"
        await assertFails(with: .noSuchObject(container: container, name: "dir/nope")) {
            _ = try await store.copyObject(gone, toContainer: other, name: "x")
        }
        await assertFails(with: nil) { _ = try await store.copyObject(head, toContainer: fixture.container("missing"), name: "x") }
        try await checkLargeObjectCopy(container, scratch)
    }

    /// Uploads `name` in three segments (where the store makes segmented objects); its
    /// bytes and the upload's answer.
    func putLargeObject(_ container: String, _ name: String, _ scratch: ScratchFiles) async throws -> ([UInt8], ObjectInfo) {
        let content = ScratchFiles.pattern(count: 250_000)
        let path = try scratch.file(name, content)
        let version = LocalFileVersion(bytes: Int64(content.count), modified: 1_700_000_000.5)
        let upload = try await store.beginLargeUpload(container: container, name: name, version: version, segmentBytes: 100_000, contentType: nil)
        var records: [SegmentRecord] = []
        for index in 0...2 {
            let offset = Int64(index) * 100_000
            records.append(
                try await upload.putSegment(
                    index: index, from: FileSlice(path: path, offset: offset, length: min(100_000, Int64(content.count) - offset))))
        }
        return (content, try await upload.complete(records, removingReplaced: true))
    }

    /// A segmented object copied piece by piece: the copy's ETag is the source's, and it
    /// reads back whole after the source (with its segments) is deleted.
    func checkLargeObjectCopy(_ container: String, _ scratch: ScratchFiles) async throws {
        guard try await store.uploadLimits().maxObjectBytes != nil else { return }
        let (content, source) = try await putLargeObject(container, "big", scratch)
        let head = try await store.objectInfo(container: container, name: "big")
        let copy = try await store.copyObject(head, toContainer: container, name: "big copy")
        XCTAssertEqual(copy.etag, source.etag, "a large copy keeps the source's ETag")
        try await store.deleteObject(container: container, name: "big")
        let bytes = try await read(container, "big copy")
        XCTAssertTrue(bytes == content, "the copy lost bytes with the source's segments")
        let stored = try await store.objectInfo(container: container, name: "big copy")
        XCTAssertEqual(stored.etag, source.etag)
    }
}
