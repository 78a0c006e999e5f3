import Storage
import Transfers

/// A local file against an object of the same size.
extension ContentJudge {
    func judge(_ file: LocalFileStat, _ digests: (any FileDigesting)?, _ object: ObjectSummary, _ remote: ObjectLookup) async throws -> Answer {
        guard let digests else { return .unproven(.unreadableFile) }
        var claim = ETagClaim.of(object)
        if claim == .unknown {
            let info = try await remote.info(object)
            if info.opaqueETag != nil { return try await checksum(file, digests, info) }
            claim = ETagClaim.of(info)
        }
        switch claim {
        case .md5(let etag):
            let digest = try await digests.digests(of: file, partSizes: [])
            if digest.md5 == etag { return .same(.md5) }
            guard let info = try await remote.opaqueInfo(object) else { return .differs(.md5) }
            return try await checksum(file, digests, info)
        case .staticManifest:
            return try await segments(file, digests, object, remote)
        case .multipart(let etag, let count, let recorded):
            return try await parts(file, digests, etag: etag, count: count, recorded: recorded, object, remote)
        case .nothing(let reason):
            return .unproven(reason)
        case .unknown:
            return .unproven(.noETag)
        }
    }

    /// An object whose ETag is no digest of its bytes: the store's checksum of the whole,
    /// where it keeps one (not cached: rare), else nothing proves it.
    func checksum(_ file: LocalFileStat, _ digests: any FileDigesting, _ info: ObjectInfo) async throws -> Answer {
        guard let checksum = info.checksum else { return .unproven(.opaqueETag) }
        return .by(.checksum, equal: try await digests.checksum(of: file, checksum.algorithm) == checksum.base64)
    }

    /// A static large object: its manifest (one GET), then the file cut at the segments' size.
    func segments(_ file: LocalFileStat, _ digests: any FileDigesting, _ object: ObjectSummary, _ remote: ObjectLookup) async throws -> Answer {
        guard let segments = try await remote.segments(object) else { return .unproven(.unreadableManifest) }
        guard let size = segments.uniformBytes else { return .unproven(.segmentsOfSeveralSizes) }
        let digest = try await digests.digests(of: file, partSizes: [size])
        let manifest = LargeObjectETag.staticManifest(segmentMD5s: segments.map(\.md5))
        return .by(.segments(size), equal: digest.staticManifestETag(partBytes: size) == manifest)
    }

    /// An S3 multipart object: the file cut at the part size recorded, or at every size
    /// that fits its size and part count in one read. A guess that does not give the ETag
    /// proves nothing: then only a recorded size (a HEAD) can tell.
    func parts(
        _ file: LocalFileStat, _ digests: any FileDigesting, etag: String, count: Int, recorded: Int64?, _ object: ObjectSummary,
        _ remote: ObjectLookup
    ) async throws -> Answer {
        if let recorded {
            let digest = try await digests.digests(of: file, partSizes: [recorded])
            return .by(.parts(recorded, guessed: false), equal: digest.multipartETag(partBytes: recorded) == etag)
        }
        // A part size that gave this ETag before (a cut recorded then) proves it without a read.
        let known = digests.knownPartSizes(of: file).sorted()
        if !known.isEmpty {
            let cached = try await digests.digests(of: file, partSizes: known)
            if let size = known.first(where: { cached.multipartETag(partBytes: $0) == etag }) { return .same(.parts(size, guessed: false)) }
        }
        var sizes = PartSizeGuess.candidates(bytes: file.bytes, parts: count)
        if let guess = PartSizeGuess.partBytes(bytes: file.bytes, parts: count), !sizes.contains(guess) { sizes.append(guess) }
        let guessed = sizes.isEmpty ? nil : try await digests.digests(of: file, partSizes: sizes)
        if let guessed, let size = sizes.sorted().first(where: { guessed.multipartETag(partBytes: $0) == etag }) {
            return .same(.parts(size, guessed: true))
        }
        let info = try await remote.info(object)
        if info.opaqueETag != nil { return try await checksum(file, digests, info) }
        guard case .multipartUpload(_, let size?) = info.largeObject, size > 0 else {
            return .unproven(.unknownPartSize)
        }
        let digest = sizes.contains(size) ? guessed! : try await digests.digests(of: file, partSizes: [size])
        return .by(.parts(size, guessed: false), equal: digest.multipartETag(partBytes: size) == etag)
    }
}
