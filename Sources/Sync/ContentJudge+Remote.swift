import Storage
import Transfers

/// Two objects of the same size, on one store or two: their ETags where they say enough,
/// else the manifests of their large objects.
struct RemotePair: Sendable {
    let a: ObjectLookup
    let b: ObjectLookup

    func judge(_ x: ObjectSummary, _ y: ObjectSummary) async throws -> Answer {
        let first = try await claim(x, on: a)
        let second = try await claim(y, on: b)
        switch (first, second) {
        case (.nothing(let reason), _), (_, .nothing(let reason)):
            return .unproven(reason)
        case (.md5(let one), .md5(let other)):
            if one == other { return .same(.etag) }
            let opaque = try await a.opaqueInfo(x) != nil ? true : try await b.opaqueInfo(y) != nil
            return opaque ? .unproven(.opaqueETag) : .differs(.etag)
        case (.staticManifest(let one), .staticManifest(let other)):
            if one == other { return .same(.etag) }
            return try await manifests(x, y)
        case (.staticManifest, .multipart(let etag, let parts, _)):
            return try await manifest(x, on: a, against: etag, parts: parts)
        case (.multipart(let etag, let parts, _), .staticManifest):
            return try await manifest(y, on: b, against: etag, parts: parts)
        case (.multipart(let one, _, _), .multipart(let other, _, _)):
            return one == other ? .same(.etag) : .unproven(.multipartCutAnotherWay)
        default:
            return .unproven(.plainAgainstLarge)
        }
    }

    /// What the object's ETag claims; a listing without ETags (the file store) asks a HEAD.
    func claim(_ object: ObjectSummary, on remote: ObjectLookup) async throws -> ETagClaim {
        let claim = ETagClaim.of(object)
        return claim == .unknown ? ETagClaim.of(try await remote.info(object)) : claim
    }

    /// Two static large objects: their segments' sizes and MD5s, one manifest GET each.
    func manifests(_ x: ObjectSummary, _ y: ObjectSummary) async throws -> Answer {
        guard let one = try await a.segments(x), let other = try await b.segments(y) else {
            return .unproven(.unreadableManifest)
        }
        let equal = one.map { [String($0.bytes), $0.md5] } == other.map { [String($0.bytes), $0.md5] }
        return .by(.segments(one.uniformBytes), equal: equal)
    }

    /// A static large object against a multipart ETag: segments of one size, as many as
    /// the parts, give the multipart ETag of the same cut, which proves it either way.
    func manifest(_ object: ObjectSummary, on remote: ObjectLookup, against etag: String, parts: Int) async throws -> Answer {
        guard let segments = try await remote.segments(object), let size = segments.uniformBytes, segments.count == parts else {
            return .unproven(.largeObjectCutAnotherWay)
        }
        return .by(.parts(size, guessed: false), equal: LargeObjectETag.multipart(partMD5s: segments.map(\.md5)) == etag)
    }
}
