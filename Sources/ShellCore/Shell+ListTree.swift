import Browser
import Foundation
import Listing
import Storage

extension Shell {
    /// Containers `ls -R` lists at once at the root, each in key ranges of its own.
    static let treeContainersAtOnce = 3

    /// `ls -R [-l] [--json] [PATH]`: every object under a folder at any depth, named from
    /// it, streamed page by page through `ParallelListing` with no delimiter. At the
    /// root, every container's objects, several containers listed at once.
    func listTree(_ target: Location, long: Bool, human: Bool, json: Bool) async throws {
        let style = TreeStyle(long: long, human: human, json: json)
        guard let container = target.container else { return try await listEveryContainer(style) }
        var listedAny = false
        let listing = ParallelListing(store: session.store, container: container, prefix: target.prefix, namesOnly: !style.showsSizes)
        for try await page in listing {
            listedAny = listedAny || !page.isEmpty
            let objects = await Self.treeObjects(page, under: target, store: session.store, lookingUpSizes: style.showsSizes)
            writeTree(objects, container: container, namedFrom: target, style)
        }
        if !listedAny { try await listNothingUnder(target, long: long, human: human, json: json) }
    }

    /// Every container's objects, named `CONTAINER/NAME`, in byte order: the containers
    /// are listed `treeContainersAtOnce` at a time (`OrderedStreams`), each a few pages
    /// ahead of the output at most, so memory is bounded by the pages in flight.
    private func listEveryContainer(_ style: TreeStyle) async throws {
        let store = session.store
        var containers: [String] = []
        for try await page in store.containerPages() { containers += page.map(\.name) }
        let sizes = style.showsSizes
        let each = ParallelListing.concurrency(eachOf: containers.count, width: Self.treeContainersAtOnce)
        var streams = OrderedStreams<[ObjectSummary]>(containers.map { container in
            { Self.treePages(of: container, concurrency: each, store: store, lookingUpSizes: sizes) }
        }, width: Self.treeContainersAtOnce)
        defer { streams.cancel() }
        while let (index, objects) = try await streams.next() {
            writeTree(objects, container: containers[index], namedFrom: .root, style)
        }
    }

    /// The pages of one whole container's objects, one listing page at a time.
    private static func treePages(of container: String, concurrency: Int, store: any ObjectStore, lookingUpSizes: Bool)
        -> @Sendable () async throws -> [ObjectSummary]? {
        let listing = ParallelListing(store: store, container: container, namesOnly: !lookingUpSizes, concurrency: concurrency)
        let puller = ListingPuller(listing)
        let folder = Location(segments: [container])
        return {
            guard let page = try await puller.next() else { return nil }
            return await treeObjects(page, under: folder, store: store, lookingUpSizes: lookingUpSizes)
        }
    }

    /// The objects of a listing page under `folder`, without the folder's own marker
    /// (it is the folder, not something under it); with sizes shown, an empty object
    /// that may be a DLO is looked up first, as in `ls -l`.
    private static func treeObjects(_ page: [ListingEntry], under folder: Location, store: any ObjectStore,
                                    lookingUpSizes: Bool) async -> [ObjectSummary] {
        let objects = page.compactMap { entry -> ObjectSummary? in
            guard case .object(let object) = entry, object.name != folder.prefix else { return nil }
            return object
        }
        guard lookingUpSizes, let container = folder.container else { return objects }
        return await LargeObjectLookup.resolving(objects, container: container, store: store)
    }

    /// Writes objects of `container`, named relative to `base` (`CONTAINER/NAME` from the root).
    private func writeTree(_ objects: [ObjectSummary], container: String, namedFrom base: Location, _ style: TreeStyle) {
        let lead = base.isRoot ? container + "/" : ""
        let skip = base.prefix.utf8.count
        let names = objects.map { lead + String(decoding: $0.name.utf8.dropFirst(skip), as: UTF8.self) }
        if style.json {
            writeJSON(zip(objects, names).map { JSONRecord.result($0, container: container, name: $1) })
        } else {
            write(zip(objects, names).map { EntryLine(name: $1, isFolder: false, bytes: $0.bytes, date: $0.lastModified, manifest: $0.manifestKind) },
                  long: style.long, human: style.human)
        }
    }
}

/// How `ls -R` writes: `-l`, `-h`, `--json`.
private struct TreeStyle {
    var long: Bool
    var human: Bool
    var json: Bool
    /// Whether sizes are shown (and a DLO's must be looked up).
    var showsSizes: Bool { long || json }
}
