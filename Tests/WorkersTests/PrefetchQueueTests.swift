import Workers
import XCTest

final class PrefetchQueueTests: XCTestCase {
    /// Each fetch counts itself in and gives one more than the fetch before it.
    func chained(_ gauge: JobGauge) -> PrefetchQueue<Int>.Fetch {
        { previous in
            let before = try await previous?.value ?? 0
            await gauge.enter(before + 1)
            return before + 1
        }
    }

    func testFillsToTheDepthAndGivesTheFetchesOldestFirst() async throws {
        let gauge = JobGauge()
        let queue = PrefetchQueue<Int>()
        queue.fill(depth: 3, chained(gauge))
        queue.fill(depth: 3, chained(gauge))
        XCTAssertEqual(queue.count, 3)
        await gauge.waitUntilBegun(3)
        let first = try await queue.next()
        XCTAssertEqual(first, 1)
        XCTAssertEqual(queue.count, 2)
        // Topped up again: the new fetch follows the last one queued.
        queue.fill(depth: 3, chained(gauge))
        var values: [Int] = []
        while let value = try await queue.next() { values.append(value) }
        XCTAssertEqual(values, [2, 3, 4])
        let begun = await gauge.begun
        XCTAssertEqual(begun.sorted(), [1, 2, 3, 4], "one fetch for each filled place, no more")
    }

    func testAnEmptyQueueGivesNil() async throws {
        let queue = PrefetchQueue<Int>()
        let value = try await queue.next()
        XCTAssertNil(value)
    }

    func testAReaderCancelledWhileWaitingCancelsTheFetch() async throws {
        let gauge = JobGauge()
        let queue = PrefetchQueue<Int>()
        queue.fill(depth: 1) { _ in
            await gauge.enter(0)
            try await sleepUntilCancelled(0, gauge)
            return 0
        }
        let reader = Task { try await queue.next() }
        await gauge.waitUntilBegun(1)
        reader.cancel()
        let result = await reader.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        let cancelled = await gauge.cancelled
        XCTAssertEqual(cancelled, [0])
    }

    func testCancelStopsEveryFetchQueued() async {
        let gauge = JobGauge()
        let queue = PrefetchQueue<Int>()
        queue.fill(depth: 3, sleeping(gauge))
        await gauge.waitUntilBegun(3)
        queue.cancel()
        XCTAssertEqual(queue.count, 0)
        await gauge.waitUntilEnded(3)
        let cancelled = await gauge.cancelled
        XCTAssertEqual(cancelled.sorted(), [0, 1, 2])
    }

    func testAQueueLetGoOfCancelsItsFetches() async {
        let gauge = JobGauge()
        var queue: PrefetchQueue<Int>? = PrefetchQueue<Int>()
        queue?.fill(depth: 2, sleeping(gauge))
        await gauge.waitUntilBegun(2)
        queue = nil
        // Returns once both fetches have ended: cancelled, or a minute later if never.
        await gauge.waitUntilEnded(2)
        let cancelled = await gauge.cancelled
        XCTAssertEqual(cancelled.sorted(), [0, 1])
    }

    /// Fetches numbered in the order they are queued, each sleeping until cancelled.
    func sleeping(_ gauge: JobGauge) -> PrefetchQueue<Int>.Fetch {
        let numbers = NumberSource()
        return { _ in
            let number = await numbers.take()
            await gauge.enter(number)
            try await sleepUntilCancelled(number, gauge)
            return number
        }
    }
}

/// 0, 1, 2, … to whoever asks.
actor NumberSource {
    private var next = 0

    func take() -> Int {
        defer { next += 1 }
        return next
    }
}
