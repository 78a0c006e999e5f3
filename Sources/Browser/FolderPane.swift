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
    public init(store: any ObjectStore, location: Location) {
        precondition(location.container != nil, "a folder pane needs a container")
        super.init(store: store, folder: location, nameInParent: location.name)
    }

    override public var title: String { String(folder.description.dropFirst()) + "/" }
    override public var kindName: String { folder.segments.count == 1 ? "container" : "folder" }

    override public func fetchContent() async throws -> PaneContent {
        let prefix = folder.prefix
        var listing = PaneListing()
        for try await page in store.objectPages(in: folder.container!, prefix: prefix, delimiter: "/") {
            for entry in page {
                let relative = String(entry.name.utf8.dropFirst(prefix.utf8.count))!
                // The folder's own marker object (`prefix` itself) is not an entry of it.
                if relative.isEmpty { continue }
                switch entry {
                case .subdir:
                    listing.add(PaneEntry(name: String(relative.dropLast()), isFolder: true))
                case .object(let object):
                    listing.add(PaneEntry(name: relative, isFolder: false, bytes: object.bytes, lastModified: object.lastModified))
                case .container:
                    continue
                }
            }
            if listing.reachedCountLimit() { break }
        }
        return .listing(listing)
    }
}
