import Synchronization
import Workers
import XCTest

final class WorkerPoolTests: XCTestCase {
    func testNeverRunsMoreThanTheLimitAndKeepsTheOrderOfResults() async throws {
        let running = Mutex(0)
        let highest = Mutex(0)
        let results = try await WorkerPool.map(Array(0..<40), limit: 3) { item -> Int in
            let now = running.withLock {
                $0 += 1
                return $0
            }
            highest.withLock { $0 = max($0, now) }
            await Task.yield()
            running.withLock { $0 -= 1 }
            return item * 2
        }
        XCTAssertEqual(results, (0..<40).map { $0 * 2 })
        XCTAssertLessThanOrEqual(highest.withLock { $0 }, 3)
    }

    /// Results of an async sequence come out in its order, however the jobs end, and no
    /// more than the limit are ever begun and not yet handed on.
    func testInOrderKeepsTheOrderAndBoundsWhatIsHeld() async throws {
        let begun = Mutex(0)
        let emitted = Mutex(0)
        let widest = Mutex(0)
        let items = AsyncStream<Int> { continuation in
            for item in 0..<100 { continuation.yield(item) }
            continuation.finish()
        }
        var results: [Int] = []
        try await WorkerPool.forEachInOrder(items, limit: 4) { item -> Int in
            let held =
                begun.withLock {
                    $0 += 1
                    return $0
                } - emitted.withLock { $0 }
            widest.withLock { $0 = max($0, held) }
            // Every seventh job ends late, after later ones.
            for _ in 0..<(item % 7 == 0 ? 20 : 1) { await Task.yield() }
            return item
        } emit: { item in
            results.append(item)
            emitted.withLock { $0 += 1 }
        }
        XCTAssertEqual(results, Array(0..<100))
        XCTAssertLessThanOrEqual(widest.withLock { $0 }, 4)
    }

    func testTheFirstFailureStopsTheRest() async throws {
        struct Failure: Error {}
        let started = Mutex(0)
        do {
            try await WorkerPool.forEach(0..<1_000, limit: 2) { item in
                started.withLock { $0 += 1 }
                if item == 5 { throw Failure() }
                await Task.yield()
            }
            XCTFail("the failure was not thrown")
        } catch is Failure {}
        XCTAssertLessThan(started.withLock { $0 }, 1_000, "jobs went on after the failure")
    }
}
