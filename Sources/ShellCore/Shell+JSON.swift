import Browser
import Storage

// `info --json` and `search --json` answer a question and leave the panes as they are.
extension Shell {
    /// `info --json [NAME]`: one record for the account, a container, a folder or an object.
    func infoJSON(_ path: String?) async throws -> Outcome {
        let store = session.store
        switch try await session.resolve(path) {
        case .account:
            writeJSON([JSONRecord.account(try await store.accountInfo(), cluster: clusterName)])
        case .container(let name, _):
            writeJSON([JSONRecord.container(try await store.containerInfo(name))])
        case .folder(let location):
            let (count, bytes) = try await InfoPane.folderTotals(location, store: store)
            writeJSON([JSONRecord.folder(location, count: count, bytes: bytes)])
        case .object(let info, _):
            writeJSON([JSONRecord.object(info, segments: try await segmentCount(of: info))])
        }
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
