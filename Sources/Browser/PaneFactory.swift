import Storage

/// Decides which pane shows a location: a folder pane for a container or
/// pseudo-folder, an info pane for an object.
enum PaneFactory {
    static func pane(for location: Location, store: any ObjectStore, verify: Bool) async throws -> StoragePane {
        guard let container = location.container else { preconditionFailure("the root has no parent pane") }
        guard verify else { return FolderPane(store: store, location: location) }
        if location.segments.count == 1 {
            // The check that the container exists also gives its object count, where the
            // account listing has one (Swift): what a pane of a huge container says is left.
            let summary = try await store.listContainers(ListingQuery(prefix: container, limit: 1)).first
            guard let summary, summary.name == container else {
                throw BrowserError.notFound("\(container): no such container")
            }
            return FolderPane(store: store, location: location, containerObjects: summary.objectCount)
        }
        let name = String(location.prefix.dropLast())
        do {
            let inside = try await store.listObjects(in: container, ListingQuery(prefix: location.prefix, limit: 1))
            if !inside.isEmpty { return FolderPane(store: store, location: location) }
            let object = try await store.objectInfo(container: container, name: name)
            return InfoPane(store: store, target: .object(object), folder: location.parent!)
        } catch StorageError.noSuchObject {
            throw BrowserError.notFound("\(location.segments.dropFirst().joined(separator: "/")): no such file or folder in \(container)")
        } catch StorageError.noSuchContainer {
            throw BrowserError.notFound("\(container): no such container")
        }
    }
}
