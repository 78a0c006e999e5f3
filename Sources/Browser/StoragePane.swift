import Navigation
import Storage

/// A pane that shows part of an account. Subclasses fetch their own content and
/// decide what comes next (`child(named:)`); the container only moves them.
open class StoragePane: Pane {
    public let store: any ObjectStore
    /// The folder commands act on while this pane is current.
    public let folder: Location
    /// The name of this pane's entry in the pane to its left, which marks it.
    public let nameInParent: String?
    /// The content, once loaded; nil before the pane is first shown and after unloading.
    public private(set) var content: PaneContent?

    public init(store: any ObjectStore, folder: Location, nameInParent: String?) {
        self.store = store
        self.folder = folder
        self.nameInParent = nameInParent
        super.init()
    }

    /// Whether the pane lists a folder (the account or a container or pseudo-folder),
    /// as opposed to an object's info or search results.
    public var isFolderPane: Bool { self is FolderPane || self is AccountPane }

    /// The pane's heading, e.g. `photos/2024/`.
    open var title: String { folder.description }

    override open var isContentLoaded: Bool { content != nil }
    override open func unloadContent() { content = nil }

    /// Whoever wants to see the content grow during a load, while `load(reporting:)` runs.
    private var partialObserver: ((StoragePane) -> Void)?

    /// Fetches the content now; a failure is kept as the content, and rethrown. A pane
    /// whose content grows while it loads (search results) shows it as it goes, and
    /// calls `reporting` after each step, on the loading task.
    public func load(reporting: ((StoragePane) -> Void)? = nil) async throws {
        partialObserver = reporting
        defer { partialObserver = nil }
        do {
            content = try await fetchContent()
        } catch is CancellationError {
            content = nil  // nothing half-loaded stays on show
            throw StorageError.cancelled
        } catch StorageError.cancelled {
            content = nil
            throw StorageError.cancelled
        } catch {
            content = .failed(error as? BrowserError ?? .storage(error as? StorageError ?? .io("the pane could not be loaded")))
            throw error
        }
    }

    /// What the pane shows; subclasses override.
    open func fetchContent() async throws -> PaneContent { .listing(PaneListing()) }

    /// For `fetchContent`: shows the content found so far while the fetch goes on.
    public func showPartial(_ partial: PaneContent) {
        content = partial
        partialObserver?(self)
    }

    /// The pane that opens `name` from this one. With `verify`, the store is asked
    /// whether it exists and whether it is a folder or an object; without, a folder
    /// pane is made for a path the caller knows to exist (it fetches nothing).
    open func child(named name: String, verify: Bool) async throws -> StoragePane {
        try await PaneFactory.pane(for: folder.appending(name), store: store, verify: verify)
    }

    override open var traceName: String { "\(kindName) \(title)" }
    open var kindName: String { "pane" }
}
