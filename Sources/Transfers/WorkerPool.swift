/// Runs jobs with at most `limit` at once: the one worker model of every transfer
/// (segments of one object, objects of a folder, batches of a delete).
public enum WorkerPool {
    /// Runs `body` for every item, `limit` at a time, in the items' order of starting.
    /// The first failure cancels the jobs still running and is thrown.
    public static func forEach<Item: Sendable>(
        _ items: some Sequence<Item>, limit: Int,
        _ body: @escaping @Sendable (Item) async throws -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            var running = 0
            for item in items {
                try await add({ try await body(item) }, to: &group, running: &running, limit: limit)
            }
            try await group.waitForAll()
        }
    }

    /// As `forEach`, collecting each job's result in the items' order.
    public static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], limit: Int,
        _ body: @escaping @Sendable (Item) async throws -> Result
    ) async throws -> [Result] {
        try await withThrowingTaskGroup(of: (Int, Result).self) { group in
            var results = [Result?](repeating: nil, count: items.count)
            var next = 0
            var running = 0
            while next < items.count || running > 0 {
                while next < items.count && running < max(1, limit) {
                    let index = next
                    group.addTask { (index, try await body(items[index])) }
                    next += 1
                    running += 1
                }
                if let (index, result) = try await group.next() {
                    results[index] = result
                    running -= 1
                }
            }
            return results.map { $0! }
        }
    }

    /// As `forEach`, over items that arrive in pages (a listing): a job starts as soon as
    /// a worker is free, not once every job of the page before has ended, so one slow
    /// object does not hold the others back at each page's end.
    public static func forEach<Item: Sendable, Pages: AsyncSequence>(
        pages: Pages, limit: Int, _ body: @escaping @Sendable (Item) async throws -> Void
    ) async throws where Pages.Element == [Item] {
        try await withThrowingTaskGroup(of: Void.self) { group in
            var running = 0
            for try await page in pages {
                for item in page {
                    try await add({ try await body(item) }, to: &group, running: &running, limit: limit)
                }
            }
            try await group.waitForAll()
        }
    }

    /// Starts `job` in `group` once fewer than `limit` jobs run, waiting for one to end first.
    private static func add(
        _ job: @escaping @Sendable () async throws -> Void, to group: inout ThrowingTaskGroup<Void, any Error>, running: inout Int,
        limit: Int
    ) async throws {
        if running >= max(1, limit) {
            try await group.next()
            running -= 1
        }
        try Task.checkCancellation()
        group.addTask(operation: job)
        running += 1
    }

    /// Runs `body` for every item an async sequence gives, `limit` at a time, and hands
    /// the results to `emit` in the items' order: at most `limit` items are begun and not
    /// yet emitted, so memory stays bounded however many items come. The first failure
    /// cancels the jobs still running and is thrown.
    public static func forEachInOrder<Items: AsyncSequence, Result: Sendable>(
        _ items: Items, limit: Int,
        _ body: @escaping @Sendable (Items.Element) async throws -> Result,
        emit: (Result) async throws -> Void
    ) async throws where Items.Element: Sendable {
        try await withThrowingTaskGroup(of: (Int, Result).self) { group in
            var done: [Int: Result] = [:]
            var started = 0
            var emitted = 0
            var iterator = items.makeAsyncIterator()
            var ended = false
            while !ended || emitted < started {
                while let result = done.removeValue(forKey: emitted) {
                    try await emit(result)
                    emitted += 1
                }
                while !ended && started - emitted < max(1, limit) {
                    guard let item = try await iterator.next() else {
                        ended = true
                        break
                    }
                    let index = started
                    group.addTask { (index, try await body(item)) }
                    started += 1
                }
                guard emitted < started, let (index, result) = try await group.next() else { continue }
                done[index] = result
            }
        }
    }
}
