import Storage
import Transfers

/// Decides whether a name both places hold has the same content on both, as cheaply
/// as it can be proven: sizes first (no request, no read), then the file's MD5 against
/// a plain ETag, a static large object's segments, or a multipart object's parts at
/// the part size recorded or guessed. When nothing can prove it (a DLO, an opaque
/// ETag) the sizes and times decide, and the verdict says so.
public struct ContentJudge: Sendable {
    let source: SyncPlace
    let destination: SyncPlace
    let sourceDigests: (any FileDigesting)?
    let destinationDigests: (any FileDigesting)?

    public init(source: SyncPlace, destination: SyncPlace, sourceDigests: (any FileDigesting)?, destinationDigests: (any FileDigesting)?) {
        self.source = source
        self.destination = destination
        self.sourceDigests = sourceDigests
        self.destinationDigests = destinationDigests
    }

    /// The verdict on `name`, held by both places as `from` (source) and `to` (destination).
    public func judge(_ from: PlaceEntry, _ to: PlaceEntry) async throws -> Verdict {
        guard from.bytes == to.bytes else { return .differs(from, to, .size) }
        let answer: Answer
        switch (from.origin, to.origin, source, destination) {
        case (.file(let file), .object(let object), _, .remote(let store, let folder)):
            answer = try await judge(file, sourceDigests, object, ObjectLookup(store: store, container: folder.container!))
        case (.object(let object), .file(let file), .remote(let store, let folder), _):
            answer = try await judge(file, destinationDigests, object, ObjectLookup(store: store, container: folder.container!))
        case (.object(let a), .object(let b), .remote(let storeA, let folderA), .remote(let storeB, let folderB)):
            answer = try await RemotePair(
                a: ObjectLookup(store: storeA, container: folderA.container!), b: ObjectLookup(store: storeB, container: folderB.container!)
            ).judge(a, b)
        case (.file(let a), .file(let b), _, _):
            answer = try await judge(a, sourceDigests, b, destinationDigests)
        default:
            answer = .unproven(.placesMismatch)
        }
        return verdict(answer, from, to)
    }

    /// An answer as a verdict; an unproven one by size (equal here) and time.
    func verdict(_ answer: Answer, _ from: PlaceEntry, _ to: PlaceEntry) -> Verdict {
        switch answer {
        case .same(let basis): return .same(from, to, basis)
        case .differs(let basis): return .differs(from, to, basis)
        case .unproven(let reason):
            // DEST counts as the same when it is not older than SRC (to the second).
            guard let sourceTime = from.modifiedSeconds, let destinationTime = to.modifiedSeconds else {
                return .same(from, to, .sizeAndTime(reason))
            }
            return destinationTime >= sourceTime ? .same(from, to, .sizeAndTime(reason)) : .differs(from, to, .sizeAndTime(reason))
        }
    }

    /// Two local files of one size: their MD5s.
    func judge(_ a: LocalFileStat, _ aDigests: (any FileDigesting)?, _ b: LocalFileStat, _ bDigests: (any FileDigesting)?) async throws -> Answer {
        guard let aDigests, let bDigests else { return .unproven(.unreadableFiles) }
        let first = try await aDigests.digests(of: a, partSizes: [])
        let second = try await bDigests.digests(of: b, partSizes: [])
        return first.md5 == second.md5 ? .same(.md5) : .differs(.md5)
    }
}

/// What a comparison of one pair proved.
enum Answer: Equatable {
    case same(Basis)
    case differs(Basis)
    /// Nothing proves it either way (why): sizes and times decide.
    case unproven(UnprovenContent)

    /// Same or different as `equal` says, by `basis`.
    static func by(_ basis: Basis, equal: Bool) -> Answer { equal ? .same(basis) : .differs(basis) }
}

/// The store and container of a compared object, where its HEAD and manifest are asked
/// (its name is its own: what is looked up needs no folder).
struct ObjectLookup: Sendable {
    let store: any ObjectStore
    let container: String

    func info(_ object: ObjectSummary) async throws -> ObjectInfo {
        try await store.objectInfo(container: container, name: object.name)
    }

    func segments(_ object: ObjectSummary) async throws -> [SegmentRecord]? {
        try await store.segments(ofObject: container, name: object.name)
    }

    /// The HEAD of an object whose plain-looking ETag did not match, when the ETag is
    /// opaque after all (encryption, a provider's own tag): only an S3 HEAD tells.
    func opaqueInfo(_ object: ObjectSummary) async throws -> ObjectInfo? {
        guard store.listedETagsMayBeOpaque else { return nil }
        let info = try await info(object)
        return info.opaqueETag != nil ? info : nil
    }
}

extension [SegmentRecord] {
    /// The one size of every segment but the last (which is not larger); nil when they vary.
    var uniformBytes: Int64? {
        guard let first = first?.bytes, first > 0 else { return nil }
        guard dropLast().allSatisfy({ $0.bytes == first }), last!.bytes <= first else { return nil }
        return first
    }
}
