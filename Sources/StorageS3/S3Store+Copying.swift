import Foundation
import NIOHTTP1
import Storage
import StorageHTTP
import Workers

extension S3Store {
    /// The largest object one CopyObject takes (AWS's documented limit).
    static let largestSingleCopy: Int64 = 5 << 30

    /// A server-side copy, so no byte passes through objsh: CopyObject with the source's
    /// metadata and content type (`x-amz-metadata-directive: COPY`); a multipart object
    /// part by part with UploadPartCopy at the source's own part boundaries, so the
    /// copy's ETag comes out as the source's and proves the copy whole.
    public func copyObject(_ source: ObjectInfo, toContainer container: String, name: String) async throws -> ObjectInfo {
        if case .multipartUpload(let parts, let known) = source.largeObject, parts > 1,
            let partBytes = try await partSize(of: source, known: known)
        {
            var copy = try await copyInParts(
                source, parts: parts, partBytes: partBytes, toContainer: container, name: name, headers: Self.typeAndMetadata(source))
            copy.metadata = source.metadata
            return copy
        }
        guard source.bytes <= Self.largestSingleCopy else {
            throw StorageError.unsupported("a server-side copy of an object over 5 GiB whose part size is unknown")
        }
        let response = try await send(
            .PUT, S3Target(bucket: container, key: name),
            headers: ["x-amz-copy-source": copySource(source), "x-amz-metadata-directive": "COPY", "Content-Length": "0"],
            body: { .bytes([]) })
        let etag = try copiedETag(response, expecting: "CopyObjectResult", source, container: container, name: name)
        var copy = source
        copy.container = container
        copy.name = name
        copy.etag = etag
        copy.largeObject = nil
        copy.version = nil
        return copy
    }

    /// `bucket/key`, the key encoded as in a path, as `x-amz-copy-source` takes it;
    /// `?versionId=` names a version of the source.
    func copySource(_ source: ObjectInfo) -> String {
        let path = source.container + "/" + SigV4Encoding.encode(source.name, keepingSlashes: true)
        return source.version.map { path + "?versionId=" + SigV4Encoding.encode($0) } ?? path
    }

    /// The ETag of a CopyObject or UploadPartCopy answer, whose 200 may still carry an error.
    func copiedETag(_ response: HTTPExchangeResponse, expecting root: String, _ source: ObjectInfo, container: String, name: String) throws
        -> String
    {
        let data = Data(response.body.readableBytesView)
        if let error = S3Answers.error(data) {
            if error.code == "NoSuchKey" { throw StorageError.noSuchObject(container: source.container, name: source.name) }
            throw S3Failure.error(
                code: error.code, message: error.message, status: response.status, bucket: container, key: name,
                region: region(for: container))
        }
        guard response.status == 200 else { throw failure(response, bucket: container, key: name) }
        let document = try S3Answers.document(data, expecting: root)
        return S3Answers.unquoted(document.text("ETag") ?? "").lowercased()
    }

    /// The part size of a multipart object: as objsh recorded it, else part 1's length
    /// from a HEAD with `partNumber=1`; nil when the server does not say.
    func partSize(of source: ObjectInfo, known: Int64?) async throws -> Int64? {
        if let known { return known }
        let response = try await send(.HEAD, S3Target(bucket: source.container, key: source.name, query: [("partNumber", "1")]))
        guard response.status == 200 || response.status == 206 else { return nil }
        return response.headers.first(name: "Content-Length").flatMap { Int64($0) }
    }

    /// The content type and `x-amz-meta-` headers of `info`.
    static func typeAndMetadata(_ info: ObjectInfo) -> HTTPHeaders {
        var headers: HTTPHeaders = ["Content-Type": info.contentType]
        for (key, value) in info.metadata.sorted(by: { $0.key < $1.key }) { headers.add(name: "x-amz-meta-" + key, value: value) }
        return headers
    }

    /// CreateMultipartUpload with `headers` (the copy's type and metadata), UploadPartCopy
    /// of each range (four at once), then CompleteMultipartUpload, which checks the ETag;
    /// any failure aborts the upload, so no parts are left behind, and one a killed run
    /// left open goes when the copy is made again.
    func copyInParts(
        _ source: ObjectInfo, parts: Int, partBytes: Int64, toContainer container: String, name: String, headers: HTTPHeaders
    ) async throws -> ObjectInfo {
        var headers = headers
        headers.replaceOrAdd(name: "Content-Length", value: "0")
        let contentType = headers.first(name: "Content-Type") ?? source.contentType
        // Uploads of `name` a copy killed midway left open go first, as an upload's would
        // (beginLargeUpload): a copy's parts are copied anew, so none is worth taking up.
        for open in try await openUploads(container, of: name) {
            try? await S3LargeUpload(store: self, container: container, name: name, uploadID: open, contentType: contentType, partBytes: partBytes)
                .abort()
        }
        let upload = try await createMultipartUpload(
            container: container, name: name, headers: headers, contentType: contentType, partBytes: partBytes)
        do {
            let segments = try await copyParts(source, parts: parts, partBytes: partBytes, upload)
            return try await upload.complete(segments, removingReplaced: false)
        } catch {
            try? await upload.abort()
            throw error
        }
    }

    func copyParts(_ source: ObjectInfo, parts: Int, partBytes: Int64, _ upload: S3LargeUpload) async throws -> [SegmentRecord] {
        try await WorkerPool.map(0..<parts, limit: 4) { index in try await self.copyPart(index, of: source, partBytes: partBytes, upload) }
    }

    func copyPart(_ index: Int, of source: ObjectInfo, partBytes: Int64, _ upload: S3LargeUpload) async throws -> SegmentRecord {
        let first = Int64(index) * partBytes
        let last = min(source.bytes, first + partBytes) - 1
        guard first <= last else { throw StorageError.invalidResponse("part \(index + 1) lies past the object's \(source.bytes) bytes") }
        let response = try await send(
            .PUT, upload.target([("partNumber", String(index + 1))]),
            headers: ["x-amz-copy-source": copySource(source), "x-amz-copy-source-range": "bytes=\(first)-\(last)", "Content-Length": "0"],
            body: { .bytes([]) })
        let etag = try copiedETag(response, expecting: "CopyPartResult", source, container: upload.container, name: upload.name)
        return SegmentRecord(index: index, bytes: last - first + 1, md5: etag)
    }
}
