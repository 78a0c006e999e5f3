import Storage

/// Decides which pane shows a location: a folder pane for a container or
/// pseudo-folder, an info pane for an object.
@MainActor
enum PaneFactory {
    static func pane(for location: Location, store: any ObjectStore, verify: Bool) async throws -> StoragePane {
        precondition(location.container != nil, "the root has no parent pane")
        guard verify else { return FolderPane(store: store, location: location) }
        switch try await PathResolver(store: store).resolve(location) {
        case .account: preconditionFailure("a location with a container is not the account")
        case .container(_, let objects): return FolderPane(store: store, location: location, containerObjects: objects)
        case .folder: return FolderPane(store: store, location: location)
        case .object(let object, _): return InfoPane(store: store, target: .object(object), folder: location.parent!)
        }
    }
}
