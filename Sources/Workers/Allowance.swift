import Synchronization

/// Units that jobs hold while they run (connections, bytes in flight), at most `limit`
/// at once. Waiters are served in turn: a large share waiting holds back the smaller
/// ones behind it, so it is never starved by them. A share larger than the limit is
/// taken as the whole limit: it runs alone.
public final class Allowance: Sendable {
    public let limit: Int64

    private typealias Waiter = (id: UInt64, share: Int64, continuation: CheckedContinuation<Void, any Error>)
    private struct State {
        var inUse: Int64 = 0
        var waiters: [Waiter] = []
        var lastID: UInt64 = 0

        /// The waiters at the head of the queue whose shares fit now, counted in.
        mutating func admitted(within limit: Int64) -> [Waiter] {
            var ready: [Waiter] = []
            while let first = waiters.first, inUse + first.share <= limit {
                inUse += first.share
                ready.append(waiters.removeFirst())
            }
            return ready
        }
    }

    private let state = Mutex(State())

    public init(limit: Int64) {
        self.limit = max(1, limit)
    }

    /// The units held now.
    public var inUse: Int64 { state.withLock { $0.inUse } }

    /// The waiters in the queue (for the tests).
    package var waiting: Int { state.withLock { $0.waiters.count } }

    /// Runs `body` holding `share` units (at least 1, at most the limit), waiting in turn
    /// until they fit; throws `CancellationError` when cancelled while waiting.
    public func holding<Value>(_ share: Int64, _ body: () async throws -> Value) async throws -> Value {
        let share = min(max(share, 1), limit)
        try await acquire(share)
        defer { release(share) }
        return try await body()
    }

    private func acquire(_ share: Int64) async throws {
        let id = state.withLock { state in
            state.lastID += 1
            return state.lastID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let now: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    guard state.waiters.isEmpty, state.inUse + share <= limit else {
                        state.waiters.append((id, share, continuation))
                        return nil
                    }
                    state.inUse += share
                    return .success(())
                }
                if let now { continuation.resume(with: now) }
            }
        } onCancel: {
            // Those behind a large share that leaves may fit now.
            let (cancelled, ready) = state.withLock { state -> (Waiter?, [Waiter]) in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return (nil, []) }
                let waiter = state.waiters.remove(at: index)
                return (waiter, state.admitted(within: limit))
            }
            cancelled?.continuation.resume(throwing: CancellationError())
            for waiter in ready { waiter.continuation.resume() }
        }
    }

    /// Gives `share` back, to the waiters at the head of the queue that fit now.
    private func release(_ share: Int64) {
        let ready = state.withLock { state in
            state.inUse -= share
            return state.admitted(within: limit)
        }
        for waiter in ready { waiter.continuation.resume() }
    }
}
