import Storage

/// A name of either place, or of both.
public enum MergedName: Sendable, Equatable {
    case source(PlaceEntry)
    case destination(PlaceEntry)
    case both(PlaceEntry, PlaceEntry)

    /// The name, the same on both sides.
    public var name: String {
        switch self {
        case .source(let entry), .destination(let entry), .both(let entry, _): entry.name
        }
    }
}

/// Two places' pages, each in byte order, joined by name into one stream in byte
/// order. It holds one page of each side at a time, whatever the places hold.
public struct MergeJoin<Source: AsyncSequence & Sendable, Destination: AsyncSequence & Sendable>: AsyncSequence, Sendable
where Source.Element == [PlaceEntry], Destination.Element == [PlaceEntry] {
    public typealias Element = MergedName
    let source: Source
    let destination: Destination

    public init(_ source: Source, _ destination: Destination) {
        self.source = source
        self.destination = destination
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(source: PageCursor(source.makeAsyncIterator()), destination: PageCursor(destination.makeAsyncIterator()))
    }

    public struct Iterator: AsyncIteratorProtocol {
        var source: PageCursor<Source.AsyncIterator>
        var destination: PageCursor<Destination.AsyncIterator>

        public mutating func next() async throws -> MergedName? {
            let left = try await source.peek()
            let right = try await destination.peek()
            switch (left, right) {
            case (nil, nil): return nil
            case (let left?, nil): return .source(source.take(left))
            case (nil, let right?): return .destination(destination.take(right))
            case (let left?, let right?):
                // Bytes, not characters: `é` and `e\u{301}` are two names to a store.
                if left.name.utf8.elementsEqual(right.name.utf8) { return .both(source.take(left), destination.take(right)) }
                return left.name.precedesInByteOrder(right.name) ? .source(source.take(left)) : .destination(destination.take(right))
            }
        }
    }
}

/// One side's pages, read an entry at a time.
public struct PageCursor<Pages: AsyncIteratorProtocol> where Pages.Element == [PlaceEntry] {
    var pages: Pages
    var page: [PlaceEntry] = []
    var index = 0
    var ended = false

    init(_ pages: Pages) { self.pages = pages }

    /// The next entry, without taking it; nil at the end.
    mutating func peek() async throws -> PlaceEntry? {
        while index == page.count && !ended {
            if let next = try await pages.next() {
                page = next
                index = 0
            } else {
                ended = true
                page = []
                index = 0
            }
        }
        return index < page.count ? page[index] : nil
    }

    /// Takes the entry `peek` gave.
    mutating func take(_ entry: PlaceEntry) -> PlaceEntry {
        index += 1
        return entry
    }
}
