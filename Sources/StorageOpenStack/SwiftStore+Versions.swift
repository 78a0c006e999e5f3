import Foundation
import NIOHTTP1
import Storage
import StorageHTTP

/// Object versioning as Swift 2.24+ has it (`X-Versions-Enabled`; the versions live in
/// a hidden container): `?versions` lists them, `?version-id=` reads, copies and deletes one.
extension SwiftStore {
    public func setVersioning(_ isOn: Bool, container: String) async throws {
        let response = try await send(
            .POST, path: try Self.containerPath(container), headers: ["X-Versions-Enabled": isOn ? "true" : "false"], repeatable: true)
        if response.status == 404 { throw StorageError.noSuchContainer(container) }
        // A cluster without object versioning refuses the header (400 or 412).
        if response.status == 400 || response.status == 412 { throw StorageError.versionsUnsupported(kind: kind) }
        guard (200...299).contains(response.status) else { throw Self.unexpected(response) }
    }

    public func listVersions(in container: String, prefix: String, after marker: VersionMarker?, limit: Int) async throws -> VersionPage {
        var query: [(name: String, value: String)] = [
            ("versions", ""), ("format", "json"), ("limit", String(min(limit, maximumPageSize))),
        ]
        if !prefix.isEmpty { query.append(("prefix", prefix)) }
        if let marker { query += [("marker", marker.name), ("version_marker", marker.id)] }
        let response = try await send(.GET, path: try Self.containerPath(container), query: query)
        if response.status == 404 { throw StorageError.noSuchContainer(container) }
        guard (200...299).contains(response.status) else { throw Self.unexpected(response) }
        let versions = try Self.decode([SwiftVersionRow].self, from: response).map(\.version)
        // Swift's pages may end short of the listing's end (sharding): only an empty one ends it.
        return VersionPage(versions: versions, next: versions.last.map { VersionMarker(name: $0.name, id: $0.id) })
    }

    public func deleteVersion(container: String, name: String, version: String) async throws {
        let response = try await send(.DELETE, path: try Self.objectPath(container, name), query: Self.versionQuery(version))
        if let failure = try await missing(response.status, container: container, name: name, version: version) { throw failure }
        guard (200...299).contains(response.status) else { throw Self.unexpected(response) }
    }

    /// The query that names one version; none for the current one.
    static func versionQuery(_ version: String?) -> [(name: String, value: String)] {
        version.map { [("version-id", $0)] } ?? []
    }
}

/// One row of a `?versions` container listing in JSON.
struct SwiftVersionRow: Decodable {
    var name: String
    var versionID: String?
    var isLatest: Bool?
    var bytes: Int64?
    var hash: String?
    var contentType: String?
    var lastModified: String?

    enum CodingKeys: String, CodingKey {
        case name, bytes, hash
        case versionID = "version_id"
        case isLatest = "is_latest"
        case contentType = "content_type"
        case lastModified = "last_modified"
    }

    /// The content type Swift gives a delete marker.
    static let deleteMarkerType = "application/x-deleted;swift_versions_deleted=1"

    var version: ObjectVersion {
        let isDeleteMarker = contentType == Self.deleteMarkerType
        return ObjectVersion(
            name: name, id: versionID ?? "null", bytes: bytes ?? 0, etag: isDeleteMarker ? nil : hash,
            lastModified: lastModified.flatMap(ServerDates.iso8601), isCurrent: isLatest ?? false,
            isDeleteMarker: isDeleteMarker)
    }
}
