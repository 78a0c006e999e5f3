import Foundation
import Storage
import XCTest

/// Reading, deleting and segmented uploads: what `get`, `rm` and large `upload` rely on.
extension StorageContract {
    /// Reads everything a chunk at a time, as `get` does.
    public func read(_ container: String, _ name: String, range: ClosedRange<Int64>? = nil, ifMatch: String? = nil) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        _ = try await store.readObject(container: container, name: name, range: range, ifMatch: ifMatch) { bytes += $0 }
        return bytes
    }

    public func checkReadWholeRangesAndIfMatch() async throws {
        let content = ScratchFiles.pattern(count: 3 << 20 + 17)
        let container = fixture.container("read")
        try await store.createContainer(container)
        let scratch = try ScratchFiles()
        defer { scratch.remove() }
        let stored = try await store.putObject(container: container, name: "dir/ü file", fileAt: try scratch.file("f", content), contentType: nil)
        let whole = try await read(container, "dir/ü file")
        XCTAssertEqual(whole.count, content.count)
        XCTAssertTrue(whole == content, "the bytes read differ from the bytes stored")
        let middle = try await read(container, "dir/ü file", range: 1_000_000...2_500_000, ifMatch: stored.etag)
        XCTAssertTrue(middle == Array(content[1_000_000...2_500_000]))
        let tail = try await read(container, "dir/ü file", range: Int64(content.count - 5)...Int64(content.count - 1))
        XCTAssertEqual(tail, Array(content.suffix(5)))
        await assertFails(with: .changed(container: container, name: "dir/ü file")) {
            _ = try await read(container, "dir/ü file", ifMatch: "0123456789abcdef0123456789abcdef")
        }
        await assertFails(with: .noSuchObject(container: container, name: "dir/nope")) { _ = try await read(container, "dir/nope") }
        let empty = try await store.putObject(container: container, name: "empty", fileAt: try scratch.file("e", []), contentType: nil)
        let emptyRead = try await read(container, "empty", ifMatch: empty.etag)
        XCTAssertEqual(emptyRead, [])
    }

    public func checkDeleteObjectsAndContainers() async throws {
        let names = (0..<25).map { "d/\($0) ü+%.txt" } + ["top.txt"]
        let container = try await containerWith(names, base: "delete")
        try await store.deleteObject(container: container, name: "top.txt")
        await assertFails(with: .noSuchObject(container: container, name: "top.txt")) {
            try await store.deleteObject(container: container, name: "top.txt")
        }
        await assertFails(with: .containerNotEmpty(container)) { try await store.deleteContainer(container) }
        let batch = max(1, try await store.bulkDeleteLimit())
        var remaining = names.dropLast()
        while !remaining.isEmpty {
            let failures = try await store.deleteObjects(container: container, names: Array(remaining.prefix(batch)) + ["d/gone already"])
            XCTAssertEqual(failures, [:], "a name already gone is not a failure")
            remaining = remaining.dropFirst(batch)
        }
        let left = try await allEntries(container)
        XCTAssertEqual(left, [])
        try await store.deleteContainer(container)
        await assertFails(with: .noSuchContainer(container)) { try await store.deleteContainer(container) }
    }

    /// Segments up, the manifest last, read back whole and piece by piece, then deleted
    /// with the object. Stores that keep objects whole say so instead.
    public func checkLargeUploadResumeAndDelete() async throws {
        let container = fixture.container("large")
        try await store.createContainer(container)
        let scratch = try ScratchFiles()
        defer { scratch.remove() }
        let content = ScratchFiles.pattern(count: 250_000)
        let path = try scratch.file("big", content)
        let version = LocalFileVersion(bytes: Int64(content.count), modified: 1_700_000_000.25)
        let limits = try await store.uploadLimits()
        guard limits.maxObjectBytes != nil else {
            await assertFails(with: nil) {
                _ = try await store.beginLargeUpload(container: container, name: "big", version: version, segmentBytes: 100_000, contentType: nil)
            }
            return
        }
        let first = try await store.beginLargeUpload(container: container, name: "big", version: version, segmentBytes: 100_000, contentType: nil)
        let none = try await first.storedSegments()
        XCTAssertEqual(none, [:])
        let slices = [0, 1, 2].map {
            FileSlice(path: path, offset: Int64($0) * 100_000, length: min(100_000, Int64(content.count) - Int64($0) * 100_000))
        }
        _ = try await first.putSegment(index: 0, from: slices[0])
        // An interrupted run, picked up again: the stored segment is known, with its MD5.
        let again = try await store.beginLargeUpload(container: container, name: "big", version: version, segmentBytes: 100_000, contentType: nil)
        let stored = try await again.storedSegments()
        XCTAssertEqual(stored[0]?.md5, ScratchFiles.md5(Array(content[0..<100_000])))
        var records = [stored[0]!]
        for index in 1...2 { records.append(try await again.putSegment(index: index, from: slices[index])) }
        let info = try await again.complete(records, removingReplaced: true)
        XCTAssertEqual(info.bytes, Int64(content.count))
        let whole = try await read(container, "big")
        XCTAssertTrue(whole == content)
        if let segments = try await store.segments(ofObject: container, name: "big") {
            XCTAssertEqual(segments.map(\.md5), records.map(\.md5))
            XCTAssertEqual(segments.map(\.bytes), [100_000, 100_000, 50_000])
        } else {
            // A store that cannot list the pieces (an S3 multipart upload) says so, and its
            // ETag is the MD5 of the pieces' MD5s with their count.
            let stored = try await store.objectInfo(container: container, name: "big")
            XCTAssertEqual(stored.largeObject, .multipartUpload(parts: 3, partBytes: 100_000))
            let joined = records.flatMap { record in
                stride(from: 0, to: record.md5.count, by: 2).map { offset -> UInt8 in
                    let start = record.md5.index(record.md5.startIndex, offsetBy: offset)
                    return UInt8(record.md5[start...record.md5.index(after: start)], radix: 16)!
                }
            }
            XCTAssertEqual(stored.etag, ScratchFiles.md5(joined) + "-3")
            XCTAssertEqual(info.etag, stored.etag)
        }
        try await store.deleteObject(container: container, name: "big")
        let left = try await again.storedSegments()
        XCTAssertEqual(left, [:], "the segments went with the object")
    }

    func assertFails(
        with expected: StorageError?, file: StaticString = #filePath, line: UInt = #line,
        _ body: () async throws -> Void
    ) async {
        do {
            try await body()
            XCTFail("no error; expected \(expected.map { "\($0)" } ?? "one")", file: file, line: line)
        } catch let error as StorageError {
            if let expected { XCTAssertEqual(error, expected, file: file, line: line) }
        } catch {
            XCTFail("\(error) is not a StorageError", file: file, line: line)
        }
    }
}
