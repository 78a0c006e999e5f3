import Crypto
import Storage

/// What proves a download right: the MD5 of the whole (a plain object's ETag), or each
/// segment's MD5 (a static large object's manifest), or nothing (a DLO, whose ETag is
/// not the MD5 of its bytes) — then the reason is said.
public enum Verification: Sendable, Equatable {
    case wholeMD5(String)
    case segments([SegmentRecord])
    /// An S3 multipart object: parts of `partBytes` (the last may be shorter), whose
    /// ETag is the MD5 of the parts' MD5s with `-COUNT`. A part size `guessed` (its
    /// uploader did not record it) that does not give the ETag proves nothing either
    /// way: the download is then said to be unverified, not corrupt.
    case multipartETag(partBytes: Int64, etag: String, guessed: Bool = false)
    /// An S3 multipart object whose part size several sizes fit: verified when exactly
    /// one of them gives the ETag (see `PartSizeCandidates`).
    case multipartCandidates(partSizes: [Int64], etag: String)
    /// The store's checksum of the whole, where the ETag is no digest of the bytes.
    case checksum(ContentChecksum)
    case unverifiable(UnverifiedReason)
    /// Nothing checked by this verifier: another one checks these bytes (the in-order
    /// hash of the whole, or a streamed copy's verifier in byte order).
    case checkedElsewhere
}

/// Checks bytes against a `Verification` as they stream past, segment by segment, so a
/// corrupt segment is caught when it ends and memory stays one hash state. A ranged
/// download gives each range its own verifier over the segments or parts it holds.
struct StreamVerifier {
    let verification: Verification
    let name: String
    /// Where the segments checked here stand in the whole manifest, for the messages.
    var segmentNumbering: (first: Int, total: Int)?
    private var hash = Insecure.MD5()
    private var segment = 0
    private var leftInSegment: Int64 = 0
    /// The MD5s of the parts that ended, one after the other, for a multipart ETag.
    private var partDigests: [UInt8] = []
    private var checksummer: ChecksumHasher?
    private var candidates: PartSizeCandidates?

    init(_ verification: Verification, name: String) {
        self.verification = verification
        self.name = name
        if case .checksum(let checksum) = verification { checksummer = ChecksumHasher(checksum.algorithm) }
        if case .multipartCandidates(let sizes, _) = verification { candidates = PartSizeCandidates(partSizes: sizes) }
        if case .segments(let segments) = verification { leftInSegment = segments.first?.bytes ?? 0 }
        if case .multipartETag(let partBytes, _, _) = verification { leftInSegment = partBytes }
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) throws {
        switch verification {
        case .unverifiable, .checkedElsewhere: return
        case .wholeMD5: hash.update(bufferPointer: bytes)
        case .checksum: checksummer?.update(bytes)
        case .multipartCandidates: candidates?.update(bytes)
        case .multipartETag(let partBytes, _, _):
            var rest = bytes[...]
            while !rest.isEmpty {
                let count = Int(min(Int64(rest.count), leftInSegment))
                hash.update(bufferPointer: UnsafeRawBufferPointer(rebasing: rest.prefix(count)))
                leftInSegment -= Int64(count)
                rest = rest.dropFirst(count)
                if leftInSegment == 0 { finishPart(partBytes) }
            }
        case .segments(let segments):
            var rest = bytes[...]
            while !rest.isEmpty {
                // Zero-byte segments end at once.
                while leftInSegment == 0 && segment < segments.count {
                    try finishSegment(segments)
                }
                guard segment < segments.count else {
                    throw TransferError.corrupt(name: name, detail: "more bytes than the manifest's segments hold")
                }
                let count = Int(min(Int64(rest.count), leftInSegment))
                hash.update(bufferPointer: UnsafeRawBufferPointer(rebasing: rest.prefix(count)))
                leftInSegment -= Int64(count)
                rest = rest.dropFirst(count)
                if leftInSegment == 0 { try finishSegment(segments) }
            }
        }
    }

    private mutating func finishSegment(_ segments: [SegmentRecord]) throws {
        let md5 = hash.finalize().hex
        guard md5 == segments[segment].md5 else {
            let (first, total) = segmentNumbering ?? (0, segments.count)
            throw TransferError.corrupt(
                name: name, detail: "segment \(first + segment + 1) of \(total) has MD5 \(md5), the manifest says \(segments[segment].md5)")
        }
        hash = Insecure.MD5()
        segment += 1
        leftInSegment = segment < segments.count ? segments[segment].bytes : 0
    }

    private mutating func finishPart(_ partBytes: Int64) {
        partDigests += Array(hash.finalize())
        hash = Insecure.MD5()
        segment += 1
        leftInSegment = partBytes
    }

    /// Checks the end; returns why when the download could not be verified.
    mutating func finish() throws -> UnverifiedReason? {
        switch verification {
        case .unverifiable(let reason): return reason
        case .checkedElsewhere: return nil
        case .wholeMD5(let expected):
            let md5 = hash.finalize().hex
            guard md5 == expected else { throw TransferError.corrupt(name: name, detail: "MD5 \(md5), the ETag says \(expected)") }
            return nil
        case .checksum(let expected):
            let actual = checksummer?.base64() ?? ""
            guard actual == expected.base64 else {
                throw TransferError.corrupt(
                    name: name, detail: "\(expected.algorithm.rawValue.uppercased()) \(actual), the server's checksum says \(expected.base64)")
            }
            return nil
        case .multipartCandidates(let sizes, let etag):
            return UnverifiedReason.candidates(sizes, matching: candidates?.matches(etag) ?? [])
        case .multipartETag(let partBytes, let expected, let guessed):
            if leftInSegment < partBytes || segment == 0 { finishPart(partBytes) }
            return try Self.checkMultipart(partDigests, expected: expected, name: name, guessedPartBytes: guessed ? partBytes : nil)
        case .segments(let segments):
            while segment < segments.count && leftInSegment == 0 { try finishSegment(segments) }
            guard segment == segments.count else {
                throw TransferError.corrupt(name: name, detail: "ended in segment \(segment + 1) of \(segments.count)")
            }
            return nil
        }
    }

    /// The MD5s of the parts read so far, the last (shorter) part ended too: what one
    /// range of a multipart object gives to the check of the whole.
    mutating func finishRangeOfParts() -> [UInt8] {
        if case .multipartETag(let partBytes, _, _) = verification, leftInSegment < partBytes { finishPart(partBytes) }
        return partDigests
    }

    /// Checks the parts' MD5s, in order, against a multipart ETag (`md5(md5s)-COUNT`).
    /// With parts of a guessed size, a mismatch is returned as the reason of an
    /// unverified download instead of thrown as corruption.
    static func checkMultipart(
        _ digests: [UInt8], expected: String, name: String, guessedPartBytes: Int64? = nil
    ) throws -> UnverifiedReason? {
        let etag = LargeObjectETag.multipart(partDigests: digests)
        guard etag == expected.lowercased() else {
            if let guess = guessedPartBytes {
                return .guessedPartSizeMissed(partBytes: guess)
            }
            throw TransferError.corrupt(name: name, detail: "multipart ETag \(etag) of the bytes read, the server says \(expected)")
        }
        return nil
    }

}
