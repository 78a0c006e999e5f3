import Foundation
import NIOHTTP1
import Storage
import StorageHTTP

extension SwiftStore {
    /// A POST, which replaces all of an object's metadata and the headers Swift keeps
    /// beside it (Content-Disposition, X-Delete-At, a DLO's X-Object-Manifest…): so it
    /// carries the metadata as changed and every one of those headers as the HEAD gave
    /// them. The content type is sent only when it changes; Swift keeps it otherwise.
    public func updateMetadata(_ object: ObjectInfo, change: MetadataChange) async throws -> ObjectInfo {
        let changed = change.applied(to: object)
        var headers: HTTPHeaders = ["Content-Length": "0"]
        for (name, value) in object.headers.sorted(by: { $0.key < $1.key }) { headers.add(name: name, value: value) }
        for (key, value) in changed.metadata.sorted(by: { $0.key < $1.key }) { headers.add(name: "X-Object-Meta-" + key, value: value) }
        if let type = change.contentType { headers.add(name: "Content-Type", value: type) }
        // Sent again after a lost answer, the same POST leaves the same metadata.
        let response = try await send(
            .POST, path: try Self.objectPath(object.container, object.name), headers: headers, repeatable: true, body: { .bytes([]) })
        if response.status == 404 { throw StorageError.noSuchObject(container: object.container, name: object.name) }
        guard (200...299).contains(response.status) else { throw Self.unexpected(response) }
        return changed
    }
}
