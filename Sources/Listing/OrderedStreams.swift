import Storage
import Workers

/// Several page streams read concurrently and handed out in order: the first stream's
/// pages, then the second's. At most `width` streams run at once, each at most
/// `depth` pages ahead of the reader, so memory is bounded by the pages in flight.
///
/// Each stream is pulled by one task at a time (each fetch waits for the one before
/// it), so a stream's state is never touched by two tasks together.
public struct OrderedStreams<Page: Sendable> {
    /// Makes a stream's page source when the stream starts; it is called for nothing else.
    public typealias Start = @Sendable () -> @Sendable () async throws -> Page?
    private var streams: [StreamCursor<Page>]
    private var current = 0
    private let width: Int
    private let depth: Int

    public init(_ starts: [Start], width: Int, depth: Int = 2) {
        streams = starts.map(StreamCursor.init)
        self.width = max(1, width)
        self.depth = max(1, depth)
    }

    /// The next page and the index of the stream it came from; nil after the last. A
    /// cancelled reader gets no page more, even one fetched already.
    public mutating func next() async throws -> (stream: Int, page: Page)? {
        while current < streams.count {
            try Task.checkCancellation()
            for index in current..<min(current + width, streams.count) { streams[index].fill(depth: depth) }
            if let page = try await streams[current].next() { return (current, page) }
            current += 1
        }
        return nil
    }

    /// Stops every fetch on its way.
    public func cancel() { for stream in streams { stream.cancel() } }
}

/// One stream's fetches on their way, each after the one before.
final class StreamCursor<Page: Sendable> {
    private let start: OrderedStreams<Page>.Start
    private var fetch: (@Sendable () async throws -> Page?)?
    private let queue = PrefetchQueue<Page?>()
    private var ended = false

    init(_ start: @escaping OrderedStreams<Page>.Start) { self.start = start }

    func fill(depth: Int) {
        guard !ended else { return }
        let fetch = self.fetch ?? start()
        self.fetch = fetch
        queue.fill(depth: depth) { previous in
            // A stream that ended ends every fetch queued after it.
            if let previous, try await previous.value == nil { return nil }
            return try await fetch()
        }
    }

    func next() async throws -> Page? {
        guard !ended else { return nil }
        fill(depth: 1)
        let page = try await queue.next() ?? nil
        if page == nil { cancel() }
        return page
    }

    func cancel() {
        ended = true
        queue.cancel()
    }
}

/// A `ParallelListing` pulled one page at a time by whichever task fetches next.
/// Safe to share because `OrderedStreams` never runs two fetches of one stream together.
public final class ListingPuller: @unchecked Sendable {
    private var iterator: ParallelListing.Iterator

    public init(_ listing: ParallelListing) { iterator = listing.makeAsyncIterator() }

    public func next() async throws -> [ListingEntry]? { try await iterator.next() }
}
