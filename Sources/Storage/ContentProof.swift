/// Why an object's ETag is not a digest of its bytes, when a store can tell.
public enum OpaqueETag: Sendable, Equatable {
    /// Encrypted with a key the provider manages or the user gave (SSE-KMS, SSE-C):
    /// the ETag is not the MD5 of the plain bytes. The value names the kind.
    case encrypted(String)
    /// Not 32 hex digits (nor S3's `md5-COUNT` of a multipart upload).
    case notADigest
    /// The cluster's provider is known to give ETags that are not MD5s.
    case provider(String)
}

/// A checksum of the whole content a store keeps beside the ETag (S3's
/// `x-amz-checksum-*`), in the store's own encoding (base64 of the big-endian bytes).
public struct ContentChecksum: Sendable, Equatable {
    public enum Algorithm: String, Sendable, Equatable, CaseIterable {
        case crc32, crc32c, sha1, sha256
    }

    public var algorithm: Algorithm
    public var base64: String

    public init(algorithm: Algorithm, base64: String) {
        self.algorithm = algorithm
        self.base64 = base64
    }
}
