import Foundation
import NIOHTTP1
import Storage
import StorageHTTP

/// Reads the `info` of an account, a container or an object from the headers of a HEAD.
enum SwiftHeaders {
    static func accountInfo(_ headers: HTTPHeaders) -> AccountInfo {
        AccountInfo(
            containerCount: integer(headers, "X-Account-Container-Count"),
            objectCount: integer(headers, "X-Account-Object-Count"),
            bytes: Int64(integer(headers, "X-Account-Bytes-Used")),
            metadata: metadata(headers, prefix: "X-Account-Meta-"))
    }

    static func containerInfo(_ headers: HTTPHeaders, name: String) -> ContainerInfo {
        var info = ContainerInfo(
            name: name, objectCount: integer(headers, "X-Container-Object-Count"),
            bytes: Int64(integer(headers, "X-Container-Bytes-Used")),
            lastModified: lastModified(headers), storagePolicy: headers.first(name: "X-Storage-Policy"),
            metadata: metadata(headers, prefix: "X-Container-Meta-"))
        info.versioning = versioning(headers.first(name: "X-Versions-Enabled"))
        return info
    }

    /// `X-Versions-Enabled`: absent until versioning was first turned on, then `True` or `False`.
    static func versioning(_ header: String?) -> VersioningState {
        switch header?.lowercased() {
        case "true": .on
        case "false": .suspended
        default: .off
        }
    }

    static func objectInfo(_ headers: HTTPHeaders, container: String, name: String) -> ObjectInfo {
        var info = ObjectInfo(
            container: container, name: name, bytes: Int64(integer(headers, "Content-Length")),
            contentType: headers.first(name: "Content-Type") ?? "application/octet-stream",
            etag: etag(headers) ?? "", lastModified: lastModified(headers),
            metadata: metadata(headers, prefix: "X-Object-Meta-"), largeObject: largeObject(headers))
        for name in keptObjectHeaders {
            if let value = headers.first(name: name) { info.headers[name] = value }
        }
        return info
    }

    /// The headers a POST replaces along with the metadata (the object server's default
    /// `allowed_headers`, but X-Static-Large-Object, which a POST cannot change): a POST
    /// that changes the metadata sends them again, or they are gone. X-Object-Manifest
    /// among them keeps a dynamic large object one.
    static let keptObjectHeaders = [
        "Cache-Control", "Content-Disposition", "Content-Encoding", "Content-Language", "Expires", "X-Delete-At",
        "X-Object-Manifest", "X-Robots-Tag",
    ]

    /// The ETag without the quotes Swift puts around a large object's.
    static func etag(_ headers: HTTPHeaders) -> String? {
        guard var value = headers.first(name: "ETag") else { return nil }
        if value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") {
            value = String(value.dropFirst().dropLast())
        }
        return value
    }

    static func largeObject(_ headers: HTTPHeaders) -> LargeObjectKind? {
        if headers.first(name: "X-Static-Large-Object")?.lowercased() == "true" { return .staticManifest }
        if let manifest = headers.first(name: "X-Object-Manifest"), !manifest.isEmpty {
            // Swift sends the manifest's container/prefix percent-encoded as it was stored.
            return .dynamicManifest(manifest.removingPercentEncoding ?? manifest)
        }
        // Ceph RGW shows an object its S3 API took in parts as it is, with S3's ETag
        // (the MD5 of the parts' MD5s, `-COUNT`), and objsh's part size among its metadata.
        if let etag = etag(headers), let dash = etag.lastIndex(of: "-"), etag.distance(from: etag.startIndex, to: dash) == 32,
            let parts = Int(etag[etag.index(after: dash)...]), parts > 0
        {
            let partBytes = headers.first(name: "X-Object-Meta-Objsh-Part-Bytes").flatMap { Int64($0) }
            return .multipartUpload(parts: parts, partBytes: parts == 1 ? Int64(integer(headers, "Content-Length")) : partBytes)
        }
        return nil
    }

    /// `Last-Modified` when given, else `X-Timestamp` (accounts and older containers).
    static func lastModified(_ headers: HTTPHeaders) -> Date? {
        if let http = headers.first(name: "Last-Modified").flatMap(ServerDates.http) { return http }
        return headers.first(name: "X-Timestamp").flatMap(ServerDates.timestamp)
    }

    /// User metadata with the prefix cut off, keyed as the server spells it (`Color` for `X-Object-Meta-Color`).
    static func metadata(_ headers: HTTPHeaders, prefix: String) -> [String: String] {
        var found: [String: String] = [:]
        for (name, value) in headers where name.count > prefix.count && name.lowercased().hasPrefix(prefix.lowercased()) {
            found[String(name.dropFirst(prefix.count))] = value
        }
        return found
    }

    private static func integer(_ headers: HTTPHeaders, _ name: String) -> Int {
        headers.first(name: name).flatMap { Int($0.trimmingSpaces()) } ?? 0
    }
}
