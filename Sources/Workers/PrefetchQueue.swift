/// Fetches on their way ahead of a reader, oldest first: a listing's next pages while
/// the current one is read. The reader fills it to a depth and takes the oldest;
/// memory is bounded by the depth. Fetches still queued are cancelled with `cancel`
/// and when the queue goes.
///
/// Not for sharing: one reader fills and takes, as a listing's cursor does.
public final class PrefetchQueue<Element: Sendable> {
    /// One fetch; given the fetch queued before it (nil when none is), whose result it
    /// may wait for, as a page waits for the marker the page before it ends on.
    public typealias Fetch = @Sendable (_ previous: Task<Element, any Error>?) async throws -> Element

    private var queued: [Task<Element, any Error>] = []

    public init() {}

    /// How many fetches are on their way or in hand.
    public var count: Int { queued.count }

    /// Starts fetches until `depth` are on their way or in hand.
    public func fill(depth: Int, _ fetch: @escaping Fetch) {
        while queued.count < depth {
            let previous = queued.last
            queued.append(Task { try await fetch(previous) })
        }
    }

    /// The oldest fetch's result, waited for; nil when none is queued. A reader that is
    /// cancelled while it waits cancels that fetch.
    public func next() async throws -> Element? {
        guard !queued.isEmpty else { return nil }
        return try await queued.removeFirst().valueCancelledWithWaiter
    }

    /// Stops every fetch still queued.
    public func cancel() {
        for task in queued { task.cancel() }
        queued.removeAll()
    }

    deinit { for task in queued { task.cancel() } }
}

extension Task where Failure == any Error {
    /// The task's value; when the task waiting for it is cancelled, so is this one, so
    /// a reader that gives up does not leave a fetch running for nobody.
    public var valueCancelledWithWaiter: Success {
        get async throws {
            try await withTaskCancellationHandler {
                try await value
            } onCancel: {
                cancel()
            }
        }
    }
}
