/// Why nothing proves two sides (a file or an object each) hold the same bytes, so
/// that their sizes and times decide (sync's and diff's judge), as data; ShellCore's
/// `ErrorReport` words each case.
public enum UnprovenContent: Sendable, Equatable {
    /// A dynamic large object: its ETag is no digest of its bytes.
    case dynamicManifest
    /// A listed object that may be a manifest, which the listing does not tell.
    case unmarkedManifest
    /// An ETag that is not 32 hex digits (nor a multipart upload's).
    case etagNotADigest
    /// An ETag the store says is no digest of the bytes, and no checksum to compare.
    case opaqueETag
    /// An object listed without an ETag, whose lookup gave none either.
    case noETag
    /// Two multipart objects whose ETags differ, which may be the same bytes cut otherwise.
    case multipartCutAnotherWay
    /// A plain object against a large one.
    case plainAgainstLarge
    /// A static large object whose manifest cannot be read as plain segments.
    case unreadableManifest
    /// A static large object of segments of several sizes.
    case segmentsOfSeveralSizes
    /// A static large object not cut as a multipart object's parts are.
    case largeObjectCutAnotherWay
    /// A multipart object whose part size is neither recorded nor found.
    case unknownPartSize
    /// No digests of the local file(s) to compare.
    case unreadableFile
    case unreadableFiles
    /// The places compared do not hold the kind of entries the pair are.
    case placesMismatch
}
