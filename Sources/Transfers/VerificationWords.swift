import Rendering
import Storage

/// What a download says when its bytes could not be verified, and why: the one place
/// these notes are worded (a verified download says nothing beyond "verified").
enum VerificationWords {
    static let dynamicManifest = "a dynamic large object's ETag is not the MD5 of its bytes: not verified"
    static let unknownPartSize = "a multipart upload's ETag is not the MD5 of its bytes, and its part size is unknown: not verified"
    static let manifestNotPlain = "the manifest's entries are not plain segments: not verified"
    static let versionedManifest = "an older version of a static large object has no manifest objsh can read: not verified"

    /// An ETag that is no digest, and no checksum of the whole offered instead.
    static func opaque(_ reason: OpaqueETag) -> String {
        switch reason {
        case .encrypted(let kind):
            "the object is encrypted (\(kind)), so its ETag is not the MD5 of its bytes, and the server offers no checksum: not verified"
        case .notADigest:
            "the server's ETag is not an MD5 of the bytes, and it offers no checksum: not verified"
        case .provider(let provider):
            "provider \(provider) does not give MD5s as ETags, and the server offers no checksum: not verified"
        }
    }

    /// A guessed part size that does not give the multipart ETag.
    static func guessMissed(_ partBytes: Int64) -> String {
        let size = partBytes % (1 << 20) == 0 ? "\(partBytes >> 20) MiB" : "\(partBytes)-byte"
        return
            "a multipart upload's ETag is not the MD5 of its bytes, its part size is not recorded, and \(size) parts (a guess) do not give it: not verified"
    }

    /// Several part sizes fitted: nil (verified) when exactly one gives the ETag.
    static func candidatesNote(sizes: [Int64], matching: [Int64]) -> String? {
        if matching.count == 1 { return nil }
        let range = "\(size(sizes.min() ?? 0)) to \(size(sizes.max() ?? 0))"
        if matching.isEmpty {
            return
                "a multipart upload's part size is not recorded, and none of the \(sizes.count) sizes that fit (\(range)) gives its ETag: not verified"
        }
        return "a multipart upload's part size is not recorded, and \(matching.count) of the sizes that fit give its ETag: not verified"
    }

    /// `8 MiB` for a whole number of MiB, else the size as every view writes it.
    static func size(_ bytes: Int64) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : ByteCountText.format(bytes)
    }
}
