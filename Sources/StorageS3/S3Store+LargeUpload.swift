import AsyncHTTPClient
import Crypto
import Foundation
import NIOHTTP1
import Storage
import StorageHTTP

extension S3Store {
    /// A single PUT takes at most 5 GiB; a multipart upload's parts are at least 5 MiB
    /// (all but the last) and at most 10,000, or the provider's (or cluster's) `max_parts`.
    public func uploadLimits() async throws -> UploadLimits {
        UploadLimits(maxObjectBytes: 5 << 30, minSegmentBytes: 5 << 20, maxSegments: endpoint.effectiveMaxParts)
    }

    /// Picks up the newest multipart upload of `name` still open (from an interrupted
    /// run), or starts one.
    public func beginLargeUpload(
        container: String, name: String, version: LocalFileVersion, segmentBytes: Int64,
        contentType: String?, attributes: UploadAttributes
    ) async throws -> any LargeUpload {
        let type = contentType ?? ContentType.guess(forName: name)
        if let open = try await openUploads(container, of: name).last {
            let upload = S3LargeUpload(
                store: self, container: container, name: name, uploadID: open, contentType: type,
                partBytes: segmentBytes)
            // Parts of another size belong to another file or part size (which the upload's
            // metadata names): that upload goes, and a new one starts.
            let stored = try await upload.storedSegments()
            if stored.allSatisfy({ $0.value.bytes == Self.partBytes(index: $0.key, fileBytes: version.bytes, partBytes: segmentBytes) }) {
                return upload
            }
            try await upload.abort()
        }
        return try await createMultipartUpload(
            container: container, name: name, contentType: type, partBytes: segmentBytes, attributes: attributes)
    }

    /// Always a new multipart upload: another one of the same name (a file's, being
    /// resumed) is left alone.
    public func beginStreamUpload(container: String, name: String, segmentBytes: Int64, contentType: String?) async throws -> any LargeUpload {
        try await createMultipartUpload(
            container: container, name: name, contentType: contentType ?? ContentType.guess(forName: name), partBytes: segmentBytes)
    }

    /// CreateMultipartUpload, the part size kept in the object's metadata (for the download's
    /// check) beside the user metadata, with the Cache-Control and storage class given.
    func createMultipartUpload(
        container: String, name: String, contentType: String, partBytes: Int64, attributes: UploadAttributes = .none
    ) async throws -> S3LargeUpload {
        let headers = try Self.attributeHeaders(
            attributes,
            adding: ["Content-Type": contentType, "Content-Length": "0", "x-amz-meta-" + S3Headers.partBytesKey: String(partBytes)])
        return try await createMultipartUpload(container: container, name: name, headers: headers, contentType: contentType, partBytes: partBytes)
    }

    /// CreateMultipartUpload with `headers` as they are (`Content-Length: 0` among them):
    /// the upload its answer names, whose parts are `partBytes` long.
    func createMultipartUpload(
        container: String, name: String, headers: HTTPHeaders, contentType: String, partBytes: Int64
    ) async throws -> S3LargeUpload {
        let sent = ContinuousClock.now
        let response: HTTPExchangeResponse
        do {
            response = try await send(
                .POST, S3Target(bucket: container, key: name, query: [("uploads", "")]), headers: headers, body: { .bytes([]) })
        } catch let error as StorageError where error != .cancelled {
            await abortUnanswered(container, name, sent: sent)
            throw error
        }
        guard response.status == 200 else {
            throw Self.refusedStorageClass(response, asked: headers.first(name: "x-amz-storage-class"))
                ?? failure(response, bucket: container, key: name)
        }
        let root = try S3Answers.document(Data(response.body.readableBytesView), expecting: "InitiateMultipartUploadResult")
        guard let uploadID = root.text("UploadId"), !uploadID.isEmpty else {
            throw StorageError.invalidResponse("CreateMultipartUpload gave no UploadId")
        }
        return S3LargeUpload(
            store: self, container: container, name: name, uploadID: uploadID, contentType: contentType, partBytes: partBytes)
    }

    /// The size part `index` has when a file of `fileBytes` goes up in parts of `partBytes`.
    static func partBytes(index: Int, fileBytes: Int64, partBytes: Int64) -> Int64 {
        max(0, min(partBytes, fileBytes - Int64(index) * partBytes))
    }

    /// After a CreateMultipartUpload went unanswered, the uploads of exactly `name` the
    /// server began since it was sent (by the server's clock: its `Date` less the time
    /// since) are that request's, which no one else can name: they are aborted, so that
    /// none is left open. Best effort: the request's own error is the one said.
    private func abortUnanswered(_ container: String, _ name: String, sent: ContinuousClock.Instant) async {
        let elapsed = ContinuousClock.now - sent
        guard let response = try? await send(.GET, S3Target(bucket: container, query: [("uploads", ""), ("prefix", name)])),
            response.status == 200, let now = response.headers.first(name: "Date").flatMap(ServerDates.http),
            let root = try? S3Answers.document(Data(response.body.readableBytesView), expecting: "ListMultipartUploadsResult")
        else { return }
        // One second more: Initiated may be rounded down to the second.
        let since = now.addingTimeInterval(-(Double(elapsed.components.seconds) + 2))
        for upload in root.children("Upload") where upload.text("Key") == name {
            guard let id = upload.text("UploadId"), let begun = upload.text("Initiated").flatMap(ServerDates.iso8601), begun >= since else {
                continue
            }
            _ = try? await send(.DELETE, S3Target(bucket: container, key: name, query: [("uploadId", id)]))
        }
    }

    /// The IDs of the multipart uploads of exactly `name` not yet completed or aborted, oldest first.
    func openUploads(_ container: String, of name: String) async throws -> [String] {
        let response = try await send(.GET, S3Target(bucket: container, query: [("uploads", ""), ("prefix", name)]))
        guard response.status == 200 else { throw failure(response, bucket: container) }
        let root = try S3Answers.document(Data(response.body.readableBytesView), expecting: "ListMultipartUploadsResult")
        let mine = root.children("Upload").filter { $0.text("Key") == name }
        return mine.sorted { ($0.text("Initiated") ?? "") < ($1.text("Initiated") ?? "") }.compactMap { $0.text("UploadId") }
    }
}

/// An S3 multipart upload: parts (each with `Content-MD5`) in any order, several at
/// once; CompleteMultipartUpload last, so the object appears whole or not at all.
struct S3LargeUpload: LargeUpload {
    let store: S3Store
    let container: String
    let name: String
    let uploadID: String
    var heldAt: String { "the multipart upload \(uploadID) of /\(container)/\(name)" }
    let contentType: String
    let partBytes: Int64

    func target(_ query: [(name: String, value: String)] = []) -> S3Target {
        S3Target(bucket: container, key: name, query: [("uploadId", uploadID)] + query)
    }

    /// ListParts, page by page; an upload no longer open has none.
    func storedSegments() async throws -> [Int: SegmentRecord] {
        var found: [Int: SegmentRecord] = [:]
        var marker: String?
        repeat {
            let response = try await store.send(.GET, target(marker.map { [("part-number-marker", $0)] } ?? []))
            if response.status == 404 { return [:] }  // NoSuchUpload: completed or aborted
            guard response.status == 200 else { throw store.failure(response, bucket: container, key: name) }
            let root = try S3Answers.document(Data(response.body.readableBytesView), expecting: "ListPartsResult")
            for part in root.children("Part") {
                guard let number = Int(part.text("PartNumber") ?? ""), number >= 1, let size = Int64(part.text("Size") ?? "") else { continue }
                found[number - 1] = record(index: number - 1, bytes: size, etag: S3Answers.unquoted(part.text("ETag") ?? ""))
            }
            marker = root.text("IsTruncated") == "true" ? root.text("NextPartNumberMarker") : nil
        } while marker != nil
        return found
    }

    /// A stored part: its ETag is its MD5 where the cluster takes ETags as MD5s; else its
    /// MD5 is unknown (so the part is sent again) and the ETag kept for the manifest.
    func record(index: Int, bytes: Int64, etag: String) -> SegmentRecord {
        if store.etagOpacity(etag, headers: [:]) == nil { return SegmentRecord(index: index, bytes: bytes, md5: etag.lowercased()) }
        return SegmentRecord(index: index, bytes: bytes, md5: "", tag: etag)
    }

    /// One part; the server refuses bytes whose MD5 is not the slice's, and its ETag is
    /// checked too when it is a digest (an opaque one is kept for the manifest).
    func putSegment(index: Int, from slice: FileSlice) async throws -> SegmentRecord {
        let md5 = try slice.md5()
        return try await putPart(index: index, length: slice.length, md5: md5) {
            .stream(
                FileUploadBody(path: slice.path, expectedBytes: slice.length, digest: UploadDigest(), offset: slice.offset, isSlice: true),
                length: slice.length)
        }
    }

    func putSegment(index: Int, bytes: [UInt8]) async throws -> SegmentRecord {
        let body = MemoryUploadBody(bytes, digest: UploadDigest())
        return try await putPart(index: index, length: Int64(bytes.count), md5: body.md5) { .stream(body, length: Int64(bytes.count)) }
    }

    /// UploadPart of `length` bytes whose MD5 is `md5`, which `body` sends.
    func putPart(
        index: Int, length: Int64, md5: Insecure.MD5.Digest, body: @escaping @Sendable () -> OutgoingBody
    ) async throws -> SegmentRecord {
        let response = try await store.send(
            .PUT, target([("partNumber", String(index + 1))]),
            headers: ["Content-MD5": md5.base64, "Content-Length": String(length)],
            payloadHash: "UNSIGNED-PAYLOAD", body: body)
        guard response.status == 200 else { throw store.failure(response, bucket: container, key: name) }
        let stored = S3Answers.unquoted(response.headers.first(name: "ETag") ?? "")
        if store.etagOpacity(stored, headers: response.headers) != nil {
            return SegmentRecord(index: index, bytes: length, md5: md5.hex, tag: stored)
        }
        guard stored.lowercased() == md5.hex else { throw StorageError.checksumMismatch(expected: md5.hex, actual: stored) }
        return SegmentRecord(index: index, bytes: length, md5: md5.hex)
    }

    /// CompleteMultipartUpload, whose 200 may still carry an error; the ETag (the answer's,
    /// else the object's) must be the MD5 of the parts' MD5s with `-COUNT`, as S3 makes it,
    /// unless it (or a part's) is no digest: Content-MD5 then vouched for every part.
    func complete(_ segments: [SegmentRecord], removingReplaced: Bool) async throws -> ObjectInfo {
        let parts = segments.map {
            "<Part><PartNumber>\($0.index + 1)</PartNumber><ETag>\"\(S3XMLText.escaped($0.tag ?? $0.md5))\"</ETag></Part>"
        }.joined()
        let body = Data(("<CompleteMultipartUpload>" + parts + "</CompleteMultipartUpload>").utf8)
        let response: HTTPExchangeResponse
        do {
            response = try await store.send(
                .POST, target(), headers: ["Content-Type": "application/xml", "Content-Length": String(body.count)],
                payloadHash: SigV4Signer.sha256Hex(body), body: { .bytes(body) })
        } catch let error as StorageError where error != .cancelled {
            return try await completed(despite: error, segments)
        }
        let data = Data(response.body.readableBytesView)
        if let error = S3Answers.error(data) {
            throw S3Failure.error(
                code: error.code, message: error.message, status: response.status, bucket: container, key: name,
                region: store.region(for: container))
        }
        guard response.status == 200 else { throw store.failure(response, bucket: container, key: name) }
        let root = try S3Answers.document(data, expecting: "CompleteMultipartUploadResult")
        let expected = LargeObjectETag.multipart(partMD5s: segments.map(\.md5))
        var stored = S3Answers.unquoted(root.text("ETag") ?? "")
        // Ceph RGW (16.2) answers an empty <ETag/>; the object's HEAD has the real one.
        if stored.isEmpty { stored = try await store.objectInfo(container: container, name: name).etag }
        var opacity = store.etagOpacity(stored, headers: response.headers)
        if opacity == nil, segments.contains(where: { $0.tag != nil }) { opacity = .notADigest }
        if opacity == nil { stored = stored.lowercased() }
        let isReadBack = opacity == nil && stored != expected
        if isReadBack {
            try await proveReadingBack(segments, etag: stored, expected: expected, version: response.headers.first(name: "x-amz-version-id"))
        }
        return completedInfo(segments, etag: stored, opacity: opacity, isReadBack: isReadBack)
    }

    /// After CompleteMultipartUpload went unanswered (a reset, a timeout), the server may
    /// have put the object together all the same: when it is there with the ETag of these
    /// parts, the upload is done (its retry would find no upload); else `error` stands.
    private func completed(despite error: StorageError, _ segments: [SegmentRecord]) async throws -> ObjectInfo {
        let expected = LargeObjectETag.multipart(partMD5s: segments.map(\.md5))
        guard let stored = try? await store.objectInfo(container: container, name: name), stored.etag.lowercased() == expected else {
            throw error
        }
        return completedInfo(segments, etag: expected, opacity: nil, isReadBack: false)
    }

    private func completedInfo(_ segments: [SegmentRecord], etag: String, opacity: OpaqueETag?, isReadBack: Bool) -> ObjectInfo {
        var info = ObjectInfo(
            container: container, name: name, bytes: segments.reduce(0) { $0 + $1.bytes }, contentType: contentType,
            etag: etag, largeObject: .multipartUpload(parts: segments.count, partBytes: partBytes))
        info.opaqueETag = opacity
        info.isReadBack = isReadBack
        return info
    }

    /// The multipart uploads of this name still open once this one completed: uploads
    /// of the same name that earlier runs could not abort (a file's, being resumed, would
    /// have replaced the object this one just stored).
    func removeEarlierStreamLeftovers() async throws -> Int {
        let left = try await store.openUploads(container, of: name).filter { $0 != uploadID }
        for id in left {
            try await S3LargeUpload(store: store, container: container, name: name, uploadID: id, contentType: contentType, partBytes: partBytes)
                .abort()
        }
        return left.count
    }

    /// AbortMultipartUpload: the parts go; an upload already gone is not an error.
    func abort() async throws {
        let response = try await store.send(.DELETE, target())
        guard response.status == 204 || response.status == 200 || response.status == 404 else {
            throw store.failure(response, bucket: container, key: name)
        }
    }
}
