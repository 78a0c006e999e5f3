import Foundation
import Glibc
import Listing
import Places
import Storage
import Workers

/// `get -r`: every object under a container or folder into a local folder, several
/// at once. A remote name that would land outside the folder, that no file can take, or
/// that needs as a folder what an earlier name took as a file (`LocalPathGate`) is
/// refused before anything is written for it; the others go on.
public struct FolderDownloader: Sendable {
    /// Fetches each object; its `parallel` is the most ranges of one object at once.
    public var downloader: Downloader
    /// Objects in flight at once, fixed (`--parallel N`); nil: `TransferWidth` chooses,
    /// and backs off from a busy server.
    public var pinned: Int?
    /// Connections a folder download opens at most, over all its objects and their
    /// ranges: what a store keeps to one host, beyond which requests queue.
    public static let connectionLimit = ServerLoad.connectionsPerHost

    public init(store: any ObjectStore) { downloader = Downloader(store: store) }

    /// Downloads every object under `place` (a container or folder) into `folder` (made
    /// if missing), each at its name below `place`, the objects taken from the listing
    /// engine: a HEAD only for those the listing cannot tell (see
    /// `LargeObjectLookup.objectInfo`). `failed` hears of each skipped or failed object,
    /// while the others go on. Returns how many objects were written.
    public func download(
        from place: Location, into folder: String, overwrite: Bool,
        progress: TransferProgress?, failed: @escaping @Sendable (ObjectFailure) -> Void
    ) async throws -> Int {
        try LocalFolder.make(folder)
        let tally = Tally(failed)
        let container = place.container!
        let gate = LocalPathGate()
        let width = TransferWidth(pinned: pinned, store: downloader.store)
        for try await page in ParallelListing(store: downloader.store, container: container, prefix: place.prefix) {
            let objects = page.compactMap { entry -> ObjectSummary? in if case .object(let object) = entry { object } else { nil } }
            let paths = Self.localPaths(of: objects, container: container, below: place, gate: gate, tally: tally)
            try await download(paths, container: container, into: folder, overwrite: overwrite, progress: progress, tally: tally, width: width)
        }
        return try tally.total()
    }

    /// Downloads listed `objects` of `container` (what a pattern matched) into `folder`,
    /// each at its name below `place` (`CONTAINER/NAME` from the account root); as
    /// `download(from:…)` otherwise.
    public func download(
        _ objects: [ObjectSummary], container: String, below place: Location, into folder: String, overwrite: Bool,
        progress: TransferProgress?, failed: @escaping @Sendable (ObjectFailure) -> Void
    ) async throws -> Int {
        try LocalFolder.make(folder)
        let tally = Tally(failed)
        let paths = Self.localPaths(of: objects, container: container, below: place, gate: LocalPathGate(), tally: tally)
        let width = TransferWidth(pinned: pinned, store: downloader.store)
        try await download(paths, container: container, into: folder, overwrite: overwrite, progress: progress, tally: tally, width: width)
        return try tally.total()
    }

    /// Each object with its local path below the folder, in the order given (a listing's);
    /// one refused (`LocalPathGate`) is told as failed and left out.
    static func localPaths(
        of objects: [ObjectSummary], container: String, below place: Location, gate: LocalPathGate, tally: Tally
    ) -> [LocalTarget] {
        objects.compactMap { object in
            let relative = place.relativeName(of: object.name, in: container)
            // The place's own marker is the folder itself, made already.
            if relative.isEmpty && object.name.hasSuffix("/") { return LocalTarget(object: object, relative: "") }
            do throws(LocalNameRefusal) {
                return LocalTarget(object: object, relative: try gate.path(of: relative))
            } catch {
                tally.failed(ObjectFailure(name: object.name, error: TransferError.unsafeName(object.name, reason: error)))
                return nil
            }
        }
    }

    /// An object and the path below the folder it is written to.
    struct LocalTarget: Sendable {
        let object: ObjectSummary
        let relative: String
    }

    private func download(
        _ targets: [LocalTarget], container: String, into folder: String, overwrite: Bool, progress: TransferProgress?, tally: Tally,
        width: TransferWidth
    ) async throws {
        var downloader = downloader
        // Ranged objects (of `threshold` bytes or more) in flight at once, and their ranges, stay within the connections.
        downloader.parallel = max(1, min(downloader.parallel, Self.connectionLimit / width.mostAtOnce(ofAtLeast: downloader.threshold)))
        downloader.partials = PartialFiles()
        progress?.addTotal(bytes: targets.reduce(0) { $0 + $1.object.bytes }, items: targets.count)
        try await WorkerPool.forEach(targets, width: width) { [downloader] target in
            let (object, relative) = (target.object, target.relative)
            try await width.carrying(object.bytes) {
                try await tally.record(object.name) {
                    try await Self.fetch(
                        object, container: container, to: folder, relative: relative, overwrite: overwrite,
                        downloader: downloader, progress: progress)
                }
            }
            progress?.finishItem()
        }
    }

    static func fetch(
        _ object: ObjectSummary, container: String, to folder: String, relative: String, overwrite: Bool,
        downloader: Downloader, progress: TransferProgress?
    ) async throws {
        let target = folder + "/" + relative
        if object.name.hasSuffix("/") {
            try LocalFolder.make(target)
            return
        }
        if let slash = relative.lastIndex(of: "/") { try LocalFolder.make(folder + "/" + relative[..<slash]) }
        let info = try await LargeObjectLookup.objectInfo(of: object, container: container, store: downloader.store)
        progress?.nowOn(relative)
        _ = try await downloader.download(info, to: target, overwrite: overwrite, progress: progress)
    }
}

extension TransferError {
    /// Failures that concern one object of many, so the rest of a folder goes on.
    var isLocalToOneObject: Bool {
        switch self {
        case .exists, .local, .corrupt, .unsafeName, .notMoved, .storedUnderAnotherKey: true
        case .interrupted, .someFailed, .streamTooLong: false
        }
    }
}

/// The local folders a download makes, and the paths names take in them.
public enum LocalFolder {
    /// `LocalName.path` of `relative`, its refusal thrown as `remote`'s `unsafeName`.
    public static func safeRelativePath(_ relative: String, remote: String) throws -> String {
        do throws(LocalNameRefusal) {
            return try LocalName.path(relative)
        } catch {
            throw TransferError.unsafeName(remote, reason: error)
        }
    }

    /// Makes `path` and its parents; a file in the way is an error.
    public static func make(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw TransferError.local(path: path, problem: .cannotMakeFolder)
        }
    }
}
