import Foundation
import NIOCore
import NIOHTTP1
import Storage
import StorageHTTP

extension SwiftStore {
    /// Deletes an object; a static large object goes with its segments (`multipart-manifest=delete`),
    /// a dynamic one's segments (every object under its `X-Object-Manifest` prefix) follow
    /// its manifest, as `swift delete` does. Manifest first: an interruption leaves unseen
    /// segments, never an object with holes.
    @discardableResult
    public func deleteObject(container: String, name: String) async throws -> DeleteOutcome {
        let info = try await objectInfo(container: container, name: name)
        let outcome = try await deleteManifestOrObject(container: container, name: name, info: info)
        if case .dynamicManifest(let manifest) = info.largeObject {
            try await deleteDynamicSegments(manifest)
        }
        return outcome
    }

    /// The delete; in a container that keeps versions, Swift names the delete marker it
    /// wrote (`X-Object-Version-Id`).
    private func deleteManifestOrObject(container: String, name: String, info: ObjectInfo) async throws -> DeleteOutcome {
        let isStatic = info.largeObject == .staticManifest
        if isStatic, let outcome = try await deleteKeepingSharedSegments(container: container, name: name) { return outcome }
        let response = try await send(
            .DELETE, path: try Self.objectPath(container, name),
            query: isStatic ? [("multipart-manifest", "delete")] : [],
            headers: ["Accept": "application/json"])
        if response.status == 404 { throw StorageError.noSuchObject(container: container, name: name) }
        guard (200...299).contains(response.status) else { throw Self.unexpected(response) }
        // The SLO middleware answers 200 and tells in its body what it could not delete.
        if isStatic, let failure = try Self.bulkResult(response).failures.first {
            throw StorageError.server(status: failure.value.status, message: "\(name): \(failure.value.message)")
        }
        return response.headers.first(name: "X-Object-Version-Id") == nil ? .removed : .keptAsVersion
    }

    /// The objects under a DLO's `CONTAINER/PREFIX` (its header is percent-encoded), in bulk
    /// when the cluster can, else one by one; those already gone are not a failure.
    private func deleteDynamicSegments(_ manifest: String) async throws {
        let decoded = manifest.removingPercentEncoding ?? manifest
        guard let slash = decoded.firstIndex(of: "/") else { return }
        let segmentContainer = String(decoded[..<slash])
        let prefix = String(decoded[decoded.index(after: slash)...])
        var segments: [ObjectSummary] = []
        do {
            for try await page in objectPages(in: segmentContainer, prefix: prefix) {
                segments += page.compactMap { if case .object(let object) = $0 { object } else { nil } }
            }
        } catch StorageError.noSuchContainer { return }
        try await deleteNames(segments.map(\.name), in: segmentContainer)
    }

    /// A listed plain object goes with one DELETE, no HEAD first; the listing marks SLOs,
    /// and an empty object (maybe a DLO's manifest) is looked at first, as `swift delete` does.
    public func deleteListedObject(_ object: ObjectSummary, container: String) async throws {
        guard !object.isLargeObject && !object.mayBeLargeObject else {
            do { try await deleteObject(container: container, name: object.name) } catch StorageError.noSuchObject {}
            return
        }
        let response = try await send(.DELETE, path: try Self.objectPath(container, object.name))
        guard (200...299).contains(response.status) || response.status == 404 else { throw Self.unexpected(response) }
    }

    public func deleteContainer(_ name: String) async throws {
        let response = try await send(.DELETE, path: try Self.containerPath(name))
        switch response.status {
        case 200...299: return
        case 404: throw StorageError.noSuchContainer(name)
        case 409: throw StorageError.containerNotEmpty(name)
        default: throw Self.unexpected(response)
        }
    }

    /// The bulk-delete middleware's limit from `/info`; 0 when the cluster has none.
    public func bulkDeleteLimit() async throws -> Int {
        try await clusterInfo().maxDeletesPerRequest
    }

    /// One `POST ?bulk-delete` for `names`; a name already gone is not a failure.
    public func deleteObjects(container: String, names: [String]) async throws -> [String: StorageError] {
        guard !names.isEmpty else { return [:] }
        let encodedContainer = try Self.containerPath(container)
        let lines = try names.map { name -> String in
            _ = try Self.objectPath(container, name)
            return "/" + encodedContainer + "/" + SwiftPercentEncoding.encode(name, keepingSlashes: true)
        }
        let body = Array((lines.joined(separator: "\n") + "\n").utf8)
        let response = try await send(
            .POST, path: "", query: [("bulk-delete", "")],
            headers: ["Content-Type": "text/plain", "Accept": "application/json"], repeatable: true,
            body: { .bytes(body) })
        guard (200...299).contains(response.status) else { throw Self.unexpected(response) }
        let result = try Self.bulkResult(response)
        var failures: [String: StorageError] = [:]
        for (path, failure) in result.failures {
            let name = path.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false).dropFirst(2).first.map(String.init) ?? path
            failures[name.removingPercentEncoding ?? name] = .server(status: failure.status, message: failure.message)
        }
        if failures.isEmpty, !(200...299).contains(result.status) {
            throw StorageError.server(status: result.status, message: "bulk delete: \(result.statusText)")
        }
        return failures
    }

    /// The JSON answer of a bulk delete (`?bulk-delete` or `multipart-manifest=delete`).
    static func bulkResult(_ response: HTTPExchangeResponse) throws -> SwiftBulkResult {
        do {
            return try SwiftBulkResult(json: Data(response.body.readableBytesView))
        } catch {
            throw StorageError.server(status: response.status, message: "the bulk delete answer is not the JSON expected")
        }
    }
}

/// What a bulk delete reports: its overall status, and each path it could not delete.
struct SwiftBulkResult {
    var status: Int
    var statusText: String
    var failures: [String: (status: Int, message: String)] = [:]

    init(json: Data) throws {
        guard let root = try JSONSerialization.jsonObject(with: json) as? [String: Any] else { throw StorageError.io("not an object") }
        statusText = root["Response Status"] as? String ?? ""
        status = Int(statusText.prefix { $0.isNumber }) ?? 0
        for case let pair as [Any] in root["Errors"] as? [Any] ?? [] where pair.count == 2 {
            guard let path = pair[0] as? String, let text = pair[1] as? String else { continue }
            // An error reads "404 Not Found" or, from the SLO middleware, a sentence.
            failures[path] = (Int(text.prefix { $0.isNumber }) ?? status, text)
        }
    }
}
