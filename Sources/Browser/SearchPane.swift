import Storage

/// Search results across the account (or under a folder): objects whose names match.
public final class SearchPane: StoragePane {
    public let matcher: SearchMatcher
    /// Where the search looks: the root for the whole account.
    public let scope: Location

    public init(store: any ObjectStore, term: String, scope: Location, openedFrom folder: Location) {
        matcher = SearchMatcher(term: term)
        self.scope = scope
        super.init(store: store, folder: folder, nameInParent: nil)
    }

    override public var kindName: String { "search" }
    override public var title: String { "search \(matcher.term)" + (scope.isRoot ? "" : " in \(scope)") }

    override public func fetchContent() async throws -> PaneContent {
        var listing = PaneListing()
        try await eachResult { page in
            for entry in page { listing.add(entry) }
        }
        return .listing(listing)
    }

    /// Streams every result, a page at a time, for the pane and for `ls`.
    public func eachResult(_ body: ([PaneEntry]) -> Void) async throws {
        let containers: [String]
        if let container = scope.container {
            containers = [container]
        } else {
            var names: [String] = []
            for try await page in store.containerPages() { names += page.map(\.name) }
            containers = names
        }
        for container in containers {
            for try await page in store.objectPages(in: container, prefix: scope.prefix) {
                var matches: [PaneEntry] = []
                for case .object(let object) in page where matcher.matches(object.name) {
                    let isMarker = object.name.hasSuffix("/")
                    matches.append(PaneEntry(name: Self.resultName(container: container, object: object.name), isFolder: isMarker,
                                             bytes: object.bytes, lastModified: object.lastModified))
                }
                body(matches)
            }
        }
    }

    /// A result's name: its path from the root (`photos/2024/beach.jpg`, a folder marker
    /// without its `/`), or the exact form (`//photos/a//b.jpg`) when a plain path cannot say it.
    static func resultName(container: String, object name: String) -> String {
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
