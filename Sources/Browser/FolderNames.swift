import Storage

/// The names of a folder as TAB completion asks for them: one bounded listing request,
/// each entry named as the panes name it.
public struct FolderNames: Sendable {
    public let store: any ObjectStore

    public init(store: any ObjectStore) { self.store = store }

    /// The entries under `folder` (containers at the root) starting with `prefix`, from
    /// one request of at most `limit`; `isComplete` when that request ended the listing
    /// (a short page ends it for every backend objsh has).
    public func page(in folder: Location, prefix: String, limit: Int) async throws -> (entries: [PaneEntry], isComplete: Bool) {
        guard let container = folder.container else {
            let page = try await store.listContainers(ListingQuery(prefix: prefix, limit: limit))
            return (page.map { PaneEntry(name: $0.name, isFolder: true) }, page.count < limit)
        }
        let query = ListingQuery(prefix: folder.prefix + prefix, delimiter: "/", limit: limit, namesOnly: true)
        let page = try await store.listObjects(in: container, query)
        return (page.compactMap { PaneEntry($0, in: folder) }, page.count < limit)
    }
}

extension BrowserSession {
    /// Folder names for TAB completion, on this session's store.
    public var folderNames: FolderNames { FolderNames(store: store) }
}
