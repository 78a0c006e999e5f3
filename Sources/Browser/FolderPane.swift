import Storage

/// The account root: lists containers.
public final class AccountPane: StoragePane {
    public let clusterName: String

    public init(store: any ObjectStore, clusterName: String) {
        self.clusterName = clusterName
        super.init(store: store, folder: .root, nameInParent: nil)
    }

    override public var title: String { "\(clusterName):/" }
    override public var kindName: String { "account" }

    override public func fetchContent() async throws -> PaneContent {
        var listing = PaneListing()
        for try await page in store.containerPages() {
            for container in page {
                listing.add(PaneEntry(name: container.name, isFolder: true, bytes: container.bytes, objectCount: container.objectCount))
            }
            if listing.reachedCountLimit() { break }
        }
        return .listing(listing)
    }
}

/// A container's top level or a pseudo-folder in it: lists with delimiter `/`.
public final class FolderPane: StoragePane {
    /// Objects in the whole container, when this is a container's top and the store counts them.
    let containerObjects: Int?

    public init(store: any ObjectStore, location: Location, containerObjects: Int? = nil) {
        precondition(location.container != nil, "a folder pane needs a container")
        self.containerObjects = containerObjects
        super.init(store: store, folder: location, nameInParent: location.entryName)
    }

    override public var title: String { folder.folderTitle }
    override public var kindName: String { folder.segments.count == 1 ? "container" : "folder" }

    override public func fetchContent() async throws -> PaneContent {
        var listing = PaneListing()
        listing.containerObjects = containerObjects
        // A pane loads what it can show: one page of `countLimit`, however large the folder.
        for try await page in store.objectPages(in: folder.container!, prefix: folder.prefix, delimiter: "/", pageSize: PaneListing.countLimit) {
            // The folder's own marker object (`prefix` itself) is not an entry of it.
            for entry in page { if let shown = PaneEntry(entry, in: folder) { listing.add(shown) } }
            if listing.reachedCountLimit() { break }
        }
        return .listing(listing)
    }
}
