import Storage
import Transfers

/// What an object's ETag can prove of its bytes.
public enum ETagClaim: Sendable, Equatable {
    /// The MD5 of the bytes (a plain object).
    case md5(String)
    /// A static large object's: the MD5 of its segments' MD5s.
    case staticManifest(String)
    /// An S3 multipart upload's `md5-N`, with the part size where it was recorded.
    case multipart(String, parts: Int, partBytes: Int64?)
    /// The listing gave no ETag (the file store): a lookup tells.
    case unknown
    /// Nothing: the ETag is no digest of the bytes (why).
    case nothing(UnprovenContent)

    /// What the listed `object` claims.
    public static func of(_ object: ObjectSummary) -> ETagClaim {
        if case .dynamicManifest = object.largeObject { return .nothing(.dynamicManifest) }
        guard let etag = object.etag?.lowercased() else { return object.mayBeLargeObject ? .nothing(.unmarkedManifest) : .unknown }
        if case .multipartUpload(let parts, let partBytes) = object.largeObject { return .multipart(etag, parts: parts, partBytes: partBytes) }
        if let parts = multipartParts(etag) { return .multipart(etag, parts: parts, partBytes: nil) }
        guard isMD5(etag) else { return .nothing(.etagNotADigest) }
        return object.isLargeObject || object.largeObject == .staticManifest ? .staticManifest(etag) : .md5(etag)
    }

    /// What the object's HEAD claims, which also knows an opaque ETag and a recorded part size.
    public static func of(_ info: ObjectInfo) -> ETagClaim {
        if info.opaqueETag != nil { return .nothing(.opaqueETag) }
        var summary = ObjectSummary(name: info.name, bytes: info.bytes, contentType: info.contentType, etag: info.etag)
        summary.largeObject = info.largeObject
        return of(summary)
    }

    /// The part count of an ETag `HEX32-N`, else nil.
    static func multipartParts(_ etag: String) -> Int? {
        guard let dash = etag.lastIndex(of: "-"), isMD5(String(etag[..<dash])) else { return nil }
        return Int(etag[etag.index(after: dash)...]).flatMap { $0 > 0 ? $0 : nil }
    }

    static func isMD5(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
