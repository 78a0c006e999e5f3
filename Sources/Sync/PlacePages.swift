import Foundation
import Listing
import Places
import Storage
import Transfers

/// The names of a place in byte order, a page at a time: a store's listing (no
/// delimiter; folder markers dropped; objects a listing cannot tell looked up), or a
/// walk of a local folder (downloads' partial files left out). Excluded names are
/// dropped on both sides. A place that is not there has no names.
///
/// Throws `SyncError.unordered` when a name does not sort after the one before it: a
/// merge of names out of order would call present names missing.
public struct PlacePages: AsyncSequence, Sendable {
    public typealias Element = [PlaceEntry]
    let place: SyncPlace
    let filter: NameFilter
    let pageSize: Int

    public init(_ place: SyncPlace, filter: NameFilter = .none, pageSize: Int = 1_000) {
        self.place = place
        self.filter = filter
        self.pageSize = Swift.max(1, pageSize)
    }

    public func makeAsyncIterator() -> Iterator {
        switch place {
        case .local(let root):
            let filter = self.filter
            let tree = LocalTree(
                root: root, prune: { filter.excludes($0) }, ignoredSuffixes: [LocalFile.partialSuffix, LocalFile.journalSuffix])
            return Iterator(source: .local(tree, root: root), filter: filter, pageSize: pageSize)
        case .remote(let store, let folder):
            let listing = ParallelListing(store: store, container: folder.container!, prefix: folder.prefix).makeAsyncIterator()
            return Iterator(source: .remote(listing, store: store, folder: folder), filter: filter, pageSize: pageSize)
        }
    }

    public struct Iterator: AsyncIteratorProtocol {
        enum Source {
            case local(LocalTree, root: String)
            case remote(ParallelListing.Iterator, store: any ObjectStore, folder: Location)
        }

        var source: Source
        let filter: NameFilter
        let pageSize: Int
        var last: String?
        var ended = false

        public mutating func next() async throws -> [PlaceEntry]? {
            while !ended {
                try Task.checkCancellation()
                guard let page = try await nextPage() else {
                    ended = true
                    return nil
                }
                let kept = page.filter { !filter.excludes($0.name) }
                try checkOrder(kept)
                if !kept.isEmpty { return kept }
            }
            return nil
        }

        mutating func checkOrder(_ page: [PlaceEntry]) throws {
            for entry in page {
                if let last, !last.precedesInByteOrder(entry.name) { throw SyncError.unordered(entry.name) }
                last = entry.name
            }
        }

        /// The next page of the source, nil at its end.
        mutating func nextPage() async throws -> [PlaceEntry]? {
            switch source {
            case .local(let tree, let root):
                do {
                    let files = try tree.next(pageSize)
                    return files.isEmpty ? nil : files.map { PlaceEntry(name: $0.relative, origin: .file($0)) }
                } catch StorageError.io where !LocalPlace.exists(root) {
                    return nil
                }
            case .remote(var listing, let store, let folder):
                defer { source = .remote(listing, store: store, folder: folder) }
                let page: [ListingEntry]
                do {
                    guard let listed = try await listing.next() else { return nil }
                    page = listed
                } catch StorageError.noSuchContainer {
                    return nil
                }
                let objects = page.compactMap { entry -> ObjectSummary? in
                    guard case .object(let object) = entry, !object.name.hasSuffix("/") else { return nil }
                    return object
                }
                return await LargeObjectLookup.resolving(objects, container: folder.container!, store: store).map {
                    PlaceEntry(name: folder.relativeName(of: $0.name), origin: .object($0))
                }
            }
        }
    }
}

/// Facts of a local place.
public enum LocalPlace {
    /// Whether `path` is a directory (following links, as the user named it).
    public static func exists(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
