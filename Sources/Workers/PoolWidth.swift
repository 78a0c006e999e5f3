/// How many jobs a pool runs at once when that may change while it runs (a transfer that
/// backs off from a busy server): read before each job starts, told as each job ends.
public protocol PoolWidth: Sendable {
    /// Jobs that may run at once now (at least 1).
    var current: Int { get }
    /// A job ended without failing.
    func jobEnded()
}

/// A width that never changes: `limit` jobs at once.
struct FixedWidth: PoolWidth {
    let limit: Int
    init(_ limit: Int) { self.limit = limit }
    var current: Int { limit }
    func jobEnded() {}
}

extension WorkerPool {
    /// As `forEach(_:limit:_:)`, with a width that may change as the jobs run: a job
    /// starts only while fewer than `width.current` run.
    public static func forEach<Item: Sendable>(
        _ items: some Sequence<Item>, width: any PoolWidth,
        _ body: @escaping @Sendable (Item) async throws -> Void
    ) async throws {
        var iterator = items.makeIterator()
        try await run(next: { iterator.next() }, limit: { width.current }, Self.told(width, body), take: { _, _ in 1 })
    }

    /// As `forEach(pages:limit:_:)`, with a width that may change as the jobs run.
    public static func forEach<Item: Sendable, Pages: AsyncSequence>(
        pages: Pages, width: any PoolWidth, _ body: @escaping @Sendable (Item) async throws -> Void
    ) async throws where Pages.Element == [Item] {
        var pages = pages.makeAsyncIterator()
        var page = [Item]().makeIterator()
        try await run(
            next: {
                while true {
                    if let item = page.next() { return item }
                    guard let following = try await pages.next() else { return nil }
                    page = following.makeIterator()
                }
            }, limit: { width.current }, Self.told(width, body), take: { _, _ in 1 })
    }

    /// `body`, telling `width` of each job that ends without failing.
    static func told<Item: Sendable>(
        _ width: any PoolWidth, _ body: @escaping @Sendable (Item) async throws -> Void
    ) -> @Sendable (Item) async throws -> Void {
        { item in
            try await body(item)
            width.jobEnded()
        }
    }
}
