import Storage
import Workers

/// Every entry of a container listing, in byte order, fetched as several key ranges
/// at once when the folder is large.
///
/// The first page is fetched alone. When it is full and the reader asks for more, split
/// points are guessed from it (`SplitPoints`), probed for the real entries they land on,
/// and the rest of the listing is cut there into ranges (`ListingQuery.endBefore`) listed side by side,
/// `concurrency` ranges at a time: the one being read at most `depth` pages ahead of
/// the reader, each after it its first page. Memory is bounded by the pages in flight,
/// not by the folder. A short first page,
/// a first page that suggests no split, or a `concurrency` of 1 goes on as one
/// stream, still fetching the next page while the current one is read. Each element
/// is one page.
public struct ParallelListing: AsyncSequence, Sendable {
    public typealias Element = [ListingEntry]
    let source: RangeSource
    let concurrency: Int
    let depth: Int
    let splitLimit: Int

    /// Lists `container` under `prefix`, folded at `delimiter`, in pages of at most
    /// `pageSize` entries (the store's largest by default), `concurrency` ranges at a
    /// time, from at most `splitLimit` split guesses; `namesOnly` as `ListingQuery` has it.
    public init(
        store: any ObjectStore, container: String, prefix: String = "", delimiter: Character? = nil, namesOnly: Bool = false,
        pageSize: Int? = nil, concurrency: Int = ParallelListing.defaultConcurrency, depth: Int = 2, splitLimit: Int = 32
    ) {
        let size = Swift.min(pageSize ?? store.maximumPageSize, store.maximumPageSize)
        source = RangeSource(
            store: store, container: container, prefix: prefix, delimiter: delimiter, namesOnly: namesOnly,
            pageSize: Swift.max(1, size))
        self.concurrency = Swift.max(1, concurrency)
        self.depth = Swift.max(1, depth)
        self.splitLimit = Swift.max(0, splitLimit)
    }

    /// How many ranges one listing keeps in flight by default.
    public static let defaultConcurrency = 4

    /// The `concurrency` for each of `containers` listings run side by side, `width`
    /// at a time: together as many ranges as one listing alone keeps busy, since each
    /// range beyond what keeps the server busy only costs requests (its split's probe,
    /// the one that finds its end).
    public static func concurrency(eachOf containers: Int, width: Int) -> Int {
        Swift.max(1, defaultConcurrency / Swift.max(1, Swift.min(containers, width)))
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
    /// The first page's names, when the ranges after it are still to be planned.
    private var planAfter: [String]?
    private var ranges: [RangeCursor] = []
    private var current = 0
    private var started = false

    init(listing: ParallelListing) {
        self.listing = listing
    }

    func next() async throws -> [ListingEntry]? {
        try Task.checkCancellation()
        guard started else { return try await first() }
        // Planned only now: a reader that stops after the first page (`ls -R | head -1`)
        // costs one request, not the probes as well.
        if let names = planAfter {
            planAfter = nil
            ranges = try await Self.ranges(after: names, listing: listing).map { RangeCursor(range: $0, source: listing.source) }
        }
        while current < ranges.count {
            // The range being read keeps `depth` pages coming; those after it only need
            // their first page in hand when the reader gets there. Deeper, they fill
            // ahead whenever the reader waits for a core, and hold pages nobody reads yet.
            for index in current..<min(current + listing.concurrency, ranges.count) {
                ranges[index].fill(depth: index == current ? listing.depth : 1)
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

    /// The first page, alone; the rest is planned when the reader asks for it.
    private func first() async throws -> [ListingEntry]? {
        started = true
        let source = listing.source
        let page = try await source.page(after: "", endBefore: nil)
        guard let last = page.next else { return page.entries.isEmpty ? nil : page.entries }
        // One range at a time would list them one after another: splitting would buy
        // nothing but the requests that find the splits and the ranges' ends.
        if page.entries.count < source.pageSize || listing.concurrency == 1 {
            ranges = [RangeCursor(range: KeyRange(after: last), source: source)]
        } else {
            planAfter = page.entries.map(\.name)
        }
        return page.entries
    }

    /// The ranges after the first page: cut at the real entries the split guesses land on.
    static func ranges(after names: [String], listing: ParallelListing) async throws -> [KeyRange] {
        let last = names[names.count - 1]
        let guesses = SplitPoints.candidates(after: names, prefix: listing.source.prefix, limit: listing.splitLimit)
        let probed = try await probe(guesses, source: listing.source, concurrency: listing.concurrency)
        let splits = SplitPoints.fewer(SplitPoints.entries(probed, after: last), limit: 2 * listing.concurrency)
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

    /// The entries the guesses land on, probed in ascending order, `concurrency` at a
    /// time. Each probe costs the server a request, so none is spent on a sure answer:
    /// a guess before an entry already found lands on that entry too, and once a guess
    /// lands on nothing, so does every guess after it.
    static func probe(_ guesses: [String], source: RangeSource, concurrency: Int) async throws -> [ListingEntry] {
        var found: [ListingEntry] = []
        var pending = guesses[...]
        while !pending.isEmpty {
            let wave = Array(pending.prefix(concurrency))
            pending = pending.dropFirst(wave.count)
            for entry in try await landings(of: wave, source: source) {
                guard let entry else { return found }
                found.append(entry)
            }
            if let reached = found.last?.name { pending = pending.drop { $0.precedesInByteOrder(reached) } }
        }
        return found
    }

    /// The first entry after each guess, all at once, in the guesses' order.
    static func landings(of guesses: [String], source: RangeSource) async throws -> [ListingEntry?] {
        try await WorkerPool.map(guesses, limit: guesses.count) { try await source.probe(after: $0) }
    }

    deinit {
        for range in ranges { range.cancel() }
    }
}
