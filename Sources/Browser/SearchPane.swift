import Listing
import NameIndex
import Storage

/// Search results across the account (or under a folder): objects whose names match.
public final class SearchPane: StoragePane {
    public let matcher: SearchMatcher
    /// Where the search looks: the root for the whole account.
    public let scope: Location

    /// Bounds on the results' sizes and dates.
    public let filter: SearchFilter
    /// The local index that answers, when one covers the scope and `--live` was not
    /// asked; nil: the server is listed.
    public let index: IndexCoverage?

    public init(
        store: any ObjectStore, term: String, scope: Location, openedFrom folder: Location, filter: SearchFilter = SearchFilter(),
        index: IndexCoverage? = nil
    ) {
        matcher = SearchMatcher(term: term)
        self.scope = scope
        self.filter = filter
        self.index = index
        super.init(store: store, folder: folder, nameInParent: nil)
    }

    /// `index of 12 min ago` when the index answers; nil when the server does.
    public var indexAge: String? { index.map { "index of " + IndexAge.words(since: $0.since) } }

    /// Whoever prints the results as they are found, during a load: every page, also
    /// past the entries the pane keeps.
    var pageObserver: (([PaneEntry]) -> Void)?

    override public var kindName: String { "search" }
    override public var title: String {
        "search \(matcher.term)" + (scope.isRoot ? "" : " in \(scope)") + (indexAge.map { " (\($0))" } ?? "")
    }

    /// The results, shown as they are found (`showPartial` after each page of them).
    /// A search stopped midway (Ctrl-C cancels its task) keeps what it found and says so.
    override public func fetchContent() async throws -> PaneContent {
        var listing = PaneListing()
        listing.progress = .running
        do {
            try await eachResult { page in
                for entry in page { listing.add(entry) }
                pageObserver?(page)
                showPartial(.listing(listing))
            }
            listing.progress = .finished
        } catch {
            guard Task.isCancelled else { throw error }
            listing.progress = .stopped
        }
        return .listing(listing)
    }

    /// Every result, when the pane holds all of a search that ran to its end (no more
    /// than a pane keeps): `ls` prints them as the pane shows them, with no second walk
    /// of the account. Nil while it runs, after Ctrl-C, once unloaded, or when there
    /// were more results than a pane keeps (then `ls` searches again, streaming).
    public var allResults: [PaneEntry]? {
        guard case .listing(let listing)? = content, listing.progress == .finished,
            listing.entries.count == listing.total
        else { return nil }
        return listing.entries
    }

    /// Streams every result, a page at a time, for the pane and for `ls`.
    public func eachResult(_ body: ([PaneEntry]) -> Void) async throws {
        try await eachMatch { container, objects in
            body(
                objects.map { object in
                    PaneEntry(
                        name: Self.resultName(container: container, object: object.name), isFolder: object.name.hasSuffix("/"),
                        bytes: object.bytes, lastModified: object.lastModified)
                })
        }
    }

    /// Streams every matching object as the listing gave it, with its container, a page
    /// at a time, in container order, walking the containers as `AccountWalk` does; only
    /// matches wait in memory, a few pages of them.
    public func eachMatch(_ body: (_ container: String, _ objects: [ObjectSummary]) -> Void) async throws {
        guard let prefix = Self.listingPrefix(scope: scope.prefix, term: matcher.namePrefix) else { return }
        let (matcher, filter) = (matcher, filter)
        if let index {
            let query = IndexQuery(
                runs: matcher.requiredRuns, runIsTheMatch: !matcher.isGlob, facts: filter.keeps(bytes:lastModified:),
                blocks: { [filter] in filter.mayKeep(within: $0) }
            ) { matcher.matches($0.name) }
            return try index.eachMatch(query, body)
        }
        let containers: [String]
        if let container = scope.container {
            containers = [container]
        } else {
            var names: [String] = []
            for try await page in store.containerPages() { names += page.map(\.name) }
            containers = names
        }
        try await AccountWalk(store: store, containers: containers, prefix: prefix)
            .eachPage(lookingUpSizes: false, keeping: { matcher.matches($0.name) && filter.keeps($0) }, body)
    }

    /// What to list: the scope's prefix, or the term's literal start when it lies within
    /// the scope; nil when the two exclude each other (nothing can match).
    static func listingPrefix(scope: String, term: String?) -> String? {
        guard let term else { return scope }
        if term.hasBytePrefix(scope) { return term }
        return scope.hasBytePrefix(term) ? scope : nil
    }

    /// A result's name: its path from the root (`photos/2024/beach.jpg`, a folder marker
    /// without its `/`), or the exact form (`//photos/a//b.jpg`) when a plain path cannot say it.
    public static func resultName(container: String, object name: String) -> String {
        let place = Location(container: container, objectName: Substring(name))
        if place.isExact { return name.hasSuffix("/") ? String(place.description.dropLast()) : place.objectPath }
        return String(place.description.dropFirst())
    }

    /// A result is named by its path from the root, e.g. `photos/2024/beach.jpg`.
    override public func child(named name: String, verify: Bool) async throws -> StoragePane {
        let location = try Location.root.resolving(name)
        guard location.container != nil else { throw BrowserError.notAResult(name) }
        return try await PaneFactory.pane(for: location, store: store, verify: true)
    }
}
