import Listing
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
    override public var kindName: String { folder.isContainer ? "container" : "folder" }

    /// Entries a folder pane loads: more than the tallest terminal shows, so that it
    /// can say "… N+ more". Listing 100 names took 8 ms on the test server against
    /// 33 ms for 1,000, and a pane shows a screenful either way; `ls` lists them all.
    public static let loadedEntries = 100

    /// Rows whose DLO sizes are looked up: a screenful, so the pane agrees with `ls -l`
    /// and `info` where it is read, and opening a folder costs a bounded number of HEADs.
    static let lookedUpRows = 30

    override public func fetchContent() async throws -> PaneContent {
        var listing = PaneListing(countLimit: Self.loadedEntries)
        listing.containerObjects = containerObjects
        let container = folder.container!
        var isFirstPage = true
        // A pane loads what it can show: one page of `countLimit`, however large the folder.
        for try await listed in store.objectPages(in: container, prefix: folder.prefix, delimiter: "/", pageSize: listing.countLimit) {
            var page = listed
            if isFirstPage {
                let shown = await LargeObjectLookup.resolving(Array(listed.prefix(Self.lookedUpRows)), container: container, store: store)
                page = shown + listed.dropFirst(Self.lookedUpRows)
                isFirstPage = false
            }
            // The folder's own marker object (`prefix` itself) is not an entry of it.
            for entry in page { if let shown = PaneEntry(entry, in: folder) { listing.add(shown) } }
            if listing.reachedCountLimit() { break }
        }
        return .listing(listing)
    }
}
