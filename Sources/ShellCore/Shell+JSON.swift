import Browser
import Storage

// `info --json` and `search --json` answer a question and leave the panes as they are.
extension Shell {
    /// `info --json [NAME]`: one record for the account, a container, a folder or an object.
    func infoJSON(_ path: String?) async throws -> Outcome {
        // Search results are named by their path from the root.
        let base = session.isInSearchMode && path != nil ? Location.root : session.currentFolder
        let target = try base.resolving(path ?? ".")
        let store = session.store
        guard let container = target.container else {
            writeJSON([JSONRecord.account(try await store.accountInfo(), cluster: clusterName)])
            return .proceed
        }
        if target.segments.count == 1 {
            writeJSON([JSONRecord.container(try await store.containerInfo(container))])
            return .proceed
        }
        if !(try await store.listObjects(in: container, ListingQuery(prefix: target.prefix, limit: 1))).isEmpty {
            let (count, bytes) = try await InfoPane.folderTotals(target, store: store)
            writeJSON([JSONRecord.folder(target, count: count, bytes: bytes)])
            return .proceed
        }
        let info: ObjectInfo
        do {
            info = try await store.objectInfo(container: container, name: String(target.prefix.dropLast()))
        } catch StorageError.noSuchObject {
            throw BrowserError.notFound("\(target.objectPath): no such object or folder")
        }
        writeJSON([JSONRecord.object(info, segments: try await segmentCount(of: info))])
        return .proceed
    }

    /// How many segments a large object has, counted as its info pane counts them.
    func segmentCount(of info: ObjectInfo) async throws -> Int? {
        switch info.largeObject {
        case .staticManifest: try await session.store.segments(ofObject: info.container, name: info.name)?.count
        case .dynamicManifest(let manifest): try await InfoPane.dynamicSegmentSizes(manifest, store: session.store)?.1.count
        case .multipartUpload(let parts, _): parts
        case nil: nil
        }
    }

    /// `search --json [--in PATH] TERM`: every result, streamed as it is found.
    func searchJSON(_ term: String, in scopePath: String?) async throws -> Outcome {
        let scope = try await session.searchScope(scopePath)
        try await writeJSONResults(of: SearchPane(store: session.store, term: term, scope: scope, openedFrom: session.currentFolder))
        return .proceed
    }

    func writeJSONResults(of search: SearchPane) async throws {
        try await search.eachMatch { container, objects in
            writeJSON(objects.map { object in
                JSONRecord.result(object, container: container, name: SearchPane.resultName(container: container, object: object.name))
            })
        }
    }
}
