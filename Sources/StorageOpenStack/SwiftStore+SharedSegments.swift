import Foundation
import Storage
import Synchronization

/// Segments that two static large objects share. objsh never makes such a pair (its
/// copies get segments of their own), but other tools do (a manifest written by hand,
/// a copy of a manifest): deleting the segments of one with the other would cut the
/// other short, as distribution#2878 did. So before segments go, the other manifests of
/// the container are read, and a segment any of them names stays.
extension SwiftStore {
    /// The segments (`CONTAINER/NAME`, as manifest rows name them without the leading
    /// slash) of the manifest `container/name`; nil when the server hides its rows
    /// (Ceph RGW) or the object is no static large object.
    func manifestSegmentPaths(container: String, name: String) async throws -> [String]? {
        let response = try await send(
            .GET, path: try Self.objectPath(container, name), query: [("multipart-manifest", "get")],
            headers: ["Accept": "application/json"])
        guard response.status == 200, !Self.hidesManifest(response.headers),
            response.headers.first(name: "X-Static-Large-Object")?.lowercased() == "true",
            let rows = try? JSONDecoder().decode([SwiftManifestRow].self, from: Data(response.body.readableBytesView))
        else { return nil }
        return rows.map { $0.name.hasPrefix("/") ? String($0.name.dropFirst()) : $0.name }
    }

    /// Of `segments`, those that a static large object of `container` other than `name`
    /// also names. Each large object the listing marks is read once.
    func segmentsSharedWithOthers(_ segments: Set<String>, container: String, name: String) async throws -> Set<String> {
        guard !segments.isEmpty else { return [] }
        var shared: Set<String> = []
        for try await page in objectPages(in: container) {
            for case .object(let other) in page where other.isLargeObject && other.name != name {
                shared.formUnion(try await segmentPaths(of: other, in: container).filter(segments.contains))
            }
        }
        return shared
    }

    /// A listed manifest's segments, read once for as long as the listing shows it unchanged.
    private func segmentPaths(of manifest: ObjectSummary, in container: String) async throws -> [String] {
        let key = SwiftManifestCache.Key(container: container, name: manifest.name, etag: manifest.etag, modified: manifest.lastModified)
        if let known = manifestCache[key] { return known }
        let paths = try await manifestSegmentPaths(container: container, name: manifest.name) ?? []
        manifestCache[key] = paths
        return paths
    }

    /// Deletes the manifest `container/name` alone when another manifest shares some of its
    /// segments, then those of its segments no other names; nil (nothing done) when none is
    /// shared, so the caller deletes manifest and segments together as usual.
    func deleteKeepingSharedSegments(container: String, name: String) async throws -> DeleteOutcome? {
        guard let mine = try await manifestSegmentPaths(container: container, name: name) else { return nil }
        let shared = try await segmentsSharedWithOthers(Set(mine), container: container, name: name)
        guard !shared.isEmpty else { return nil }
        let response = try await send(.DELETE, path: try Self.objectPath(container, name))
        if response.status == 404 { throw StorageError.noSuchObject(container: container, name: name) }
        guard (200...299).contains(response.status) else { throw Self.unexpected(response) }
        try await deleteSegmentPaths(mine.filter { !shared.contains($0) })
        return response.headers.first(name: "X-Object-Version-Id") == nil ? .removed : .keptAsVersion
    }

    /// Deletes segments named `CONTAINER/NAME`, grouped by container; one already gone is no failure.
    func deleteSegmentPaths(_ paths: [String]) async throws {
        var byContainer: [String: [String]] = [:]
        for path in paths {
            guard let slash = path.firstIndex(of: "/") else { continue }
            byContainer[String(path[..<slash]), default: []].append(String(path[path.index(after: slash)...]))
        }
        for (segmentContainer, names) in byContainer.sorted(by: { $0.key < $1.key }) {
            try await deleteNames(names, in: segmentContainer)
        }
    }

    /// `names` of `container` deleted in bulk where the cluster can, else one by one;
    /// throws the first that could not be deleted (one already gone is no failure).
    func deleteNames(_ names: [String], in container: String) async throws {
        let batch = try await bulkDeleteLimit()
        guard batch > 0 else {
            for name in names {
                let response = try await send(.DELETE, path: try Self.objectPath(container, name))
                guard (200...299).contains(response.status) || response.status == 404 else { throw Self.unexpected(response) }
            }
            return
        }
        for start in stride(from: 0, to: names.count, by: batch) {
            let slice = Array(names[start..<min(start + batch, names.count)])
            if let failure = try await deleteObjects(container: container, names: slice).first(where: { !Self.isGone($0.value) }) {
                throw StorageError.server(status: 0, message: "\(container)/\(failure.key): \(failure.value)")
            }
        }
    }

    private static func isGone(_ error: StorageError) -> Bool {
        if case .server(let status, _) = error { return status == 404 }
        return false
    }
}

/// Manifests' segments by the listing's name, ETag and date, so a command that deletes
/// many large objects of one container reads each other manifest once, not once a delete.
final class SwiftManifestCache: Sendable {
    struct Key: Hashable {
        var container: String
        var name: String
        var etag: String?
        var modified: Date?
    }
    /// Enough for the large objects of a busy container; past it the cache starts again.
    private static let capacity = 4_096
    private let entries = Mutex<[Key: [String]]>([:])

    subscript(key: Key) -> [String]? {
        get { entries.withLock { $0[key] } }
        set {
            entries.withLock { entries in
                if entries.count >= Self.capacity { entries.removeAll() }
                entries[key] = newValue
            }
        }
    }
}
