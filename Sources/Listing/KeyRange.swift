import Storage
import Workers

/// One key range of a listing: entries after `after` and before `endBefore`,
/// preceded by `head`, the split entry at `after` that a probe found.
struct KeyRange: Sendable {
    var after: String
    var endBefore: String?
    var head: ListingEntry?
}

/// A page of a range and the marker of the page after it; nil at the range's end.
struct RangePage: Sendable {
    var entries: [ListingEntry]
    var next: String?

    static let end = RangePage(entries: [], next: nil)
}

/// How one listing is fetched: the store, the container and the query's fixed parts.
struct RangeSource: Sendable {
    let store: any ObjectStore
    let container: String
    let prefix: String
    let delimiter: Character?
    let namesOnly: Bool
    let pageSize: Int

    /// One page after `marker`, before `endBefore`, with the marker of the next one.
    func page(after marker: String, endBefore: String?) async throws -> RangePage {
        try Task.checkCancellation()
        let query = ListingQuery(prefix: prefix, delimiter: delimiter, marker: marker, limit: pageSize, endBefore: endBefore, namesOnly: namesOnly)
        let entries = try await store.listObjects(in: container, query)
        guard let last = entries.last?.name else { return .end }
        // A short page ends the listing where the store says so; a marker that does
        // not advance would loop forever.
        let ends = (store.shortPageEndsListing && entries.count < pageSize) || !marker.precedesInByteOrder(last)
        return RangePage(entries: entries, next: ends ? nil : last)
    }

    /// The first entry after `marker`: where a split guess really lands.
    func probe(after marker: String) async throws -> ListingEntry? {
        let query = ListingQuery(prefix: prefix, delimiter: delimiter, marker: marker, limit: 1, namesOnly: namesOnly)
        return try await store.listObjects(in: container, query).first
    }
}

/// The pages of one range being fetched ahead of the reader, at most `depth` of
/// them; each request follows the one before, whose last name is its marker.
final class RangeCursor {
    let range: KeyRange
    private let source: RangeSource
    private let queue = PrefetchQueue<RangePage>()
    /// Where the page after the last one read starts; nil once the range has ended.
    private var resumeMarker: String?
    private var headPending: Bool

    init(range: KeyRange, source: RangeSource) {
        self.range = range
        self.source = source
        resumeMarker = range.after
        headPending = range.head != nil
    }

    /// Starts fetches until `depth` pages are on their way or in hand.
    func fill(depth: Int) {
        guard let resumeMarker else { return }
        queue.fill(depth: depth) { [source, range] previous in
            guard let previous else { return try await source.page(after: resumeMarker, endBefore: range.endBefore) }
            guard let marker = try await previous.value.next else { return .end }
            return try await source.page(after: marker, endBefore: range.endBefore)
        }
    }

    /// The next page, waited for; its `next` is nil at the end of the range.
    func next() async throws -> RangePage {
        guard resumeMarker != nil else { return .end }
        fill(depth: 1)
        guard let page = try await queue.next() else { return .end }
        resumeMarker = page.next
        if page.next == nil { cancel() }
        return page
    }

    /// The head entry, once, before the range's first page.
    func takeHead() -> ListingEntry? {
        defer { headPending = false }
        return headPending ? range.head : nil
    }

    /// Stops every fetch still on its way.
    func cancel() { queue.cancel() }
}
