import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Storage
import StorageHTTP

extension SwiftStore {
    public func readObject(
        container: String, name: String, version: String?, range: ClosedRange<Int64>?, ifMatch: String?,
        receive: (UnsafeRawBufferPointer) throws -> Void
    ) async throws -> ObjectInfo {
        let object = (container: container, name: name, version: version)
        do {
            return try await read(object, range: range, ifMatch: ifMatch, checking: nil, receive: receive)
        } catch StorageError.changed where ifMatch != nil {
            // Ceph RGW matches If-Match against a static large object's manifest, not the
            // object: when a HEAD shows the object unchanged, its answer's ETag is checked here.
            guard let ifMatch, try await objectInfo(container: container, name: name, version: version).etag == ifMatch else {
                throw StorageError.changed(container: container, name: name)
            }
            return try await read(object, range: range, ifMatch: nil, checking: ifMatch, receive: receive)
        }
    }

    /// A GET with `If-Match: ifMatch` (sent) or `checking` (the answer's ETag compared here).
    private func read(
        _ object: (container: String, name: String, version: String?), range: ClosedRange<Int64>?, ifMatch: String?,
        checking: String?, receive: (UnsafeRawBufferPointer) throws -> Void
    ) async throws -> ObjectInfo {
        let (container, name, version) = object
        let path = try Self.objectPath(container, name)
        var headers: HTTPHeaders = [:]
        if let range { headers.add(name: "Range", value: "bytes=\(range.lowerBound)-\(range.upperBound)") }
        // Swift compares If-Match with the ETag it sends, quotes included for a large object.
        if let ifMatch { headers.add(name: "If-Match", value: ifMatch) }
        let response = try await open(.GET, path: path, query: Self.versionQuery(version), headers: headers)
        switch response.status.code {
        case 200, 206: break
        case 412: throw StorageError.changed(container: container, name: name)
        default:
            let answer = await response.collected(upTo: options.maximumResponseBytes)
            if let failure = try await missing(answer.status, container: container, name: name, version: version) { throw failure }
            throw Self.unexpected(answer)
        }
        if let checking, SwiftHeaders.etag(response.headers) != checking { throw StorageError.changed(container: container, name: name) }
        var info = SwiftHeaders.objectInfo(response.headers, container: container, name: name)
        info.version = version
        let expected = Int64(info.bytes)
        if let total = response.totalBytesOfRange { info.bytes = total }
        try await exchange.drain(response, expected: expected, name: name, url: path, receive: receive)
        return info
    }

    /// A static large object's manifest (`?multipart-manifest=get`): each segment's size and
    /// MD5. Nil for a plain object or a DLO, and for manifests whose entries are not plain
    /// segments (nested manifests, byte ranges), whose hashes do not cover the bytes read.
    /// A server that keeps the manifest to itself has the segments looked for by name.
    public func segments(ofObject container: String, name: String) async throws -> [SegmentRecord]? {
        // A manifest cut short (a reset, a close mid-body) is asked for again, as a whole answer would be.
        var tries = 1
        while true {
            do {
                return try await segmentsOnce(ofObject: container, name: name)
            } catch let cut as ManifestCut {
                guard cut.failure.isRetryable, tries < options.retry.maximumTries else { throw cut.failure.error }
                tries += 1
            }
        }
    }

    private func segmentsOnce(ofObject container: String, name: String) async throws -> [SegmentRecord]? {
        let path = try Self.objectPath(container, name)
        let response = try await open(.GET, path: path, query: [("multipart-manifest", "get")])
        guard (200...299).contains(response.status.code) else {
            if response.status.code == 404 { throw StorageError.noSuchObject(container: container, name: name) }
            throw Self.unexpected(await response.collected(upTo: options.maximumResponseBytes))
        }
        if Self.hidesManifest(response.headers) {
            _ = await response.collected(upTo: 1 << 16)
            return try await segmentsFoundByName(container: container, name: name)?.enumerated().map {
                SegmentRecord(index: $0.offset, bytes: $0.element.bytes, md5: $0.element.etag ?? "")
            }
        }
        // A plain object answers with its content: leave that unread.
        guard response.headers.first(name: "X-Static-Large-Object")?.lowercased() == "true" else { return nil }
        let body: ByteBuffer
        do {
            body = try await response.body.collect(upTo: options.maximumResponseBytes)
        } catch {
            let url = (try? await session.credentials().storageURL).map { $0 + "/" + path } ?? path
            throw ManifestCut(failure: await exchange.classify(error, url: url))
        }
        let rows: [SwiftManifestRow]
        do {
            rows = try JSONDecoder().decode([SwiftManifestRow].self, from: Data(body.readableBytesView))
        } catch {
            throw StorageError.server(status: Int(response.status.code), message: "the manifest of \(name) is not the JSON expected")
        }
        guard rows.allSatisfy({ $0.subSLO != true && $0.range == nil && $0.hash != nil }) else { return nil }
        return rows.enumerated().map { SegmentRecord(index: $0.offset, bytes: $0.element.bytes, md5: $0.element.hash ?? "") }
    }
}

/// A manifest whose answer broke off while it was read; `failure` says whether to try again.
private struct ManifestCut: Error {
    let failure: TransportFailure
}

/// One entry of a static large object's manifest as `multipart-manifest=get` lists it.
struct SwiftManifestRow: Decodable {
    var name: String
    var bytes: Int64
    var hash: String?
    var subSLO: Bool?
    var range: String?

    enum CodingKeys: String, CodingKey {
        case name, bytes, hash, range
        case subSLO = "sub_slo"
    }
}
