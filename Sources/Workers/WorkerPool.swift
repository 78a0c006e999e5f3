/// Runs jobs with at most `limit` at once: the one worker model of objsh (segments of
/// one object, objects of a folder, batches of a delete, a server's copies of parts,
/// a listing's probes, the names of a comparison). Every shape runs on one loop
/// (`run`), so they share its rules:
/// - the next item is read before a worker is free, so reading overlaps the jobs and
///   at most one item more than the jobs is in hand (but in `forEachInOrder`, whose
///   caller holds what each item read costs until it is emitted);
/// - the first failure (of a job or of reading the items) cancels the jobs still
///   running and is thrown;
/// - once the caller is cancelled no job starts: `CancellationError` is thrown (the
///   jobs running see the cancellation too, as the caller's child tasks).
public enum WorkerPool {
    /// Runs `body` for every item, `limit` at a time, in the items' order of starting.
    public static func forEach<Item: Sendable>(
        _ items: some Sequence<Item>, limit: Int,
        _ body: @escaping @Sendable (Item) async throws -> Void
    ) async throws {
        try await forEach(items, width: FixedWidth(limit), body)
    }

    /// As `forEach`, over items that arrive in pages (a listing): a job starts as soon as
    /// a worker is free, not once every job of the page before has ended, so one slow
    /// object does not hold the others back at each page's end.
    public static func forEach<Item: Sendable, Pages: AsyncSequence>(
        pages: Pages, limit: Int, _ body: @escaping @Sendable (Item) async throws -> Void
    ) async throws where Pages.Element == [Item] {
        try await forEach(pages: pages, width: FixedWidth(limit), body)
    }

    /// As `forEach`, collecting each job's result in the items' order.
    public static func map<Item: Sendable, Result: Sendable>(
        _ items: some Sequence<Item>, limit: Int,
        _ body: @escaping @Sendable (Item) async throws -> Result
    ) async throws -> [Result] {
        var iterator = items.makeIterator()
        return try await collect(next: { iterator.next() }, limit: limit, body)
    }

    /// As `map`, over items an async sequence gives as it goes (segments read from a
    /// stream): the next is read while `limit` jobs run, so at most `limit + 1` items
    /// are in hand however long the sequence.
    public static func map<Items: AsyncSequence, Result: Sendable>(
        _ items: Items, limit: Int,
        _ body: @escaping @Sendable (Items.Element) async throws -> Result
    ) async throws -> [Result] where Items.Element: Sendable {
        var iterator = items.makeAsyncIterator()
        return try await collect(next: { try await iterator.next() }, limit: limit, body)
    }

    /// As `map`, for jobs whose failure is only a missing answer (a lookup): a failed
    /// job gives nil and stops nothing, and nothing is thrown. Once the caller is
    /// cancelled no job starts, and the items not looked at give nil.
    public static func mapAllowingFailures<Item: Sendable, Result: Sendable>(
        _ items: [Item], limit: Int,
        _ body: @escaping @Sendable (Item) async throws -> Result
    ) async -> [Result?] {
        var results = [Result?](repeating: nil, count: items.count)
        var iterator = items.makeIterator()
        // Jobs cannot fail here, so what `run` throws is the caller's cancellation.
        try? await run(next: { iterator.next() }, limit: { limit }, { try? await body($0) }) { index, result in
            results[index] = result
            return 1
        }
        return results
    }

    /// Runs `body` for every item an async sequence gives, `limit` at a time, and hands
    /// the results to `emit` in the items' order: at most `limit` items are begun and not
    /// yet emitted, so memory stays bounded however many items come. An item is read only
    /// once it can start: reading one is where the caller begins to hold it (a comparison's
    /// name enters its digest caches), so none is read ahead.
    public static func forEachInOrder<Items: AsyncSequence, Result: Sendable>(
        _ items: Items, limit: Int,
        _ body: @escaping @Sendable (Items.Element) async throws -> Result,
        emit: (Result) async throws -> Void
    ) async throws where Items.Element: Sendable {
        var iterator = items.makeAsyncIterator()
        var waiting: [Int: Result] = [:]
        var emitted = 0
        // A job is let go of once emitted: one that ends early waits, held, for those before it.
        try await run(next: { try await iterator.next() }, limit: { limit }, readsAhead: false, body) { index, result in
            waiting[index] = result
            let before = emitted
            while let result = waiting.removeValue(forKey: emitted) {
                try await emit(result)
                emitted += 1
            }
            return emitted - before
        }
    }

    /// The results of the jobs on the items `next` gives, in the items' order.
    private static func collect<Item: Sendable, Result: Sendable>(
        next: () async throws -> Item?, limit: Int,
        _ body: @escaping @Sendable (Item) async throws -> Result
    ) async throws -> [Result] {
        var results: [Result?] = []
        try await run(next: next, limit: { limit }, body) { index, result in
            if results.count <= index { results += Array(repeating: nil, count: index + 1 - results.count) }
            results[index] = result
            return 1
        }
        return results.map { $0! }
    }

    /// The one loop. Reads the next item and waits until fewer than `limit` jobs are held
    /// (in that order when it `readsAhead`, else the other way round), then starts it.
    /// Each job's result goes to `take` with the item's index as the job ends; `take`
    /// answers how many jobs it lets go of (those whose results it has done with), and
    /// only those free a place. Every job `take` has not let go of must be running or
    /// let go of later, or the loop would wait for nothing.
    static func run<Item: Sendable, Result: Sendable>(
        next: () async throws -> Item?, limit: () -> Int, readsAhead: Bool = true,
        _ body: @escaping @Sendable (Item) async throws -> Result,
        take: (Int, Result) async throws -> Int
    ) async throws {
        try await withThrowingTaskGroup(of: (Int, Result).self) { group in
            var started = 0
            var released = 0
            func waitForRoom() async throws {
                while started - released >= max(1, limit()), let (index, result) = try await group.next() {
                    released += try await take(index, result)
                }
            }
            while true {
                if !readsAhead { try await waitForRoom() }
                guard let item = try await next() else { break }
                if readsAhead { try await waitForRoom() }
                try Task.checkCancellation()
                let index = started
                group.addTask { (index, try await body(item)) }
                started += 1
            }
            // Items that ran out because the caller was cancelled (AsyncStream ends so)
            // are not all the items: the run did not finish.
            try Task.checkCancellation()
            while let (index, result) = try await group.next() {
                released += try await take(index, result)
            }
        }
    }
}
