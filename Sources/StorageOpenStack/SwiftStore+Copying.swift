import Foundation
import NIOHTTP1
import Storage
import StorageHTTP
import Workers

extension SwiftStore {
    /// A server-side copy: `X-Copy-From`, so no byte passes through objsh; Swift keeps
    /// the content type and metadata. A static large object is copied segment by
    /// segment (each a server-side copy into `CONTAINER_segments`) under a new manifest,
    /// so the two never share segments and deleting one leaves the other whole. A
    /// dynamic large object is read whole by the server and becomes a plain object.
    public func copyObject(_ source: ObjectInfo, toContainer container: String, name: String) async throws -> ObjectInfo {
        // A version of an SLO is copied whole: its manifest is not the current one's.
        if source.version == nil, source.largeObject == .staticManifest, let rows = try await manifestRows(source) {
            return try await copyStaticLargeObject(source, rows: rows, toContainer: container, name: name)
        }
        // With a version, `version-id` on the PUT names the version of the source to copy.
        let response = try await send(
            .PUT, path: try Self.objectPath(container, name), query: Self.versionQuery(source.version),
            headers: ["X-Copy-From": "/" + (try Self.objectPath(source.container, source.name)), "Content-Length": "0"],
            body: { .bytes([]) })
        guard response.status == 201 else { throw try await copyFailure(response, source, container) }
        var copy = source
        copy.container = container
        copy.name = name
        copy.etag = SwiftHeaders.etag(response.headers) ?? ""
        copy.lastModified = SwiftHeaders.lastModified(response.headers)
        copy.largeObject = nil
        copy.version = nil
        return copy
    }

    /// The failure of a copy: a 404 is the source gone, unless the target container is missing.
    func copyFailure(_ response: HTTPExchangeResponse, _ source: ObjectInfo, _ container: String) async throws -> StorageError {
        guard response.status == 404 else { return Self.unexpected(response) }
        if try await !containerExists(container) { return .noSuchContainer(container) }
        return .noSuchObject(container: source.container, name: source.name)
    }

    /// An SLO's manifest rows; where the server hides them (Ceph RGW), its segments found
    /// by name in `CONTAINER_segments`. Nil when neither tells them, or a row is itself a
    /// sub-manifest or a range: such an object is copied whole.
    func manifestRows(_ source: ObjectInfo) async throws -> [SwiftManifestRow]? {
        let response = try await send(
            .GET, path: try Self.objectPath(source.container, source.name), query: [("multipart-manifest", "get")],
            headers: ["Accept": "application/json"])
        if response.status == 404 { throw StorageError.noSuchObject(container: source.container, name: source.name) }
        if response.status == 200, Self.hidesManifest(response.headers) {
            return try await segmentsFoundByName(container: source.container, name: source.name)?.map {
                SwiftManifestRow(name: "/\(source.container)_segments/\($0.name)", bytes: $0.bytes, hash: $0.etag)
            }
        }
        guard response.status == 200,
            response.headers.first(name: "X-Static-Large-Object")?.lowercased() == "true",
            let rows = try? JSONDecoder().decode([SwiftManifestRow].self, from: Data(response.body.readableBytesView)),
            rows.allSatisfy({ $0.subSLO != true && $0.range == nil && $0.hash != nil })
        else { return nil }
        return rows
    }

    /// Each segment copied on the server (one already there with the same MD5, from a
    /// copy interrupted before, is kept), then a manifest of the copies, written last.
    func copyStaticLargeObject(_ source: ObjectInfo, rows: [SwiftManifestRow], toContainer container: String, name: String) async throws
        -> ObjectInfo
    {
        let segmentContainer = container + "_segments"
        let made = try await send(.PUT, path: try Self.containerPath(segmentContainer), headers: ["Content-Length": "0"])
        guard (200...299).contains(made.status) else { throw Self.unexpected(made) }
        let prefix = "\(name)/slo/copy/\(source.etag)/"
        let entries = try await WorkerPool.map(rows.enumerated(), limit: 4) { index, row in
            try await self.copySegment(row, to: segmentContainer, prefix + String(format: "%08d", index))
        }
        return try await putManifest(entries, for: source, toContainer: container, name: name)
    }

    func copySegment(_ row: SwiftManifestRow, to segmentContainer: String, _ segment: String) async throws -> SwiftManifestEntry {
        let path = try Self.objectPath(segmentContainer, segment)
        let hash = row.hash ?? ""
        let head = try await send(.HEAD, path: path)
        if head.status == 200, SwiftHeaders.etag(head.headers) == hash {
            return SwiftManifestEntry(path: "/\(segmentContainer)/\(segment)", etag: hash, sizeBytes: row.bytes)
        }
        let from = row.name.hasPrefix("/") ? String(row.name.dropFirst()) : row.name
        guard let slash = from.firstIndex(of: "/") else { throw StorageError.invalidResponse("a manifest row names no container: \(row.name)") }
        let source = try Self.objectPath(String(from[..<slash]), String(from[from.index(after: slash)...]))
        let response = try await send(
            .PUT, path: path, headers: ["X-Copy-From": "/" + source, "Content-Length": "0"], body: { .bytes([]) })
        guard response.status == 201 else { throw Self.unexpected(response) }
        let copied = SwiftHeaders.etag(response.headers) ?? ""
        guard copied == hash else {
            // A segment is no object of its own: it goes, and nothing is stored under the copy's name.
            _ = try? await send(.DELETE, path: path)
            throw StorageError.checksumMismatch(expected: hash, actual: copied)
        }
        return SwiftManifestEntry(path: "/\(segmentContainer)/\(segment)", etag: hash, sizeBytes: row.bytes)
    }

    /// The new manifest, with the source's content type and metadata; its ETag (the MD5
    /// of the segments' MD5s) must come out as the source's.
    func putManifest(_ entries: [SwiftManifestEntry], for source: ObjectInfo, toContainer container: String, name: String) async throws
        -> ObjectInfo
    {
        let body = Array(try JSONEncoder().encode(entries))
        var headers: HTTPHeaders = ["Content-Type": source.contentType]
        for (key, value) in source.metadata { headers.add(name: "X-Object-Meta-" + key, value: value) }
        let response = try await send(
            .PUT, path: try Self.objectPath(container, name), query: [("multipart-manifest", "put")], headers: headers
        ) { .bytes(body) }
        if response.status == 404 { throw StorageError.noSuchContainer(container) }
        guard response.status == 201 else { throw Self.unexpected(response) }
        var copy = source
        copy.container = container
        copy.name = name
        copy.etag = SwiftHeaders.etag(response.headers) ?? ""
        copy.lastModified = SwiftHeaders.lastModified(response.headers)
        return copy
    }
}
