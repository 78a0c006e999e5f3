import Storage
import Synchronization
import Transfers
import Workers
import XCTest

/// How `TransferWidth` follows a server's busy answers: halved once a round of them,
/// grown back one at a time by calm jobs, never past where it started; pinned, fixed.
final class TransferWidthTests: XCTestCase {
    func testStartsWideAndHalvesOnceARoundOfBusyAnswers() {
        let load = ServerLoad()
        let width = TransferWidth(pinned: nil, load: load, start: 32)
        XCTAssertEqual(width.current, 32)
        for _ in 0..<10 { load.heardBusy() }
        XCTAssertEqual(width.current, 16, "a storm of busy answers halves the width once")
        load.heardBusy()
        XCTAssertEqual(width.current, 16, "no job ended since the cut: the answers belong to the same round")
        width.jobEnded()
        load.heardBusy()
        XCTAssertEqual(width.current, 8)
        XCTAssertEqual(width.lowest, 8)
    }

    func testCalmJobsGrowItBackToWhereItStarted() {
        let load = ServerLoad()
        let width = TransferWidth(pinned: nil, load: load, start: 4)
        load.heardBusy()
        XCTAssertEqual(width.current, 2)
        for _ in 0..<2 { width.jobEnded() }
        XCTAssertEqual(width.current, 3, "as many calm jobs as the width add one")
        for _ in 0..<30 { width.jobEnded() }
        XCTAssertEqual(width.current, 4, "never wider than it started")
    }

    func testNeverNarrowerThanOne() {
        let load = ServerLoad()
        let width = TransferWidth(pinned: nil, load: load, start: 2)
        for _ in 0..<5 {
            load.heardBusy()
            _ = width.current
            width.jobEnded()
        }
        XCTAssertEqual(width.lowest, 1)
        XCTAssertEqual(width.current, 2, "one calm job at 1 grows it back to 2")
    }

    func testPinnedWidthIgnoresTheServer() {
        let load = ServerLoad()
        let width = TransferWidth(pinned: 7, load: load)
        load.heardBusy()
        width.jobEnded()
        load.heardBusy()
        XCTAssertEqual(width.current, 7)
        XCTAssertEqual(width.lowest, 7)
    }

    func testWithoutAServerItStaysWhereItStarts() {
        let width = TransferWidth(pinned: nil, load: nil, start: 5)
        width.jobEnded()
        XCTAssertEqual(width.current, 5)
    }

    /// The pool reads the width before each job: under a storm (every job hears a busy
    /// answer) it narrows to one or two at once and stays there.
    func testThePoolNarrowsUnderAStorm() async throws {
        let load = ServerLoad()
        let width = TransferWidth(pinned: nil, load: load, start: 16)
        let running = Mutex(0)
        let widestLate = Mutex(0)
        try await WorkerPool.forEach(0..<200, width: width) { item in
            let now = running.withLock {
                $0 += 1
                return $0
            }
            if item >= 100 { widestLate.withLock { $0 = max($0, now) } }
            load.heardBusy()
            await Task.yield()
            running.withLock { $0 -= 1 }
        }
        XCTAssertEqual(width.lowest, 1)
        XCTAssertLessThanOrEqual(widestLate.withLock { $0 }, 2)
    }

    /// Large objects go fewer at once: the bytes in flight stay within `bytesInFlight`,
    /// the next large one going in when one ends; a pinned width carries them all at once.
    func testLargeObjectsGoFewerAtOnce() async throws {
        let width = TransferWidth(pinned: nil, load: nil)
        let half = TransferWidth.bytesInFlight / 2
        XCTAssertEqual(width.mostAtOnce(ofAtLeast: half), 2)
        XCTAssertEqual(width.mostAtOnce(ofAtLeast: 8 << 10), TransferWidth.manyObjects)
        let holders = Holders()
        let tasks = (0..<3).map { index in Task { try await width.carrying(half) { await holders.hold(index) } } }
        try await until { holders.holding == 2 }
        let pinned = TransferWidth(pinned: 6, load: nil)
        XCTAssertEqual(pinned.mostAtOnce(ofAtLeast: half), 6)
        let pinnedRan = try await pinned.carrying(half) { try await pinned.carrying(half) { try await pinned.carrying(half) { true } } }
        XCTAssertTrue(pinnedRan, "a pinned width carries any bytes at once")
        XCTAssertEqual(holders.entered.withLock { $0.count }, 2, "the third large object waits")
        holders.releaseFirst()
        try await until { holders.entered.withLock { $0.count } == 3 }
        while holders.holding > 0 || holders.entered.withLock({ $0.count }) < 3 { holders.releaseFirst() }
        for task in tasks { try await task.value }
    }

    /// Jobs that enter, then hold until released.
    final class Holders: Sendable {
        let entered = Mutex<[Int]>([])
        let releases = Mutex<[CheckedContinuation<Void, Never>]>([])

        func hold(_ index: Int) async {
            entered.withLock { $0.append(index) }
            await withCheckedContinuation { continuation in releases.withLock { $0.append(continuation) } }
        }

        func releaseFirst() { releases.withLock { $0.isEmpty ? nil : $0.removeFirst() }?.resume() }
        var holding: Int { releases.withLock { $0.count } }
    }

    private func until(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() {
            guard ContinuousClock.now < deadline else { return XCTFail("timed out") }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
