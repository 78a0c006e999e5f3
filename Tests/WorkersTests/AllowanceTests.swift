import Synchronization
import Workers
import XCTest

/// Shares of an allowance (the bytes of a folder's objects in flight): never more held
/// than the limit, served in turn so a large share is not starved by small ones, a
/// share larger than the limit runs alone, and a cancelled waiter lets those behind it in.
final class AllowanceTests: XCTestCase {
    /// Work that enters with its share, then holds it until released.
    final class Holders: Sendable {
        let entered = Mutex<[Int64]>([])
        let releases = Mutex<[CheckedContinuation<Void, Never>]>([])

        func hold(_ share: Int64) async {
            entered.withLock { $0.append(share) }
            await withCheckedContinuation { continuation in releases.withLock { $0.append(continuation) } }
        }

        func releaseFirst() { releases.withLock { $0.isEmpty ? nil : $0.removeFirst() }?.resume() }
        var holding: Int { releases.withLock { $0.count } }
        var order: [Int64] { entered.withLock { $0 } }
    }

    func testALargeShareWaitsInTurnAndHoldsBackTheSmallOnesBehindIt() async throws {
        let allowance = Allowance(limit: 100)
        let holders = Holders()
        let first = Task { try await allowance.holding(60) { await holders.hold(60) } }
        try await until { holders.holding == 1 }
        let large = Task { try await allowance.holding(80) { await holders.hold(80) } }
        try await until { allowance.waiting == 1 }
        // 10 would fit beside the 60, but the 80 came first.
        let small = Task { try await allowance.holding(10) { await holders.hold(10) } }
        try await until { allowance.waiting == 2 }
        XCTAssertEqual(allowance.inUse, 60)
        holders.releaseFirst()
        try await until { holders.holding == 2 }
        XCTAssertEqual(holders.order, [60, 80, 10], "the large share first, then the small one beside it")
        XCTAssertEqual(allowance.inUse, 90)
        while holders.holding > 0 { holders.releaseFirst() }
        for task in [first, large, small] { try await task.value }
        XCTAssertEqual(allowance.inUse, 0)
    }

    func testAShareLargerThanTheLimitRunsAlone() async throws {
        let allowance = Allowance(limit: 100)
        let holders = Holders()
        let huge = Task { try await allowance.holding(1_000) { await holders.hold(1_000) } }
        try await until { holders.holding == 1 }
        XCTAssertEqual(allowance.inUse, 100)
        let tiny = Task { try await allowance.holding(0) { await holders.hold(0) } }
        try await until { allowance.waiting == 1 }
        holders.releaseFirst()
        try await until { holders.holding == 1 && holders.order.count == 2 }
        XCTAssertEqual(allowance.inUse, 1, "an empty share still holds one unit")
        holders.releaseFirst()
        for task in [huge, tiny] { try await task.value }
    }

    func testACancelledWaiterLetsThoseBehindItIn() async throws {
        let allowance = Allowance(limit: 100)
        let holders = Holders()
        let first = Task { try await allowance.holding(50) { await holders.hold(50) } }
        try await until { holders.holding == 1 }
        let large = Task { try await allowance.holding(90) { await holders.hold(90) } }
        try await until { allowance.waiting == 1 }
        let small = Task { try await allowance.holding(40) { await holders.hold(40) } }
        try await until { allowance.waiting == 2 }
        large.cancel()
        do {
            try await large.value
            XCTFail("a cancelled waiter holds nothing")
        } catch is CancellationError {}
        try await until { holders.holding == 2 }
        XCTAssertEqual(allowance.inUse, 90)
        while holders.holding > 0 { holders.releaseFirst() }
        for task in [first, small] { try await task.value }
        XCTAssertEqual(allowance.inUse, 0)
    }

    private func until(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() {
            guard ContinuousClock.now < deadline else { return XCTFail("timed out") }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
