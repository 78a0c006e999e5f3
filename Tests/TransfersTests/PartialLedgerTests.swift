import Storage
import XCTest

@testable import Transfers

/// Issue 38: what an interrupted upload says it left is what the server holds once the
/// workers stopped, not the count kept while sending (a segment in flight at Ctrl-C may
/// land after it was taken).
final class PartialLedgerTests: XCTestCase {
    /// A large upload whose server holds the segments `held`, or cannot be asked.
    struct HeldSegments: LargeUpload {
        var held: [Int]?

        func storedSegments() async throws -> [Int: SegmentRecord] {
            guard let held else { throw StorageError.unreachable("connection refused") }
            return Dictionary(uniqueKeysWithValues: held.map { ($0, SegmentRecord(index: $0, bytes: 1, md5: "")) })
        }
        func putSegment(index: Int, from slice: FileSlice) async throws -> SegmentRecord { throw StorageError.cancelled }
        func putSegment(index: Int, bytes: [UInt8]) async throws -> SegmentRecord { throw StorageError.cancelled }
        func complete(_ segments: [SegmentRecord], removingReplaced: Bool) async throws -> ObjectInfo { throw StorageError.cancelled }
        func abort() async throws {}
    }

    func testTheLinesCountWhatTheServerHoldsEvenInACancelledTask() async {
        let ledger = PartialLedger()
        ledger.begin("b.iso", HeldSegments(held: [0, 1, 2, 3]), segments: 8, stored: 1)
        ledger.storedSegment(of: "b.iso")
        ledger.begin("a.iso", HeldSegments(held: nil), segments: 4, stored: 0)
        ledger.storedSegment(of: "a.iso")
        ledger.begin("done.iso", HeldSegments(held: [0]), segments: 1, stored: 0)
        ledger.finish("done.iso")
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await ledger.partialLines()
        }
        let lines = await task.value
        XCTAssertEqual(
            lines,
            [
                "a.iso: 1 of 4 segments stored when it stopped (the server could not be asked)",
                "b.iso: 4 of 8 segments stored",
            ])
    }
}
