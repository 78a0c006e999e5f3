import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Storage
import StorageHTTP

extension SwiftStore {
    public func beginLargeUpload(
        container: String, name: String, version: LocalFileVersion, segmentBytes: Int64,
        contentType: String?, attributes: UploadAttributes
    ) async throws -> any LargeUpload {
        _ = try Self.objectPath(container, name)
        _ = try attributeHeaders(attributes, adding: [:])
        let upload = SwiftLargeUpload(
            store: self, container: container, name: name, version: version,
            segmentBytes: segmentBytes, contentType: contentType ?? ContentType.guess(forName: name), attributes: attributes)
        try await upload.ensureSegmentContainer()
        return upload
    }

    /// Segments named for the time the stream started and `stream` where a file's size
    /// goes, so no other upload's segments share their prefix.
    public func beginStreamUpload(container: String, name: String, segmentBytes: Int64, contentType: String?) async throws -> any LargeUpload {
        _ = try Self.objectPath(container, name)
        let upload = SwiftLargeUpload(
            store: self, container: container, name: name, version: LocalFileVersion(bytes: 0, modified: Date().timeIntervalSince1970),
            segmentBytes: segmentBytes, contentType: contentType ?? ContentType.guess(forName: name), isStream: true)
        try await upload.ensureSegmentContainer()
        return upload
    }
}

/// A static large object going up: segments in `<container>_segments`, named as
/// python-swiftclient names them (`NAME/slo/MTIME/SIZE/SEGMENT_SIZE/00000000`), so the
/// same file uploaded again finds the segments it already sent; the manifest goes last.
/// A stream's segments have `stream` for the size it does not know yet.
struct SwiftLargeUpload: LargeUpload {
    let store: SwiftStore
    let container: String
    let name: String
    let version: LocalFileVersion
    let segmentBytes: Int64
    let contentType: String
    /// The object's user metadata and Cache-Control, sent with the manifest.
    var attributes = UploadAttributes.none
    var isStream = false

    var segmentContainer: String { container + "_segments" }
    var mtime: String { String(format: "%f", version.modified) }
    var segmentPrefix: String { "\(name)/slo/\(mtime)/\(isStream ? "stream" : String(version.bytes))/\(segmentBytes)/" }
    func segmentName(_ index: Int) -> String { segmentPrefix + String(format: "%08d", index) }
    var heldAt: String { "/\(segmentContainer)/\(segmentPrefix)" }

    func ensureSegmentContainer() async throws {
        let response = try await store.send(.PUT, path: try SwiftStore.containerPath(segmentContainer), headers: ["Content-Length": "0"])
        guard (200...299).contains(response.status) else { throw SwiftStore.unexpected(response) }
    }

    func storedSegments() async throws -> [Int: SegmentRecord] {
        var found: [Int: SegmentRecord] = [:]
        for try await page in store.objectPages(in: segmentContainer, prefix: segmentPrefix) {
            for case .object(let object) in page {
                guard let index = Int(object.name.dropFirst(segmentPrefix.count)), let md5 = object.etag else { continue }
                found[index] = SegmentRecord(index: index, bytes: object.bytes, md5: md5)
            }
        }
        return found
    }

    func putSegment(index: Int, from slice: FileSlice) async throws -> SegmentRecord {
        try await putSegment(index: index, length: slice.length) { digest in
            .stream(
                FileUploadBody(path: slice.path, expectedBytes: slice.length, digest: digest, offset: slice.offset, isSlice: true),
                length: slice.length)
        }
    }

    func putSegment(index: Int, bytes: [UInt8]) async throws -> SegmentRecord {
        try await putSegment(index: index, length: Int64(bytes.count)) { digest in
            .stream(MemoryUploadBody(bytes, digest: digest), length: Int64(bytes.count))
        }
    }

    /// One segment of `length` bytes that `body` sends; Swift's ETag must be their MD5.
    func putSegment(
        index: Int, length: Int64, body: @escaping @Sendable (UploadDigest) -> OutgoingBody
    ) async throws -> SegmentRecord {
        let path = try SwiftStore.objectPath(segmentContainer, segmentName(index))
        let digest = UploadDigest()
        let response = try await store.send(.PUT, path: path, headers: ["Content-Type": "application/octet-stream"]) { body(digest) }
        guard response.status == 201 else { throw SwiftStore.unexpected(response) }
        let sent = digest.hex
        guard SwiftHeaders.etag(response.headers) == sent else {
            _ = try? await store.send(.DELETE, path: path)
            throw StorageError.checksumMismatch(expected: sent, actual: SwiftHeaders.etag(response.headers) ?? "")
        }
        return SegmentRecord(index: index, bytes: length, md5: sent)
    }

    func complete(_ segments: [SegmentRecord], removingReplaced: Bool) async throws -> ObjectInfo {
        let replaced = removingReplaced ? try await replacedSegmentNames() : []
        let manifest = segments.map {
            SwiftManifestEntry(path: "/\(segmentContainer)/\(segmentName($0.index))", etag: $0.md5, sizeBytes: $0.bytes)
        }
        let body = Array(try JSONEncoder().encode(manifest))
        let response = try await store.send(
            .PUT, path: try SwiftStore.objectPath(container, name), query: [("multipart-manifest", "put")],
            headers: try store.attributeHeaders(attributes, adding: ["Content-Type": contentType, "X-Object-Meta-Mtime": mtime])
        ) { .bytes(body) }
        if response.status == 404 { throw StorageError.noSuchContainer(container) }
        guard response.status == 201 else { throw SwiftStore.unexpected(response) }
        let expected = LargeObjectETag.staticManifest(segmentMD5s: segments.map(\.md5))
        let stored = SwiftHeaders.etag(response.headers) ?? ""
        guard stored == expected else {
            throw await store.removeStoredWrong(container: container, name: name, isLargeObject: true, expected: expected, actual: stored)
        }
        let kept = Set(manifest.map { String($0.path.dropFirst(segmentContainer.count + 2)) })
        try? await deleteReplaced(replaced.filter { !kept.contains($0) })
        var info = ObjectInfo(
            container: container, name: name, bytes: segments.reduce(0) { $0 + $1.bytes }, contentType: contentType,
            etag: stored, lastModified: SwiftHeaders.lastModified(response.headers), metadata: attributes.metadata,
            largeObject: .staticManifest)
        info.headers = SwiftStore.keptHeaders(attributes)
        return info
    }

    /// The segments of earlier streams to this name (`NAME/slo/MTIME/stream/…`, begun
    /// before this one) that no manifest names: what their failed aborts left. Not where
    /// versions were ever kept: a kept version's manifest may name an earlier stream's.
    func removeEarlierStreamLeftovers() async throws -> Int {
        guard try await store.containerInfo(container).versioning == .off else { return 0 }
        let base = "\(name)/slo/"
        // Compared as written: the name holds the start time rounded to microseconds.
        guard let began = Double(mtime) else { return 0 }
        var sets: [Substring: [String]] = [:]
        for try await page in store.objectPages(in: segmentContainer, prefix: base) {
            for segment in page.map(\.name) {
                let parts = segment.dropFirst(base.count).split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 4, parts[1] == "stream", parts[0] != mtime, let started = Double(parts[0]), started < began else { continue }
                sets[parts[0], default: []].append(segment)
            }
        }
        try await deleteReplaced(sets.values.flatMap { $0 })
        return sets.count
    }

    func abort() async throws {
        var names: [String] = []
        for try await page in store.objectPages(in: segmentContainer, prefix: segmentPrefix) { names += page.map(\.name) }
        try await deleteSegments(names)
    }

    /// The segments (in the segment container) of the SLO this upload replaces, if it is one.
    func replacedSegmentNames() async throws -> [String] {
        let response = try await store.send(
            .GET, path: try SwiftStore.objectPath(container, name), query: [("multipart-manifest", "get")],
            headers: ["Accept": "application/json"])
        if response.status == 200, SwiftStore.hidesManifest(response.headers) {
            return try await store.segmentsFoundByName(container: container, name: name)?.map(\.name) ?? []
        }
        guard response.status == 200, response.headers.first(name: "X-Static-Large-Object")?.lowercased() == "true",
            let rows = try? JSONDecoder().decode([SwiftManifestRow].self, from: Data(response.body.readableBytesView))
        else { return [] }
        let prefix = "/\(segmentContainer)/"
        return rows.compactMap { $0.name.hasPrefix(prefix) ? String($0.name.dropFirst(prefix.count)) : nil }
    }

    /// Deletes segments of this upload's container by name; throws when one stays.
    func deleteSegments(_ names: [String]) async throws {
        try await store.deleteNames(names, in: segmentContainer)
    }

    /// The segments of the object replaced, but those another manifest of the container names.
    func deleteReplaced(_ names: [String]) async throws {
        let paths = Set(names.map { segmentContainer + "/" + $0 })
        let shared = try await store.segmentsSharedWithOthers(paths, container: container, name: name)
        try await deleteSegments(names.filter { !shared.contains(segmentContainer + "/" + $0) })
    }
}

/// One entry of a manifest as `multipart-manifest=put` takes it.
struct SwiftManifestEntry: Encodable {
    var path: String
    var etag: String
    var sizeBytes: Int64

    enum CodingKeys: String, CodingKey {
        case path, etag
        case sizeBytes = "size_bytes"
    }
}
