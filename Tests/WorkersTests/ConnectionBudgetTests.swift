import Synchronization
import Workers
import XCTest

/// The connections of one cluster session, shared by its commands and jobs: never more
/// held at once than the limit, handed on in turn, none taken by a pinned command, and
/// a waiter that is cancelled leaves the queue.
final class ConnectionBudgetTests: XCTestCase {
    /// Work that enters, then holds its connection until released.
    final class Holders: Sendable {
        let entered = Mutex(0)
        let releases = Mutex<[CheckedContinuation<Void, Never>]>([])

        func hold() async {
            entered.withLock { $0 += 1 }
            await withCheckedContinuation { continuation in releases.withLock { $0.append(continuation) } }
        }

        func releaseOne() { releases.withLock { $0.isEmpty ? nil : $0.removeFirst() }?.resume() }
        var waiting: Int { releases.withLock { $0.count } }
    }

    func testNeverMoreThanTheLimitAtOnceAndHandedOnInTurn() async throws {
        let budget = ConnectionBudget(limit: 2)
        let holders = Holders()
        let tasks = (0..<3).map { _ in Task { try await budget.withConnection { await holders.hold() } } }
        try await until { holders.waiting == 2 }
        XCTAssertEqual(budget.inUse, 2)
        XCTAssertEqual(holders.entered.withLock { $0 }, 2, "the third waits")
        // A pinned command's work takes none: it runs beside the two.
        let pinned = Task { try await ConnectionBudget.$exempt.withValue(true) { try await budget.withConnection { 7 } } }
        let pinnedValue = try await pinned.value
        XCTAssertEqual(pinnedValue, 7)
        holders.releaseOne()
        try await until { holders.entered.withLock { $0 } == 3 }
        XCTAssertEqual(budget.inUse, 2, "handed on, not given back")
        while holders.waiting > 0 || holders.entered.withLock({ $0 }) < 3 { holders.releaseOne() }
        for task in tasks { try await task.value }
        XCTAssertEqual(budget.inUse, 0)
    }

    func testAWaiterThatIsCancelledLeavesTheQueue() async throws {
        let budget = ConnectionBudget(limit: 1)
        let holders = Holders()
        let holding = Task { try await budget.withConnection { await holders.hold() } }
        try await until { holders.waiting == 1 }
        let waiter = Task { try await budget.withConnection { 1 } }
        waiter.cancel()
        do {
            _ = try await waiter.value
            XCTFail("a cancelled waiter gets no connection")
        } catch is CancellationError {}
        holders.releaseOne()
        try await holding.value
        XCTAssertEqual(budget.inUse, 0)
        let next = try await budget.withConnection { 2 }
        XCTAssertEqual(next, 2)
    }

    private func until(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() {
            guard ContinuousClock.now < deadline else { return XCTFail("timed out") }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
