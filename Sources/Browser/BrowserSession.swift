import NameIndex
import Navigation
import Storage

/// One cluster's browser: its pane container and the operations the shell's
/// commands map to. Every operation either completes or leaves the panes as they
/// were (a failure to find a name is found before anything moves; a cancelled
/// load restores the panes shown before).
@MainActor
public final class BrowserSession {
    public let clusterName: String
    public let store: any ObjectStore
    public let container: PaneContainer
    /// Called on the loading task each time a visible pane's content grows during its
    /// load (search results as they are found), for whoever draws it to redraw.
    public var onPartialContent: ((StoragePane) -> Void)?
    /// Whether anything shows the panes. When nothing does (`-q`, `--json`), a pane that
    /// comes into view is left unloaded, so a script's `cd` and `upload` send no listing
    /// nobody reads; `open` still loads the account pane, the first proof of the credentials.
    public var panesAreShown = true
    /// This account's local index of names (`index`, and `search` from it); nil: none kept.
    public var nameIndex: NameIndex?

    public init(
        clusterName: String, store: any ObjectStore, cacheLimit: Int = 3,
        observer: ((LifecycleEvent, Pane) -> Void)? = nil
    ) {
        self.clusterName = clusterName
        self.store = store
        container = PaneContainer(cacheLimit: cacheLimit, observer: observer)
    }

    /// Shows the account pane; call once before anything else.
    public func open() async throws {
        if container.panes.isEmpty {
            try container.push(AccountPane(store: store, clusterName: clusterName), from: nil)
        }
        try await loadVisiblePanes()
    }

    public var left: StoragePane? { container.left as? StoragePane }
    public var right: StoragePane? { container.right as? StoragePane }
    public var current: StoragePane? { container.current as? StoragePane }
    public var isInSearchMode: Bool { container.isInSearchMode }
    /// The search term while in search mode.
    public var searchTerm: String? { isInSearchMode ? (container.panes.last { $0 is SearchPane } as? SearchPane)?.matcher.term : nil }

    /// The folder relative paths, `ls`, `upload` and `mkdir` act on.
    public var currentFolder: Location { current?.folder ?? .root }

    /// The pane that shows `location` as a folder, if it is visible.
    func visibleFolderPane(_ location: Location) -> StoragePane? {
        [right, left].compactMap { $0 }.first { pane in
            pane.isFolderPane && pane.folder == location
        }
    }

    /// Loads the content of every visible pane that has none (lazy loading).
    public func loadVisiblePanes() async throws {
        for case let pane as StoragePane in container.panesNeedingContent {
            try await pane.load(reporting: onPartialContent)
            container.noteLoaded(pane)
        }
    }

    /// Runs `change`, then loads what became visible; on a cancelled or failed
    /// change the panes shown before come back.
    func transact(_ change: () async throws -> Void) async throws {
        let before = container.snapshot()
        do {
            try await change()
            if panesAreShown { try await loadVisiblePanes() }
        } catch StorageError.cancelled {
            container.restore(before)
            throw StorageError.cancelled
        } catch is CancellationError {
            container.restore(before)
            throw StorageError.cancelled
        }
    }
}

extension BrowserSession {
    /// The one path resolver, over this session's store.
    var resolver: PathResolver { PathResolver(store: store) }

    /// What `path` names, relative to the current folder; in search mode a path names a
    /// result, from the root. At most one listing and one HEAD (see `PathResolver`).
    public func resolve(
        _ path: String?, probe: PathResolver.Probe = .folderFirst,
        expecting expected: NotFound.Expected = .objectOrFolder
    ) async throws -> Target {
        try await resolver.resolve(try location(of: path), probe: probe, expecting: expected)
    }

    /// What `location` names (see `PathResolver` for the probes and their cost).
    public func resolve(
        _ location: Location, probe: PathResolver.Probe = .folderFirst,
        expecting expected: NotFound.Expected = .objectOrFolder
    ) async throws -> Target {
        try await resolver.resolve(location, probe: probe, expecting: expected)
    }

    /// What `location` names, or that it is missing and whether its container is there.
    public func lookUp(_ location: Location, probe: PathResolver.Probe = .folderFirst) async throws -> Lookup {
        try await resolver.lookUp(location, probe: probe)
    }

    /// Where `path` points, without asking the store: relative to the current folder, or
    /// in search mode (where paths name results) relative to the root.
    public func location(of path: String?) throws -> Location { try place.location(of: path) }

    /// Where commands stand now (see `SessionPlace`): a command takes it when it starts.
    public var place: SessionPlace {
        SessionPlace(folder: currentFolder, searchOpenedFrom: isInSearchMode ? (stackBeforeSearchFolder ?? currentFolder) : nil)
    }
}
