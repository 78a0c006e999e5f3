import Foundation
import NIOHTTP1
import Storage
import StorageHTTP

extension S3Store {
    /// A CopyObject of the object onto itself with `x-amz-metadata-directive: REPLACE`,
    /// which drops every header it does not carry: so it carries the metadata as
    /// changed, the content type, the storage class and every header of
    /// `S3Headers.keptObjectHeaders` the HEAD gave, on the condition that the object
    /// is still the one read (`x-amz-copy-source-if-match`). An object past the
    /// single-copy limit (5 GiB) is copied onto itself part by part, as `cp` copies it.
    public func updateMetadata(_ object: ObjectInfo, change: MetadataChange) async throws -> ObjectInfo {
        try await updateMetadata(object, change: change, singleCopyLimit: Self.largestSingleCopy)
    }

    /// As `updateMetadata`, with the single-copy limit as a parameter, so a test can take
    /// the path of objects past it with a small one.
    func updateMetadata(_ object: ObjectInfo, change: MetadataChange, singleCopyLimit: Int64) async throws -> ObjectInfo {
        var changed = change.applied(to: object)
        if let key = changed.metadata.first(where: { !$0.value.allSatisfy(\.isASCII) })?.key {
            throw StorageError.metadataRefused(.nonASCIIValue(key: key))
        }
        let headers = Self.rewriteHeaders(changed)
        guard object.bytes > singleCopyLimit else {
            changed.etag = try await copyOntoItself(object, headers: headers)
            changed.largeObject = nil
            return changed
        }
        guard case .multipartUpload(let parts, let known) = object.largeObject, parts > 1,
            let partBytes = try await partSize(of: object, known: known)
        else { throw StorageError.metadataRefused(.tooLargeToRewrite) }
        var copy = try await copyInParts(
            object, parts: parts, partBytes: partBytes, toContainer: object.container, name: object.name, headers: headers)
        copy.metadata = changed.metadata
        copy.headers = changed.headers
        copy.storageClass = changed.storageClass
        return copy
    }

    /// One CopyObject of `object` onto itself with `headers`; its new ETag. Swift's
    /// s3api cannot match a multipart ETag (`-N`) and answers 412 to a condition on one:
    /// when the object's HEAD still shows that ETag, the copy goes again without it.
    func copyOntoItself(_ object: ObjectInfo, headers: HTTPHeaders, conditional: Bool = true) async throws -> String {
        var request = headers
        request.add(name: "x-amz-copy-source", value: copySource(object))
        if conditional { request.add(name: "x-amz-copy-source-if-match", value: "\"\(object.etag)\"") }
        request.add(name: "x-amz-metadata-directive", value: "REPLACE")
        request.add(name: "Content-Length", value: "0")
        let response = try await send(.PUT, S3Target(bucket: object.container, key: object.name), headers: request, body: { .bytes([]) })
        do {
            return try copiedETag(response, expecting: "CopyObjectResult", object, container: object.container, name: object.name)
        } catch StorageError.changed(let container, let name) {
            guard conditional, S3Headers.multipartParts(object.etag) != nil,
                try await objectInfo(container: object.container, name: object.name).etag == object.etag
            else { throw StorageError.changed(container: container, name: name) }
            return try await copyOntoItself(object, headers: headers, conditional: false)
        }
    }

    /// What a rewrite of `info` sends: its content type, metadata, storage class (unless
    /// the default) and kept headers.
    static func rewriteHeaders(_ info: ObjectInfo) -> HTTPHeaders {
        var headers = typeAndMetadata(info)
        for (name, value) in info.headers.sorted(by: { $0.key < $1.key }) { headers.add(name: name, value: value) }
        if let storageClass = info.storageClass, storageClass != "STANDARD" { headers.add(name: "x-amz-storage-class", value: storageClass) }
        return headers
    }
}
