import Storage

/// Why a download's bytes could not be verified, as data: ShellCore's `ErrorReport`
/// words each case (a verified download says nothing beyond "verified").
public enum UnverifiedReason: Sendable, Equatable {
    /// An ETag that is no digest of the bytes, and no checksum of the whole offered instead.
    case opaqueETag(OpaqueETag)
    /// A dynamic large object, whose ETag is not the MD5 of its bytes.
    case dynamicManifest
    /// A multipart upload whose part size is not recorded, and no size fits to try.
    case unknownPartSize
    /// An older version of a static large object: objsh reads only the current manifest.
    case versionedManifest
    /// A static large object whose manifest lists more than plain segments.
    case manifestNotPlain
    /// A multipart upload whose part size is not recorded: parts of this guessed size
    /// do not give its ETag.
    case guessedPartSizeMissed(partBytes: Int64)
    /// A multipart upload whose part size is not recorded: none of these sizes that fit
    /// gives its ETag.
    case noPartSizeGivesETag(sizes: [Int64])
    /// A multipart upload whose part size is not recorded: several sizes that fit (this
    /// many) give its ETag, so none is proven.
    case severalPartSizesGiveETag(count: Int)

    /// Several part sizes fitted: nil (verified) when exactly one gives the ETag.
    static func candidates(_ sizes: [Int64], matching: [Int64]) -> UnverifiedReason? {
        if matching.count == 1 { return nil }
        return matching.isEmpty ? .noPartSizeGivesETag(sizes: sizes) : .severalPartSizesGiveETag(count: matching.count)
    }
}
