import Foundation
import Rendering
import Storage

/// What an info pane describes.
public enum InfoTarget: Sendable, Equatable {
    case account(cluster: String)
    case container(String)
    case folder(Location)
    /// An object, with the metadata already fetched when the pane was made.
    case object(ObjectInfo)
}

/// The accessory button's pane: size, count, type, ETag, dates and metadata.
public final class InfoPane: StoragePane {
    public let target: InfoTarget

    /// An info pane opened from `folder`'s pane.
    public init(store: any ObjectStore, target: InfoTarget, folder: Location) {
        self.target = target
        let name: String? =
            switch target {
            case .account: nil
            case .container(let name): name
            case .folder(let location): location.entryName
            case .object(let info): Location(container: info.container, objectName: Substring(info.name)).entryName
            }
        super.init(store: store, folder: folder, nameInParent: name)
    }

    override public var kindName: String { "info" }
    override public var title: String {
        switch target {
        case .account(let cluster): "info \(cluster):/"
        case .container(let name): "info \(name)/"
        case .folder(let location): "info \(location.folderTitle)"
        case .object(let info): "info \(Self.displayName(info))"
        }
    }

    /// An object's name as a path can say it: as it is, or in the exact form `//c/a//b`.
    static func displayName(_ info: ObjectInfo) -> String {
        let place = Location(container: info.container, objectName: Substring(info.name))
        return place.isExact ? place.objectPath : info.name
    }

    /// The facts, with an object asked for again (so `refresh` shows what the store holds
    /// now), and an object's preview read after them: the pane is the one place that
    /// shows it, so `info --json` and `-q`, which give the facts, cost no read.
    override public func fetchContent() async throws -> PaneContent {
        guard case .object(let known) = target else { return .sheet(try await Self.sheet(for: target, store: store)) }
        let info = try await store.objectInfo(container: known.container, name: known.name, version: known.version)
        let sheet = try await Self.objectSheet(info, store: store)
        return .sheet(sheet, preview: try await ObjectPreview.read(info, store: store))
    }

    /// The facts of `target`, for its pane and for `info --json` alike; an object's as
    /// they were fetched when the target was made.
    public static func sheet(for target: InfoTarget, store: any ObjectStore) async throws -> InfoSheet {
        switch target {
        case .account(let cluster):
            let info = try await store.accountInfo()
            var sheet = InfoSheet(kind: "account", name: cluster, path: "/")
            sheet.add("Cluster", key: nil, .text(cluster))
            sheet.add("Containers", key: .containers, .count(info.containerCount))
            addTotals(objects: info.objectCount, bytes: info.bytes, to: &sheet)
            sheet.metadata = shownMetadata(info.metadata)
            return sheet
        case .container(let name):
            return try await containerSheet(name, store: store)
        case .folder(let location):
            let (objects, bytes) = try await folderTotals(location, store: store)
            var sheet = InfoSheet(kind: "folder", name: location.entryName, path: location.description)
            sheet.add("Folder", key: nil, .text(location.description))
            sheet.add("Container", key: .container, location.container.map(InfoValue.text))
            sheet.add("Objects", key: .count, .count(objects))
            sheet.add("Bytes", key: .bytes, .bytes(bytes))
            let versioning = try await store.containerInfo(location.container!).versioning
            addOldVersions(try await OldVersions.under(location, versioning: versioning, store: store), to: &sheet)
            return sheet
        case .object(let info):
            return try await objectSheet(info, store: store)
        }
    }

    /// A container's facts; where it keeps versions, what its old ones hold, and its
    /// totals from the same version listing (Swift's count every version).
    static func containerSheet(_ name: String, store: any ObjectStore) async throws -> InfoSheet {
        let info = try await store.containerInfo(name)
        var sheet = InfoSheet(kind: "container", name: name, path: "/" + name)
        sheet.add("Container", key: nil, .text(name))
        let old = try await OldVersions.under(Location(segments: [name]), versioning: info.versioning, store: store)
        addTotals(objects: old?.currentCount ?? info.objectCount, bytes: old?.currentBytes ?? info.bytes, to: &sheet)
        sheet.add("Region", key: .region, info.region.map(InfoValue.text))
        sheet.add("Last-Modified", key: .lastModified, info.lastModified.map(InfoValue.date))
        sheet.add("Storage-Policy", key: .storagePolicy, info.storagePolicy.map(InfoValue.text))
        sheet.add("Versioning", key: .versioning, info.versioning.map { .text($0.rawValue) })
        addOldVersions(old, to: &sheet)
        sheet.metadata = shownMetadata(info.metadata)
        return sheet
    }

    /// An account's or container's metadata as `info` shows it: the values of Swift
    /// tempurl's keys, which sign share links, are `<redacted>`, so `info` says that a
    /// key is set, never the key.
    public static func shownMetadata(_ metadata: [String: String]) -> [String: String] {
        var shown = metadata
        for name in metadata.keys where ["temp-url-key", "temp-url-key-2"].contains(name.lowercased()) { shown[name] = "<redacted>" }
        return shown
    }

    static func objectSheet(_ info: ObjectInfo, store: any ObjectStore) async throws -> InfoSheet {
        let place = Location(container: info.container, objectName: Substring(info.name))
        var sheet = InfoSheet(kind: "object", name: place.entryName, path: place.objectPath)
        sheet.add("Object", key: nil, .text(info.name))
        sheet.add("Container", key: .container, .text(info.container))
        sheet.add("Bytes", key: .bytes, .bytes(info.bytes))
        sheet.add("Version", key: .version, info.version.map(InfoValue.text))
        sheet.add("Content-Type", key: .contentType, .text(info.contentType))
        sheet.add("ETag", key: .etag, .text(info.etag))
        sheet.add("Last-Modified", key: .lastModified, info.lastModified.map(InfoValue.date))
        sheet.add("Storage-Class", key: .storageClass, info.storageClass.map(InfoValue.text))
        sheet.add("Cache-Control", key: .cacheControl, info.headers.first { $0.key.lowercased() == "cache-control" }.map { .text($0.value) })
        switch info.largeObject {
        case .staticManifest:
            sheet.add("Manifest", key: .manifest, .worded("static large object (SLO)", json: "static"))
            // The manifest objsh can read is the current version's.
            if info.version == nil, let segments = try await store.segments(ofObject: info.container, name: info.name) {
                addSegments(segments.map(\.bytes), to: &sheet)
            }
        case .dynamicManifest(let prefix):
            sheet.add("Manifest", key: .manifest, .worded("dynamic large object (DLO)", json: "dynamic"))
            sheet.add("Segment-Prefix", key: .segmentPrefix, .text(prefix))
            if let (container, sizes) = try await dynamicSegmentSizes(prefix, store: store) {
                sheet.add("Segment-Container", key: .segmentContainer, .text(container))
                addSegments(sizes, to: &sheet)
            }
        case .multipartUpload(let parts, _):
            sheet.add("Multipart", key: .manifest, .worded("\(parts) parts: the ETag is not the MD5 of the bytes", json: "multipart"))
            sheet.add("Segments", key: .segments, .count(parts))
        case nil: break
        }
        sheet.add("Metadata", key: .metadataProblem, info.metadataProblem.map { .text("not readable: \($0)") })
        sheet.metadata = info.userMetadata  // objsh's own keys (the part size) are not the user's
        return sheet
    }

    /// The sizes of a DLO's segments (every object under `container/prefix`) and their container.
    public static func dynamicSegmentSizes(_ manifest: String, store: any ObjectStore) async throws -> (String, [Int64])? {
        let parts = manifest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let container = parts.first.map(String.init), !container.isEmpty else { return nil }
        let prefix = parts.count > 1 ? String(parts[1]) : ""
        var sizes: [Int64] = []
        for try await page in store.objectPages(in: container, prefix: prefix) {
            for case .object(let object) in page { sizes.append(object.bytes) }
        }
        return (container, sizes)
    }

    /// How many objects a folder holds, all levels down, and their bytes (its own marker left out).
    public static func folderTotals(_ location: Location, store: any ObjectStore) async throws -> (Int, Int64) {
        var objects = 0
        var bytes: Int64 = 0
        for try await page in store.objectPages(in: location.container!, prefix: location.prefix) {
            for case .object(let object) in page where object.name != location.prefix {
                objects += 1
                bytes += object.bytes
            }
        }
        return (objects, bytes)
    }

    /// Segment count, sizes (each size with how many segments have it) and their total.
    static func addSegments(_ sizes: [Int64], to sheet: inout InfoSheet) {
        var runs: [(bytes: Int64, count: Int)] = []
        for size in sizes {
            if runs.last?.bytes == size { runs[runs.count - 1].count += 1 } else { runs.append((size, 1)) }
        }
        let described = runs.prefix(8).map { "\($0.count) × \($0.bytes)" }.joined(separator: ", ") + (runs.count > 8 ? ", …" : "")
        sheet.add("Segments", key: .segments, .count(sizes.count))
        sheet.add("Segment-Bytes", key: .segmentBytes, .text(described))
        sheet.add("Segments-Total", key: .segmentsTotal, .bytes(sizes.reduce(0, +)))
    }

    /// What old versions hold, where the container keeps them.
    static func addOldVersions(_ old: OldVersions?, to sheet: inout InfoSheet) {
        guard let old else { return }
        sheet.add("Old-Versions", key: .oldVersions, .count(old.count))
        sheet.add("Old-Versions-Bytes", key: .oldVersionsBytes, .bytes(old.bytes))
    }

    /// Object and byte counts; a store that keeps none (S3) shows none rather than a guess.
    static func addTotals(objects: Int?, bytes: Int64?, to sheet: inout InfoSheet) {
        guard let objects, let bytes else { return }
        sheet.add("Objects", key: .count, .count(objects))
        sheet.add("Bytes", key: .bytes, .bytes(bytes))
    }
}
