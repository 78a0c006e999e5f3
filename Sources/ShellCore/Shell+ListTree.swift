import Browser
import Foundation
import Listing
import Storage

extension Shell {
    /// `ls -R [-l] [--json] [PATH]`: every object under a folder at any depth, named from
    /// it, streamed page by page through `ParallelListing` with no delimiter. At the
    /// root, every container's objects, one container after the other.
    func listTree(_ target: Location, long: Bool, human: Bool, json: Bool) async throws {
        guard target.container != nil else {
            for try await page in session.store.containerPages() {
                for summary in page {
                    _ = try await listObjects(under: Location(segments: [summary.name]), namedFrom: .root, long: long, human: human, json: json)
                }
            }
            return
        }
        if try await !listObjects(under: target, namedFrom: target, long: long, human: human, json: json) {
            try await listNothingUnder(target, long: long, human: human, json: json)
        }
    }

    /// Writes every object under `folder`, named relative to `base`; false when there was none.
    private func listObjects(under folder: Location, namedFrom base: Location, long: Bool, human: Bool, json: Bool) async throws -> Bool {
        guard let container = folder.container else { return false }
        let lead = base.isRoot ? container + "/" : ""
        let skip = base.prefix.utf8.count
        var listedAny = false
        for try await page in ParallelListing(store: session.store, container: container, prefix: folder.prefix) {
            listedAny = listedAny || !page.isEmpty
            // The folder's own marker object is the folder, not something under it.
            let listed = page.compactMap { entry -> ObjectSummary? in
                guard case .object(let object) = entry, object.name != folder.prefix else { return nil }
                return object
            }
            // Sizes are shown: an empty object that may be a DLO is looked up first, as in ls.
            let objects = long || json ? await LargeObjectLookup.resolving(listed, container: container, store: session.store) : listed
            let names = objects.map { lead + String(decoding: $0.name.utf8.dropFirst(skip), as: UTF8.self) }
            if json {
                writeJSON(zip(objects, names).map { JSONRecord.result($0, container: container, name: $1) })
            } else {
                write(zip(objects, names).map { EntryLine(name: $1, isFolder: false, bytes: $0.bytes, date: $0.lastModified, manifest: $0.manifestKind) },
                      long: long, human: human)
            }
        }
        return listedAny
    }
}
