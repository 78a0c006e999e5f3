import Foundation
import NIOHTTP1
import Storage

/// Reads an object's `info` from the headers of a HEAD or GET.
enum S3Headers {
    /// The `x-amz-meta-` key objsh's multipart uploads keep their part size in.
    static let partBytesKey = InternalMetadata.partBytes

    /// `opacity` tells whether the ETag is a digest of the bytes (see `S3ETags`).
    static func objectInfo(
        _ headers: HTTPHeaders, container: String, name: String, opacity: (String, HTTPHeaders) -> OpaqueETag?
    ) -> ObjectInfo {
        let etag = S3Answers.unquoted(headers.first(name: "ETag") ?? "")
        let opaque = opacity(etag, headers)
        var metadata: [String: String] = [:]
        for (header, value) in headers where header.lowercased().hasPrefix("x-amz-meta-") {
            metadata[String(header.dropFirst("x-amz-meta-".count)).lowercased()] = value
        }
        var info = ObjectInfo(
            container: container, name: name, bytes: Int64(headers.first(name: "Content-Length") ?? "") ?? 0,
            contentType: headers.first(name: "Content-Type") ?? "application/octet-stream", etag: etag,
            lastModified: headers.first(name: "Last-Modified").flatMap(ServerDates.http), metadata: metadata,
            largeObject: multipartParts(etag).map { .multipartUpload(parts: $0, partBytes: nil) })
        info.opaqueETag = opaque
        info.checksum = S3ETags.checksum(headers)
        if case .multipartUpload(let parts, _) = info.largeObject {
            // objsh's own uploads say their part size; one part is the whole.
            let partBytes = parts == 1 ? info.bytes : metadata[S3Headers.partBytesKey].flatMap { Int64($0) }
            info.largeObject = .multipartUpload(parts: parts, partBytes: partBytes)
        }
        info.storageClass = headers.first(name: "x-amz-storage-class") ?? "STANDARD"
        for name in keptObjectHeaders {
            if let value = headers.first(name: name) { info.headers[name] = value }
        }
        return info
    }

    /// The headers a CopyObject with `x-amz-metadata-directive: REPLACE` drops unless
    /// it sends them again (the storage class apart: `ObjectInfo.storageClass`). Tags
    /// stay without them; an ACL goes back to the bucket's default whatever is sent.
    static let keptObjectHeaders = [
        "Cache-Control", "Content-Disposition", "Content-Encoding", "Content-Language", "Expires",
        "x-amz-website-redirect-location", "x-amz-server-side-encryption", "x-amz-server-side-encryption-aws-kms-key-id",
        "x-amz-server-side-encryption-bucket-key-enabled", "x-amz-object-lock-mode", "x-amz-object-lock-retain-until-date",
        "x-amz-object-lock-legal-hold",
    ]

    /// The part count of a multipart ETag (`<md5 of the parts' md5s>-N`); nil for a plain MD5.
    static func multipartParts(_ etag: String) -> Int? {
        guard let dash = etag.lastIndex(of: "-") else { return nil }
        return Int(etag[etag.index(after: dash)...])
    }
}
