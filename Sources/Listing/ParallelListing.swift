import Storage

/// Every entry of a container listing, in byte order, fetched as several key ranges
/// at once when the folder is large.
///
/// The first page is fetched alone. When it is full, split points are guessed from
/// it (`SplitPoints`), probed for the real entries they land on, and the rest of the
/// listing is cut there into ranges (`ListingQuery.endBefore`) listed side by side,
/// `concurrency` ranges at a time, each at most `depth` pages ahead of the reader:
/// memory is bounded by the pages in flight, not by the folder. A short first page,
/// or a first page that suggests no split, goes on as one stream, still fetching
/// the next page while the current one is read. Each element is one page.
public struct ParallelListing: AsyncSequence, Sendable {
    public typealias Element = [ListingEntry]
    let source: RangeSource
    let concurrency: Int
    let depth: Int
    let splitLimit: Int

    /// Lists `container` under `prefix`, folded at `delimiter`, in pages of at most
    /// `pageSize` entries (the store's largest by default), `concurrency` ranges at a
    /// time, from at most `splitLimit` split guesses; `namesOnly` as `ListingQuery` has it.
    public init(store: any ObjectStore, container: String, prefix: String = "", delimiter: Character? = nil, namesOnly: Bool = false,
                pageSize: Int? = nil, concurrency: Int = 4, depth: Int = 2, splitLimit: Int = 24) {
        let size = Swift.min(pageSize ?? store.maximumPageSize, store.maximumPageSize)
        source = RangeSource(store: store, container: container, prefix: prefix, delimiter: delimiter, namesOnly: namesOnly,
                             pageSize: Swift.max(1, size))
        self.concurrency = Swift.max(1, concurrency)
        self.depth = Swift.max(1, depth)
        self.splitLimit = Swift.max(0, splitLimit)
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(engine: ListingEngine(listing: self))
    }

    /// Pages in byte order; dropping the iterator stops every fetch.
    public struct Iterator: AsyncIteratorProtocol {
        let engine: ListingEngine

        public mutating func next() async throws -> [ListingEntry]? {
            try await engine.next()
        }
    }
}

/// The reading side of a `ParallelListing`: the first page, then the ranges in order.
final class ListingEngine {
    private let listing: ParallelListing
    private var plan: Task<[KeyRange], Error>?
    private var ranges: [RangeCursor] = []
    private var current = 0
    private var started = false

    init(listing: ParallelListing) {
        self.listing = listing
    }

    func next() async throws -> [ListingEntry]? {
        try Task.checkCancellation()
        guard started else { return try await first() }
        if let plan {
            self.plan = nil
            let planned = try await withTaskCancellationHandler { try await plan.value } onCancel: { plan.cancel() }
            ranges = planned.map { RangeCursor(range: $0, source: listing.source) }
        }
        while current < ranges.count {
            for index in current..<min(current + listing.concurrency, ranges.count) {
                ranges[index].fill(depth: listing.depth)
            }
            let cursor = ranges[current]
            let head = cursor.takeHead()
            let page = try await cursor.next()
            if page.next == nil { current += 1 }
            let entries = head.map { [$0] + page.entries } ?? page.entries
            if !entries.isEmpty { return entries }
        }
        return nil
    }

    /// The first page, alone; planning the rest starts while it is read.
    private func first() async throws -> [ListingEntry]? {
        started = true
        let source = listing.source
        let page = try await source.page(after: "", endBefore: nil)
        guard let last = page.next else { return page.entries.isEmpty ? nil : page.entries }
        if page.entries.count < source.pageSize {
            ranges = [RangeCursor(range: KeyRange(after: last), source: source)]
        } else {
            let names = page.entries.map(\.name)
            let listing = self.listing
            plan = Task { try await ListingEngine.ranges(after: names, listing: listing) }
        }
        return page.entries
    }

    /// The ranges after the first page: cut at the real entries the split guesses land on.
    static func ranges(after names: [String], listing: ParallelListing) async throws -> [KeyRange] {
        let last = names[names.count - 1]
        let guesses = SplitPoints.candidates(after: names, prefix: listing.source.prefix, limit: listing.splitLimit)
        let probed = try await probe(guesses, source: listing.source, concurrency: listing.concurrency)
        let splits = SplitPoints.entries(probed, after: last)
        var ranges: [KeyRange] = []
        var after = last
        var head: ListingEntry?
        for split in splits {
            ranges.append(KeyRange(after: after, endBefore: split.name, head: head))
            after = split.name
            head = split
        }
        ranges.append(KeyRange(after: after, endBefore: nil, head: head))
        return ranges
    }

    /// The first entry after each guess, `concurrency` requests at a time.
    static func probe(_ guesses: [String], source: RangeSource, concurrency: Int) async throws -> [ListingEntry] {
        try await withThrowingTaskGroup(of: ListingEntry?.self) { group in
            var found: [ListingEntry] = []
            var pending = guesses.makeIterator()
            for _ in 0..<concurrency {
                guard let guess = pending.next() else { break }
                group.addTask { try await source.probe(after: guess) }
            }
            while let entry = try await group.next() {
                if let entry { found.append(entry) }
                if let guess = pending.next() { group.addTask { try await source.probe(after: guess) } }
            }
            return found
        }
    }

    deinit {
        plan?.cancel()
        for range in ranges { range.cancel() }
    }
}
