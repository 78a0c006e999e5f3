import Foundation
import Listing
import Places
import Storage
import Workers

/// How a copy was checked.
public enum CopyCheck: Sendable, Equatable {
    /// The copy's ETag is the source's: the MD5 of a plain object, of an SLO's segment
    /// MD5s, or of an S3 multipart object's parts (copied at the same boundaries).
    case verified
    /// The copy is whole as far as the server says, but nothing proves its bytes.
    case unverified(UnverifiedCopy)
}

/// Why a copy cannot be proven byte for byte.
public enum UnverifiedCopy: Sendable, Equatable {
    /// A Swift DLO is read whole by the server into a plain object; the DLO's ETag is
    /// not the MD5 of its bytes.
    case dynamicLargeObject
    /// A large object copied whole (its pieces unknown), so its ETag is of another kind.
    case largeObjectCopiedWhole
    /// A copy between clusters whose source could not be verified as it was read: why.
    case sourceNotVerified(UnverifiedReason)
    /// A file and an object (sync) that nothing proves the same byte for byte: their
    /// sizes and times were compared instead, for this reason.
    case sizeAndTime(UnprovenContent)
}

/// What a folder copy did: objects copied (or moved), and how many of those copies
/// nothing could prove (told one by one as they happen).
public struct CopyCount: Sendable, Equatable {
    public var done: Int
    public var unverified: Int
}

/// `cp` and `mv`: within one cluster each copy made on the server, then checked;
/// between clusters streamed through objsh (`StreamedCopy`). A move deletes its source
/// only after the copy was verified.
public struct Copier: Sendable {
    /// Where the sources are (listed, read, and deleted by a move).
    public let store: any ObjectStore
    /// Where the copies go: `store` itself within one cluster.
    public let target: any ObjectStore
    /// How objects cross to another cluster; nil within one.
    let streamed: StreamedCopy?
    /// Objects copied at once (each a server-side request, or one per segment or part),
    /// fewer while the target's server answers busy (`TransferWidth`).
    public var parallel = 8

    /// Copies within `store`'s cluster, on the server.
    public init(store: any ObjectStore) {
        self.store = store
        target = store
        streamed = nil
    }

    /// Copies from one cluster to another as `streamed` does, four objects at once
    /// (each with its parts in flight).
    public init(streaming streamed: StreamedCopy) {
        store = streamed.reader.store
        target = streamed.target
        self.streamed = streamed
        parallel = 4
    }

    /// Copies `source` to `container/name` and checks the copy. A plain object whose copy
    /// has another MD5 is corrupt: the copy goes, and the error says so.
    public func copy(_ source: ObjectInfo, toContainer container: String, name: String) async throws -> CopyCheck {
        if let streamed { return try await streamed.copy(source, toContainer: container, name: name) }
        let copy = try await store.copyObject(source, toContainer: container, name: name)
        if copy.etag.lowercased() == source.etag.lowercased() || copy.isReadBack { return .verified }
        // Nothing proves such a copy's bytes; at least it must be there, whole in size.
        let stored = try? await store.objectInfo(container: container, name: name)
        guard let stored, stored.bytes == source.bytes else {
            throw StorageError.invalidResponse("the server took the copy of \(source.name) but holds no whole object \(name)")
        }
        switch source.largeObject {
        case .dynamicManifest: return .unverified(.dynamicLargeObject)
        case .staticManifest, .multipartUpload: return .unverified(.largeObjectCopiedWhole)
        case nil:
            throw await store.removeStoredWrong(container: container, name: name, expected: source.etag, actual: copy.etag)
        }
    }

    /// Copies, or with `moving` moves, the listed `objects` of `container` (listed under
    /// `source`) each to its `targetName`. A move deletes a source only after its copy was
    /// verified; an unverified one is kept and told as a failure (`TransferError.notMoved`).
    /// `journal` hears of each object moved, `unverified` of each copy kept unproven.
    /// Returns how many.
    public func transfer(
        _ objects: [ObjectSummary], container: String, below source: Location, to target: Location,
        moving: Bool, journal: MoveJournal? = nil, progress: TransferProgress? = nil,
        unverified: @escaping @Sendable (String, CopyCheck) -> Void = { _, _ in },
        failed: @escaping @Sendable (ObjectFailure) -> Void
    ) async throws -> CopyCount {
        let tally = Tally(failed, unverified: unverified)
        let remover = try await sourceRemover(container: container, moving: moving, journal: journal, tally: tally)
        let objects = admitted(objects, container: container, below: source, to: target, gate: targetGate, tally: tally)
        try await WorkerPool.forEach(objects, width: TransferWidth(pinned: nil, store: self.target, start: parallel)) { object in
            progress?.addTotal(bytes: object.bytes, items: 1)
            try await transferListed(object, container: container, below: source, to: target, remover: remover, tally: tally)
            progress?.finishItem()
        }
        try await remover?.finish()
        return CopyCount(done: try tally.total(), unverified: tally.unverifiedCount)
    }

    /// The name the copy of `objectName` (of `container`, listed under `source`) takes in
    /// `target`'s container: its name below `source` (`CONTAINER/NAME` from the account
    /// root), below `target`. What a dry run tells is what a run makes: both ask here.
    public static func targetName(of objectName: String, in container: String, below source: Location, to target: Location) -> String {
        target.objectName(for: source.relativeName(of: objectName, in: container))
    }

    /// One listed object (or pseudo-folder marker) of a folder transfer, counted in `tally`.
    func transferListed(
        _ object: ObjectSummary, container: String, below source: Location, to target: Location, remover: SourceRemover?, tally: Tally
    ) async throws {
        let name = Self.targetName(of: object.name, in: container, below: source, to: target)
        let targetContainer = target.container!
        try await tally.recordUnlessDeferred(object.name) {
            if object.name.hasSuffix("/") {
                try await transferMarker(object.name, container: container, toContainer: targetContainer, name: name, moving: remover != nil)
                return .settled
            }
            // A listing carries no metadata: a copy through objsh asks for it (the server's own copy keeps it).
            let info =
                streamed == nil
                ? try await LargeObjectLookup.objectInfo(of: object, container: container, store: store)
                : try await store.objectInfo(container: container, name: object.name)
            return try await transferOne(info, toContainer: targetContainer, name: name, remover: remover, tally: tally)
        }
    }

    /// The objects a copy into a store whose names are paths below its folder (the file
    /// store) can make there, their target names checked in listing order by `gate` (nil:
    /// any other store, where all can); each refused is told as failed, before anything is sent.
    func admitted(
        _ objects: [ObjectSummary], container: String, below source: Location, to target: Location, gate: LocalPathGate?, tally: Tally
    ) -> [ObjectSummary] {
        guard let gate else { return objects }
        return objects.filter { object in
            do throws(LocalNameRefusal) {
                _ = try gate.path(of: Self.targetName(of: object.name, in: container, below: source, to: target))
                return true
            } catch {
                tally.failed(ObjectFailure(name: object.name, error: TransferError.unsafeName(object.name, reason: error)))
                return false
            }
        }
    }

    /// A gate for names copied into this copier's target store, when they are local paths there.
    var targetGate: LocalPathGate? { target.namesAreLocalPaths ? LocalPathGate() : nil }

    /// What deletes a move's sources (nil for a copy): in bulk where the store can.
    func sourceRemover(container: String, moving: Bool, journal: MoveJournal?, tally: Tally) async throws -> SourceRemover? {
        guard moving else { return nil }
        let batch = min(try await store.bulkDeleteLimit(), Self.moveDeleteBatch)
        return SourceRemover(store: store, container: container, batch: batch, journal: journal, tally: tally)
    }

    /// Sources deleted in one bulk request by a move: small enough that a kill leaves
    /// few verified copies whose sources the next run still has to delete.
    static let moveDeleteBatch = 100

    /// A pseudo-folder's marker is made anew at the target (it holds no bytes).
    func transferMarker(_ marker: String, container: String, toContainer targetContainer: String, name: String, moving: Bool) async throws {
        guard !name.isEmpty else { return }
        try await target.createFolderMarker(container: targetContainer, name: name)
        if moving { try await store.deleteListedObject(.nameOnly(marker), container: container) }
    }

    func transferOne(
        _ source: ObjectInfo, toContainer container: String, name: String, remover: SourceRemover?, tally: Tally
    ) async throws -> Settlement {
        let check = try await copy(source, toContainer: container, name: name)
        guard let remover else {
            if check != .verified { tally.unverified(source.name, check) }
            return .settled
        }
        guard check == .verified else { throw TransferError.notMoved(name: source.name, check) }
        return try await remover.remove(source)
    }

    /// Copies or moves every object under `source` (a folder or a whole container) to
    /// `target` as the listing engine finds them, `parallel` at once across its pages.
    public func transferAll(
        from source: Location, to target: Location, moving: Bool,
        journal: MoveJournal? = nil, progress: TransferProgress? = nil,
        unverified: @escaping @Sendable (String, CopyCheck) -> Void = { _, _ in },
        failed: @escaping @Sendable (ObjectFailure) -> Void
    ) async throws -> CopyCount {
        let container = source.container!
        let tally = Tally(failed, unverified: unverified)
        let remover = try await sourceRemover(container: container, moving: moving, journal: journal, tally: tally)
        let gate = targetGate
        let pages = ParallelListing(store: store, container: container, prefix: source.prefix).map { [self] page in
            let objects = page.compactMap { entry -> ObjectSummary? in if case .object(let object) = entry { object } else { nil } }
            return admitted(objects, container: container, below: source, to: target, gate: gate, tally: tally)
        }
        try await WorkerPool.forEach(pages: pages, width: TransferWidth(pinned: nil, store: self.target, start: parallel)) {
            (object: ObjectSummary) in
            progress?.addTotal(bytes: object.bytes, items: 1)
            try await transferListed(object, container: container, below: source, to: target, remover: remover, tally: tally)
            progress?.finishItem()
        }
        try await remover?.finish()
        return CopyCount(done: try tally.total(), unverified: tally.unverifiedCount)
    }
}
