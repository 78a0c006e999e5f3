import Synchronization
import Workers
import XCTest

/// Each way `WorkerPool` runs jobs held to the rules they share: results in the items'
/// order, never more than the limit at once, the first failure thrown with the other
/// jobs cancelled, and no job started once the caller is cancelled.
final class WorkerPoolShapeTests: XCTestCase {
    typealias Job = @Sendable (Int) async throws -> Int

    /// One way to run jobs over the items 0..<count: what came out in order (nil for
    /// the shapes that give nothing back).
    struct Shape: Sendable {
        let name: String
        let run: @Sendable (_ count: Int, _ limit: Int, _ job: @escaping Job) async throws -> [Int]?
    }

    static let throwingShapes = [
        Shape(name: "forEach") { count, limit, job in
            try await WorkerPool.forEach(0..<count, limit: limit) { _ = try await job($0) }
            return nil
        },
        Shape(name: "forEach(pages:)") { count, limit, job in
            let pages = AsyncStream<[Int]> { continuation in
                for start in stride(from: 0, to: count, by: 7) { continuation.yield(Array(start..<min(start + 7, count))) }
                continuation.finish()
            }
            try await WorkerPool.forEach(pages: pages, limit: limit) { (item: Int) in _ = try await job(item) }
            return nil
        },
        Shape(name: "map") { count, limit, job in try await WorkerPool.map(0..<count, limit: limit, job) },
        Shape(name: "map(async)") { count, limit, job in try await WorkerPool.map(asyncItems(0..<count), limit: limit, job) },
        Shape(name: "forEachInOrder") { count, limit, job in
            var emitted: [Int] = []
            try await WorkerPool.forEachInOrder(asyncItems(0..<count), limit: limit, job) { emitted.append($0) }
            return emitted
        },
    ]

    static let allShapes =
        throwingShapes + [
            Shape(name: "mapAllowingFailures") { count, limit, job in
                await WorkerPool.mapAllowingFailures(Array(0..<count), limit: limit, job).map { $0 ?? -1 }
            }
        ]

    func testEveryShapeKeepsTheOrderAndRunsAtMostTheLimitAtOnce() async throws {
        for shape in Self.allShapes {
            let gauge = JobGauge()
            let limit = 3
            let results = try await shape.run(40, limit) { item in
                await gauge.enter(item)
                // The first jobs wait for one another, so the pool is seen at its full width.
                if item < limit { await gauge.waitUntilBegun(limit) }
                // Jobs end out of the order they began in.
                for _ in 0..<(item % 5 == 0 ? 20 : 1) { await Task.yield() }
                await gauge.leave()
                return item * 2
            }
            if let results { XCTAssertEqual(results, (0..<40).map { $0 * 2 }, shape.name) }
            let (begun, highest) = (await gauge.begun, await gauge.highest)
            XCTAssertEqual(begun.sorted(), Array(0..<40), "\(shape.name): every item once")
            XCTAssertEqual(highest, limit, "\(shape.name): jobs at once")
        }
    }

    func testEveryShapeThrowsTheFirstFailureAndCancelsTheJobsRunning() async throws {
        for shape in Self.throwingShapes {
            let gauge = JobGauge()
            do {
                _ = try await shape.run(10, 2) { item in
                    await gauge.enter(item)
                    if item == 0 { try await sleepUntilCancelled(item, gauge) }
                    // Fails once the sleeper runs beside it, so there is a job to cancel.
                    if item == 1 {
                        await gauge.waitUntilBegun(2)
                        throw Failure()
                    }
                    return item
                }
                XCTFail("\(shape.name): the failure was not thrown")
            } catch let error as Failure {
                XCTAssertEqual(error, Failure())
            }
            let (begun, cancelled) = (await gauge.begun, await gauge.cancelled)
            XCTAssertEqual(cancelled, [0], "\(shape.name): the job running was cancelled")
            XCTAssertEqual(begun.sorted(), [0, 1], "\(shape.name): no job started after the failure")
        }
    }

    /// The jobs running end normally after the caller's cancellation (they ignore it):
    /// the pool itself must start no more.
    func testEveryShapeStartsNoJobOnceTheCallerIsCancelled() async throws {
        for shape in Self.allShapes {
            let gauge = JobGauge()
            let gate = Gate()
            let run = Task {
                try await shape.run(10, 2) { item in
                    await gauge.enter(item)
                    await gate.pass()
                    return item
                }
            }
            await gauge.waitUntilBegun(2)
            run.cancel()
            await gate.open()
            let result = await run.result
            let begun = await gauge.begun
            XCTAssertEqual(begun.sorted(), [0, 1], "\(shape.name): jobs started after the cancellation")
            switch result {
            case .failure(let error): XCTAssertTrue(error is CancellationError, "\(shape.name): \(error)")
            // The one that throws nothing: no answer but from the two jobs that ran.
            case .success(let results):
                XCTAssertEqual(results?.count, 10, shape.name)
                XCTAssertEqual(results?.dropFirst(2).filter { $0 != -1 }, [], shape.name)
            }
            if shape.name != "mapAllowingFailures", case .success = result { XCTFail("\(shape.name): no CancellationError") }
        }
    }

    func testMapAllowingFailuresGivesNilForAFailedJobAndGoesOn() async {
        let results = await WorkerPool.mapAllowingFailures(Array(0..<20), limit: 3) { item in
            if item % 2 == 1 { throw Failure() }
            return item
        }
        XCTAssertEqual(results, (0..<20).map { $0 % 2 == 1 ? nil : $0 })
    }

    /// A sequence read as the jobs go (a stream cut into segments) is read at most one
    /// item ahead of the jobs: at most `limit + 1` items are in hand.
    func testMapOfAnAsyncSequenceHoldsAtMostOneItemMoreThanTheLimit() async throws {
        let window = ReadWindow()
        let results = try await WorkerPool.map(window.items(50), limit: 3) { item -> Int in
            for _ in 0..<(item % 4) { await Task.yield() }
            window.letGo()
            return item
        }
        XCTAssertEqual(results, Array(0..<50))
        XCTAssertLessThanOrEqual(window.widest, 4)
    }

    /// In order, an item read is held by the caller until it is emitted (a comparison's
    /// name in its digest caches), so none is read before it can start.
    func testForEachInOrderReadsNoItemBeforeItCanStart() async throws {
        let window = ReadWindow()
        var results: [Int] = []
        try await WorkerPool.forEachInOrder(window.items(50), limit: 3) { item -> Int in
            for _ in 0..<(item % 4 == 0 ? 10 : 1) { await Task.yield() }
            return item
        } emit: {
            results.append($0)
            window.letGo()
        }
        XCTAssertEqual(results, Array(0..<50))
        XCTAssertLessThanOrEqual(window.widest, 3)
    }
}

/// Items read from an async sequence and let go of by the test: the most read and not
/// yet let go of at once.
final class ReadWindow: Sendable {
    private let counts = Mutex((read: 0, letGo: 0, widest: 0))

    var widest: Int { counts.withLock { $0.widest } }

    func letGo() { counts.withLock { $0.letGo += 1 } }

    /// The items 0..<count, each counted as read when the sequence gives it.
    func items(_ count: Int) -> PulledItems {
        PulledItems(count: count) {
            self.counts.withLock {
                $0.read += 1
                $0.widest = max($0.widest, $0.read - $0.letGo)
            }
        }
    }
}

/// The items 0..<count, telling `pulled` as each is taken.
struct PulledItems: AsyncSequence, AsyncIteratorProtocol {
    let count: Int
    let pulled: @Sendable () -> Void
    var position = 0

    init(count: Int, pulled: @escaping @Sendable () -> Void) {
        self.count = count
        self.pulled = pulled
    }

    func makeAsyncIterator() -> Self { self }

    mutating func next() async -> Int? {
        guard position < count else { return nil }
        pulled()
        defer { position += 1 }
        return position
    }
}
