import Foundation
import Storage
import StorageContract
import Synchronization
import Transfers
import XCTest

/// The plan of a file's upload, and the uploader against the file store (which keeps
/// objects whole); the Swift side runs in ObjshSwiftShellTests against the real server.
final class UploaderTests: XCTestCase {
    func testSizesTakeBinarySuffixesAndRejectTheRest() {
        XCTAssertEqual(SegmentPlan.parseSize("64M"), 64 << 20)
        XCTAssertEqual(SegmentPlan.parseSize("512k"), 512 << 10)
        XCTAssertEqual(SegmentPlan.parseSize("1G"), 1 << 30)
        XCTAssertEqual(SegmentPlan.parseSize("2MiB"), 2 << 20)
        XCTAssertEqual(SegmentPlan.parseSize("1000"), 1000)
        for bad in ["", "0", "-1", "1.5M", "M", "12X", "99999999999T", "１M"] {
            XCTAssertNil(SegmentPlan.parseSize(bad), bad)
        }
    }

    func testPlanStaysWithinTheStoreLimits() throws {
        let swift = UploadLimits(maxObjectBytes: 5_242_882, minSegmentBytes: 1, maxSegments: 1_000)
        let big = try SegmentPlan(fileBytes: 6_000_123, requestedSegmentBytes: nil, limits: swift)
        XCTAssertEqual(big.segmentBytes, 5_242_882, "the default is cut to max_file_size")
        XCTAssertEqual(big.slices(of: "f").map(\.length), [5_242_882, 757_241])
        XCTAssertNil(try SegmentPlan(fileBytes: 1_000, requestedSegmentBytes: nil, limits: swift).segmentBytes)
        XCTAssertNil(
            try SegmentPlan(fileBytes: 1 << 20, requestedSegmentBytes: 1 << 20, limits: swift).segmentBytes,
            "a file of exactly one segment goes whole")
        let few = UploadLimits(maxObjectBytes: 5 << 20, minSegmentBytes: 1, maxSegments: 3)
        let raised = try SegmentPlan(fileBytes: 10 << 20, requestedSegmentBytes: 1 << 20, limits: few)
        XCTAssertEqual(raised.slices(of: "f").count, 3, "segments grow to fit the manifest's limit")
        XCTAssertThrowsError(try SegmentPlan(fileBytes: 16 << 20, requestedSegmentBytes: nil, limits: few))
        XCTAssertNil(try SegmentPlan(fileBytes: 1 << 40, requestedSegmentBytes: nil, limits: UploadLimits(maxObjectBytes: nil)).segmentBytes)
        XCTAssertEqual(try SegmentPlan(fileBytes: 0, requestedSegmentBytes: nil, limits: swift).slices(of: "f").map(\.length), [0])
    }

    func testFolderGoesUpInNameOrderAndIdenticalFilesAreSkipped() async throws {
        let scratch = try ScratchFiles()
        defer { scratch.remove() }
        let root = NSTemporaryDirectory() + "objsh-uploader-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = FileStore(root: root)
        try await store.createContainer("c")
        var items: [UploadItem] = []
        for index in 0..<30 {
            let path = try scratch.file("f\(index)", ScratchFiles.pattern(count: index * 1_000))
            items.append(UploadItem(path: path, name: String(format: "dir/%02d ü", index)))
        }
        let progress = TransferProgress(name: "", bytesTotal: 0)
        let reported = Mutex<[UploadResult]>([])
        try await Uploader(store: store, options: UploadOptions(parallel: 5), progress: progress)
            .upload(items, into: "c") { result in reported.withLock { $0.append(result) } }
        let names = reported.withLock { $0 }.compactMap { result -> String? in
            if case .stored(let info, 0, 0) = result { return info.name } else { return nil }
        }
        XCTAssertEqual(names, items.map(\.name))
        XCTAssertEqual(progress.snapshot.itemsDone, 30)
        XCTAssertEqual(progress.snapshot.bytesDone, Int64((0..<30).reduce(0) { $0 + $1 * 1_000 }))

        _ = try scratch.file("f3", ScratchFiles.pattern(count: 2_999) + [7])  // same size, other bytes
        let again = Mutex<[UploadResult]>([])
        try await Uploader(store: store, options: UploadOptions(skipIdentical: true))
            .upload(items, into: "c") { result in again.withLock { $0.append(result) } }
        let stored = again.withLock { $0 }.filter { if case .stored = $0 { true } else { false } }
        XCTAssertEqual(stored.count, 1, "only the changed file goes up again")
        var bytes: [UInt8] = []
        _ = try await store.readObject(container: "c", name: "dir/03 ü", range: nil, ifMatch: nil) { bytes += $0 }
        XCTAssertEqual(bytes, ScratchFiles.pattern(count: 2_999) + [7])
    }

    func testCancelledUploadSaysWhatItLeft() async throws {
        let scratch = try ScratchFiles()
        defer { scratch.remove() }
        let root = NSTemporaryDirectory() + "objsh-uploader-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = FileStore(root: root)
        try await store.createContainer("c")
        let path = try scratch.file("one", [1, 2, 3])
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await Uploader(store: store, options: UploadOptions()).upload([UploadItem(path: path, name: "one")], into: "c") { _ in }
        }
        do {
            try await task.value
            XCTFail("a cancelled upload does not succeed")
        } catch let stopped as UploadInterrupted {
            XCTAssertEqual(stopped, UploadInterrupted(partial: [], filesDone: 0, filesTotal: 1))
        }
    }
}
