import Foundation
import Storage
import StorageContract
import XCTest

@testable import Transfers

/// Downloads on the file store: verified, published whole, resumed, never clobbering.
final class DownloaderTests: XCTestCase {
    var root = ""
    var store: FileStore!
    let content = ScratchFiles.pattern(count: 3 << 20 + 123)

    override func setUp() async throws {
        root = NSTemporaryDirectory() + "objsh-download-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/store/c/dir", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/local", withIntermediateDirectories: true)
        try Data(content).write(to: URL(fileURLWithPath: root + "/store/c/dir/big.bin"))
        store = FileStore(root: root + "/store")
    }

    override func tearDown() async throws { try? FileManager.default.removeItem(atPath: root) }

    func localBytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: root + "/local/" + name))) }
    func localNames() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: root + "/local").sorted() }

    func testADownloadIsVerifiedAndLeavesOnlyTheFile() async throws {
        let info = try await store.objectInfo(container: "c", name: "dir/big.bin")
        let progress = TransferProgress(name: "big.bin", bytesTotal: info.bytes)
        let outcome = try await Downloader(store: store).download(info, to: root + "/local/big.bin", overwrite: false, progress: progress)
        XCTAssertEqual(outcome, DownloadOutcome(bytes: Int64(content.count), resumedFrom: 0, note: nil))
        XCTAssertTrue(try localBytes("big.bin") == content)
        XCTAssertEqual(try localNames(), ["big.bin"], "no partial file is left")
        XCTAssertEqual(progress.snapshot.bytesDone, Int64(content.count))
        do {
            _ = try await Downloader(store: store).download(info, to: root + "/local/big.bin", overwrite: false)
            XCTFail("an existing file was overwritten without -f")
        } catch let error as TransferError {
            XCTAssertEqual(error, .exists(root + "/local/big.bin"))
        }
    }

    func testAnInterruptedDownloadGoesOnWhereItStopped() async throws {
        let info = try await store.objectInfo(container: "c", name: "dir/big.bin")
        let target = root + "/local/big.bin"
        // What an interrupted run leaves: the first 1 MiB under the partial name.
        let partial = LocalFile.partialName(for: target, etag: info.etag)
        try Data(content[0..<(1 << 20)]).write(to: URL(fileURLWithPath: partial))
        let outcome = try await Downloader(store: store).download(info, to: target, overwrite: false)
        XCTAssertEqual(outcome.resumedFrom, 1 << 20)
        XCTAssertTrue(try localBytes("big.bin") == content)
        XCTAssertEqual(try localNames(), ["big.bin"])
    }

    func testCorruptPartialBytesAreCaughtAndNothingIsKept() async throws {
        let info = try await store.objectInfo(container: "c", name: "dir/big.bin")
        let target = root + "/local/big.bin"
        var wrong = Array(content[0..<1000])
        wrong[500] ^= 0xFF
        try Data(wrong).write(to: URL(fileURLWithPath: LocalFile.partialName(for: target, etag: info.etag)))
        do {
            _ = try await Downloader(store: store).download(info, to: target, overwrite: false)
            XCTFail("corrupt bytes passed the check")
        } catch TransferError.corrupt {}
        XCTAssertEqual(try localNames(), [], "neither the file nor the partial is kept")
    }

    func testAPartialOfAnOlderVersionIsNotContinued() async throws {
        let info = try await store.objectInfo(container: "c", name: "dir/big.bin")
        let target = root + "/local/big.bin"
        let stale = LocalFile.partialName(for: target, etag: "an older etag")
        try Data(repeating: 7, count: 5000).write(to: URL(fileURLWithPath: stale))
        let outcome = try await Downloader(store: store).download(info, to: target, overwrite: false)
        XCTAssertEqual(outcome.resumedFrom, 0)
        XCTAssertTrue(try localBytes("big.bin") == content)
        XCTAssertEqual(try localNames(), ["big.bin"], "the stale partial is gone")
    }

    func testSegmentsAreCheckedOneByOneAcrossChunkBoundaries() throws {
        let bytes = ScratchFiles.pattern(count: 10_000)
        let segments = [0..<3_000, 3_000..<3_000, 3_000..<9_999, 9_999..<10_000].enumerated().map {
            SegmentRecord(index: $0.offset, bytes: Int64($0.element.count), md5: ScratchFiles.md5(Array(bytes[$0.element])))
        }
        for chunk in [1, 7, 4096, 10_000] {
            var verifier = StreamVerifier(.segments(segments), name: "x")
            for start in stride(from: 0, to: bytes.count, by: chunk) {
                try bytes[start..<min(bytes.count, start + chunk)].withUnsafeBytes { try verifier.update($0) }
            }
            XCTAssertNil(try verifier.finish(), "chunk \(chunk)")
        }
        var corrupt = bytes
        corrupt[5_000] ^= 1
        var verifier = StreamVerifier(.segments(segments), name: "x")
        XCTAssertThrowsError(try corrupt.withUnsafeBytes { try verifier.update($0) }) { error in
            XCTAssertEqual((error as? TransferError).map { "\($0)" }?.contains("segment 3 of 4"), true, "\(error)")
        }
        var short = StreamVerifier(.segments(segments), name: "x")
        try bytes[0..<9_999].withUnsafeBytes { try short.update($0) }
        XCTAssertThrowsError(try short.finish())
    }

    func testRemoteNamesThatCouldLeaveTheFolderAreRefused() throws {
        XCTAssertEqual(try LocalFolder.safeRelativePath("a/b.txt", remote: "x"), "a/b.txt")
        XCTAssertEqual(try LocalFolder.safeRelativePath("a/b/", remote: "x"), "a/b")
        for hostile in ["../x", "a/../../x", "/etc/passwd", "a//b", ".", "a/./b", "", "a\u{0}b", "..", "a/.."] {
            XCTAssertThrowsError(try LocalFolder.safeRelativePath(hostile, remote: hostile), hostile)
        }
    }
}
