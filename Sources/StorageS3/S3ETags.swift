import NIOHTTP1
import Storage

/// Whether an S3 ETag is the MD5 of the bytes (or S3's MD5 of the parts' MD5s with
/// `-COUNT`), and which checksum of the whole an answer offers instead. AWS documents
/// that an ETag that is not such a digest "will contain one or more nonhexadecimal
/// characters and/or will consist of less than 32 or more than 32 hexadecimal digits",
/// and that SSE-KMS and SSE-C objects' ETags are not MD5s whatever their shape.
enum S3ETags {
    /// Why `etag` (from an answer with `headers`) is not a digest; nil when it is one.
    /// `trusted` is false for a provider whose digest-shaped ETags are not MD5s.
    static func opacity(_ etag: String, headers: HTTPHeaders, trusted: Bool, provider: String) -> OpaqueETag? {
        if let kind = encryption(headers) { return .encrypted(kind) }
        if !isDigestShaped(etag) { return .notADigest }
        return trusted ? nil : .provider(provider)
    }

    /// SSE-C or SSE-KMS (also DSSE-KMS) as the answer's headers say; nil for none or
    /// SSE-S3 (`AES256`), whose ETags stay MD5s.
    static func encryption(_ headers: HTTPHeaders) -> String? {
        if headers.first(name: "x-amz-server-side-encryption-customer-algorithm") != nil { return "SSE-C" }
        if headers.first(name: "x-amz-server-side-encryption")?.lowercased().hasPrefix("aws:kms") == true { return "SSE-KMS" }
        return nil
    }

    /// 32 hex digits, optionally followed by `-COUNT`.
    static func isDigestShaped(_ etag: String) -> Bool {
        guard let dash = etag.lastIndex(of: "-") else { return isMD5(etag) }
        return isMD5(String(etag[..<dash])) && (Int(etag[etag.index(after: dash)...]) ?? 0) >= 1
    }

    static func isMD5(_ etag: String) -> Bool {
        etag.utf8.count == 32 && etag.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) || (65...70).contains($0) }
    }

    /// A checksum of the whole object (`x-amz-checksum-*`, asked for with
    /// `x-amz-checksum-mode: ENABLED`), the strongest first; nil when none, or when
    /// only a composite one (a checksum of the parts' checksums, `VALUE-COUNT`) is given.
    static func checksum(_ headers: HTTPHeaders) -> ContentChecksum? {
        guard headers.first(name: "x-amz-checksum-type")?.uppercased() != "COMPOSITE" else { return nil }
        for algorithm in [ContentChecksum.Algorithm.sha256, .sha1, .crc32c, .crc32] {
            if let value = headers.first(name: "x-amz-checksum-" + algorithm.rawValue), !value.isEmpty, !value.contains("-") {
                return ContentChecksum(algorithm: algorithm, base64: value)
            }
        }
        return nil
    }
}
