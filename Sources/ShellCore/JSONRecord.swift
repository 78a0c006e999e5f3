import Browser
import Clusters
import Foundation
import Rendering
import Storage

/// The JSON Lines records of `--json`, one line each, made from the storage protocol's
/// own types (never from a backend's), so every store gives the same fields. The man
/// page lists them: `kind`, `name`, `path`, `container`, `bytes`, `count`, `containers`,
/// `etag`, `content_type`, `last_modified` (ISO 8601, UTC), `metadata`, `manifest`,
/// `segments`, `segment_prefix`, for clusters `summary`, `origin`, `current`, and for
/// share links `url`, `expires`, `method`.
enum JSONRecord {
    /// An entry of a folder listing: `name` as `ls` prints it (no trailing `/`), `path` from the root.
    static func entry(_ entry: ListingEntry, in folder: Location) -> JSONLine? {
        guard let shown = PaneEntry(entry, in: folder) else { return nil }
        var line = JSONLine()
        switch entry {
        case .subdir(let prefix):
            line.add(.kind, "folder")
            line.add(.name, shown.name)
            line.add(.path, Location(container: folder.container!, objectName: Substring(prefix)).description)
        case .object(let object):
            line.add(.kind, "object")
            line.add(.name, shown.name)
            addObject(object, container: folder.container!, to: &line)
        case .container:
            return nil
        }
        return line
    }

    /// A folder a pattern matched, `name` as `ls` printed it.
    static func folder(_ location: Location, name: String) -> JSONLine {
        var line = JSONLine()
        line.add(.kind, "folder")
        line.add(.name, name)
        line.add(.path, location.description)
        line.add(.container, location.container)
        return line
    }

    /// A search result: its `name` is its path from the root without the leading `/`.
    static func result(_ object: ObjectSummary, container: String, name: String) -> JSONLine {
        var line = JSONLine()
        line.add(.kind, object.name.hasSuffix("/") ? "folder" : "object")
        line.add(.name, name)
        addObject(object, container: container, to: &line)
        return line
    }

    static func addObject(_ object: ObjectSummary, container: String, to line: inout JSONLine) {
        line.add(.path, Location(container: container, objectName: Substring(object.name)).objectPath)
        line.add(.container, container)
        line.add(.bytes, object.bytes)
        line.add(.etag, object.etag)
        // A result from the index of names holds no type (nor ETag): the field is left out.
        line.add(.contentType, object.contentType.isEmpty ? nil : object.contentType)
        line.add(.lastModified, object.lastModified.map(ISODate.format))
        addManifest(object.manifestKind, to: &line)
    }

    /// A container of the account listing, with the count and bytes the listing gives.
    static func container(_ summary: ContainerSummary) -> JSONLine {
        var line = JSONLine()
        line.add(.kind, "container")
        line.add(.name, summary.name)
        line.add(.path, "/" + summary.name)
        line.add(.count, summary.objectCount)
        line.add(.bytes, summary.bytes)
        return line
    }

    /// An object's metadata (a HEAD); `segments` when the caller counted them.
    static func object(_ info: ObjectInfo, segments: Int?) -> JSONLine {
        var line = objectPlace(info)
        line.add(.bytes, info.bytes)
        line.add(.etag, info.etag)
        line.add(.contentType, info.contentType)
        line.add(.lastModified, info.lastModified.map(ISODate.format))
        addManifest(info.largeObject, to: &line)
        line.add(.segments, segments)
        line.add(.metadata, info.userMetadata)
        return line
    }

    /// `share --json`: the link's `url`, when it `expires` (ISO 8601, UTC) and its `method`.
    static func shareLink(_ link: ShareLink) -> JSONLine {
        var line = JSONLine()
        line.add(.url, link.url)
        line.add(.expires, ISODate.format(link.expires))
        line.add(.method, link.method.rawValue)
        return line
    }

    /// `meta --json`: an object's `content_type`, its other `headers` and `metadata`.
    static func metadata(_ info: ObjectInfo) -> JSONLine {
        var line = objectPlace(info)
        line.add(.contentType, info.contentType)
        line.add(.headers, info.headers)
        line.add(.metadata, info.userMetadata)
        return line
    }

    /// An object's `kind`, `name`, `path` and `container`, which its records start with.
    static func objectPlace(_ info: ObjectInfo) -> JSONLine {
        var line = JSONLine()
        let place = Location(container: info.container, objectName: Substring(info.name))
        line.add(.kind, "object")
        line.add(.name, place.entryName)
        line.add(.path, place.objectPath)
        line.add(.container, info.container)
        return line
    }

    /// `manifest` (static, dynamic or multipart) and a DLO's `segment_prefix`.
    static func addManifest(_ kind: LargeObjectKind?, to line: inout JSONLine) {
        switch kind {
        case .staticManifest: line.add(.manifest, "static")
        case .dynamicManifest(let prefix):
            line.add(.manifest, "dynamic")
            line.add(.segmentPrefix, prefix)
        case .multipartUpload: line.add(.manifest, "multipart")
        case nil: break
        }
    }

    static func cluster(_ cluster: Cluster, isCurrent: Bool) -> JSONLine {
        var line = JSONLine()
        line.add(.kind, "cluster")
        line.add(.name, cluster.name)
        line.add(.summary, cluster.summary)
        line.add(.origin, cluster.origin)
        line.add(.current, isCurrent)
        return line
    }

    static func place(cluster: String, folder: Location) -> JSONLine {
        var line = JSONLine()
        line.add(.kind, "place")
        line.add(.cluster, cluster)
        line.add(.path, folder.description)
        return line
    }
}
