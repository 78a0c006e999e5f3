import Foundation
import Storage
import StorageContract
import XCTest

@testable import Transfers

/// Ranged downloads on the file store: the bytes equal, each range asked for once, a
/// corrupt range caught, an interrupted run picked up with only the missing ranges, a
/// changed object started over. (The Swift and S3 servers: SwiftRangedDownloadTests,
/// MotoMultipartTests.)
final class RangedDownloadTests: XCTestCase {
    var root = ""
    var store: FileStore!
    let content = ScratchFiles.pattern(count: 3 << 20 + 123)
    let rangeBytes: Int64 = 256 << 10
    var target: String { root + "/local/big.bin" }

    override func setUp() async throws {
        root = NSTemporaryDirectory() + "objsh-ranged-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/store/c", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/local", withIntermediateDirectories: true)
        try Data(content).write(to: URL(fileURLWithPath: root + "/store/c/big.bin"))
        store = FileStore(root: root + "/store")
    }

    override func tearDown() async throws { try? FileManager.default.removeItem(atPath: root) }

    func ranged(_ store: any ObjectStore, parallel: Int = 4, rangeBytes: Int64? = nil) -> Downloader {
        var downloader = Downloader(store: store)
        downloader.threshold = 0
        downloader.rangeBytes = rangeBytes ?? self.rangeBytes
        downloader.parallel = parallel
        return downloader
    }

    var rangeStarts: [Int64] { Array(stride(from: 0, to: Int64(content.count), by: Int(rangeBytes))) }
    func localNames() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: root + "/local").sorted() }
    func local() throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: target))) }

    func testPlansCutAtSegmentsAndPartsAndKeepSmallObjectsWhole() throws {
        let segments = [100, 0, 300, 50, 0].enumerated().map { SegmentRecord(index: $0.offset, bytes: Int64($0.element), md5: "") }
        let plan = try XCTUnwrap(RangePlan(bytes: 450, verification: .segments(segments), rangeBytes: 300, threshold: 0, parallel: 4))
        XCTAssertFalse(plan.checksInOrder)
        XCTAssertEqual(plan.slices.map(\.pieces), [0..<3, 3..<5], "a trailing zero-byte segment joins the range before")
        XCTAssertEqual(plan.slices.map(\.start), [0, 400])
        let big = try XCTUnwrap(RangePlan(bytes: 450, verification: .segments(segments), rangeBytes: 100, threshold: 0, parallel: 4))
        XCTAssertTrue(big.checksInOrder, "a segment larger than a range: fixed ranges, checked in byte order")
        XCTAssertEqual(big.slices.map(\.start), [0, 100, 200, 300, 400])
        let parts = try XCTUnwrap(
            RangePlan(
                bytes: 250, verification: .multipartETag(partBytes: 100, etag: "x-3"),
                rangeBytes: 150, threshold: 0, parallel: 4))
        XCTAssertEqual(parts.slices.map(\.pieces), [0..<2, 2..<3])
        XCTAssertNil(
            RangePlan(bytes: 250, verification: .multipartETag(partBytes: 100, etag: "x-4"), rangeBytes: 100, threshold: 0, parallel: 4),
            "parts that do not fit the ETag: one stream, which reports it")
        XCTAssertNil(RangePlan(bytes: 449, verification: .segments(segments), rangeBytes: 100, threshold: 0, parallel: 4))
        XCTAssertNil(RangePlan(bytes: 1 << 20, verification: .wholeMD5("x"), rangeBytes: 1 << 10, threshold: 2 << 20, parallel: 4))
        XCTAssertNil(RangePlan(bytes: 1 << 20, verification: .wholeMD5("x"), rangeBytes: 1 << 10, threshold: 0, parallel: 1))
        XCTAssertEqual(RangePlan(bytes: 1 << 20, verification: .wholeMD5("x"), rangeBytes: 1 << 18, threshold: 0, parallel: 2)?.slices.count, 4)
    }

    func testARangedDownloadEqualsTheBytesAndAsksForEachRangeOnce() async throws {
        let recorder = ReadRecorder(base: store)
        let info = try await store.objectInfo(container: "c", name: "big.bin")
        let progress = TransferProgress(name: "big.bin", bytesTotal: info.bytes)
        let outcome = try await ranged(recorder).download(info, to: target, overwrite: false, progress: progress)
        XCTAssertEqual(outcome.resumedFrom, 0)
        XCTAssertNil(outcome.note)
        XCTAssertTrue(try local() == content)
        XCTAssertEqual(recorder.readStarts.sorted(), rangeStarts)
        XCTAssertEqual(try localNames(), ["big.bin"], "neither the partial nor its journal is left")
        XCTAssertEqual(progress.snapshot.bytesDone, Int64(content.count))
    }

    func testACorruptRangeIsCaughtAndNothingIsKept() async throws {
        let info = try await store.objectInfo(container: "c", name: "big.bin")
        do {
            _ = try await ranged(ReadRecorder(base: store, flipByteAt: 2_000_000)).download(info, to: target, overwrite: false)
            XCTFail("a flipped byte passed the check")
        } catch TransferError.corrupt {}
        XCTAssertEqual(try localNames(), [], "neither the file, the partial nor the journal is kept")
    }

    /// A fake manifest over the file store's object, in both plans: ranges cut at the
    /// segments (each checked by its worker) and 256 KiB ranges smaller than the segments
    /// (checked in byte order); a corrupt segment is named by its number in the manifest.
    func testSegmentsAreCheckedRangeByRangeOrInOrder() async throws {
        let sizes = [700_000, 0, 1_000_000, 300_000, 1_145_851]
        for rangeBytes: Int64 in [1_200_000, self.rangeBytes] {
            let manifest = FakeManifest(base: store, content: content, sizes: sizes)
            let info = try await manifest.objectInfo(container: "c", name: "big.bin")
            let outcome = try await ranged(manifest, rangeBytes: rangeBytes).download(info, to: target, overwrite: true)
            XCTAssertNil(outcome.note)
            XCTAssertTrue(try local() == content)
            let corrupting = FakeManifest(base: ReadRecorder(base: store, flipByteAt: 1_800_000), content: content, sizes: sizes)
            do {
                _ = try await ranged(corrupting, rangeBytes: rangeBytes).download(info, to: root + "/local/other.bin", overwrite: false)
                XCTFail("a corrupt segment passed the check with \(rangeBytes)-byte ranges")
            } catch TransferError.corrupt(_, let detail) {
                XCTAssertTrue(detail.hasPrefix("segment 4 of 5 "), detail)
            }
        }
    }

    /// Run 1 breaks off at one range (as Ctrl-C would); run 2 asks only for the ranges
    /// the journal does not list, and the whole still verifies.
    func testAnInterruptedDownloadFetchesOnlyTheMissingRanges() async throws {
        let info = try await store.objectInfo(container: "c", name: "big.bin")
        let breaking = rangeStarts[5]
        do {
            _ = try await ranged(ReadRecorder(base: store, failReadsStartingAt: [breaking])).download(info, to: target, overwrite: false)
            XCTFail("the broken range went unnoticed")
        } catch TransferError.interrupted(.download(_, _, _, let kept, let inRanges)) {
            XCTAssertEqual(kept, LocalFile.partialName(for: target, etag: info.etag))
            XCTAssertTrue(inRanges, "whole ranges, listed beside the partial file")
        }
        let partial = LocalFile.partialName(for: target, etag: info.etag)
        let plan = try XCTUnwrap(RangePlan(bytes: info.bytes, verification: .wholeMD5(info.etag), rangeBytes: rangeBytes, threshold: 0, parallel: 4))
        let listed = try XCTUnwrap(RangeJournal.listed(at: RangeJournal.name(forPartial: partial), plan: plan))
        XCTAssertFalse(listed.isEmpty, "ranges before the broken one were whole")
        XCTAssertFalse(listed.contains(5))

        let recorder = ReadRecorder(base: store)
        let outcome = try await ranged(recorder).download(info, to: target, overwrite: false)
        let missing = rangeStarts.indices.filter { !listed.contains($0) }.map { rangeStarts[$0] }
        XCTAssertEqual(recorder.readStarts.sorted(), missing, "only the ranges not listed are fetched again")
        XCTAssertEqual(outcome.resumedFrom, listed.reduce(0) { $0 + plan.slices[$1].bytes })
        XCTAssertTrue(outcome.resumedRanges)
        XCTAssertTrue(try local() == content)
        XCTAssertEqual(try localNames(), ["big.bin"])
    }

    /// After an interruption the object changes: the old info meets `changed` (412) and
    /// leaves nothing; the new info starts over with every range.
    func testAChangedObjectStartsOver() async throws {
        let old = try await store.objectInfo(container: "c", name: "big.bin")
        _ = try? await ranged(ReadRecorder(base: store, failReadsStartingAt: [rangeStarts[3]])).download(old, to: target, overwrite: false)
        XCTAssertEqual(try localNames().count, 2, "the partial and its journal are kept")
        let changed = content.map { $0 ^ 0x5A }
        try Data(changed).write(to: URL(fileURLWithPath: root + "/store/c/big.bin"))
        do {
            _ = try await ranged(store).download(old, to: target, overwrite: false)
            XCTFail("the changed object went unnoticed")
        } catch StorageError.changed {}
        XCTAssertEqual(try localNames(), [], "a partial of another version is not kept")

        // What an interrupted run of the old version would have left, for the new run to clear away.
        let stale = LocalFile.partialName(for: target, etag: old.etag)
        try Data(content[0..<1000]).write(to: URL(fileURLWithPath: stale))
        try Data("objsh-ranges 1 x\n0\n".utf8).write(to: URL(fileURLWithPath: RangeJournal.name(forPartial: stale)))
        let new = try await store.objectInfo(container: "c", name: "big.bin")
        let recorder = ReadRecorder(base: store)
        let outcome = try await ranged(recorder).download(new, to: target, overwrite: false)
        XCTAssertEqual(outcome.resumedFrom, 0)
        XCTAssertEqual(recorder.readStarts.sorted(), rangeStarts)
        XCTAssertTrue(try local() == changed)
        XCTAssertEqual(try localNames(), ["big.bin"], "the old version's partial and journal are gone")
    }

    /// A partial written as one stream (no journal) keeps the ranges it covers.
    func testAOneStreamPartialKeepsTheRangesItCovers() async throws {
        let info = try await store.objectInfo(container: "c", name: "big.bin")
        try Data(content[0..<(1 << 20) + 5]).write(to: URL(fileURLWithPath: LocalFile.partialName(for: target, etag: info.etag)))
        let recorder = ReadRecorder(base: store)
        let outcome = try await ranged(recorder).download(info, to: target, overwrite: false)
        XCTAssertEqual(outcome.resumedFrom, 1 << 20)
        XCTAssertEqual(recorder.readStarts.sorted(), Array(rangeStarts.dropFirst(4)))
        XCTAssertTrue(try local() == content)
    }
}

/// The file store's object presented as a static large object of `sizes`, with the
/// segments' real MD5s, so the per-range segment check runs on real bytes.
struct FakeManifest: ForwardingStore {
    let base: any ObjectStore
    let content: [UInt8]
    let sizes: [Int]

    func objectInfo(container: String, name: String, version: String?) async throws -> ObjectInfo {
        var info = try await base.objectInfo(container: container, name: name, version: version)
        info.largeObject = .staticManifest
        return info
    }

    func segments(ofObject container: String, name: String) async throws -> [SegmentRecord]? {
        var offset = 0
        return sizes.enumerated().map { index, size in
            defer { offset += size }
            return SegmentRecord(index: index, bytes: Int64(size), md5: ScratchFiles.md5(Array(content[offset..<offset + size])))
        }
    }
}
