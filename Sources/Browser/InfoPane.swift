import Foundation
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
        let name: String? = switch target {
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

    override public func fetchContent() async throws -> PaneContent {
        switch target {
        case .account(let cluster):
            let info = try await store.accountInfo()
            return .fields([InfoField("Cluster", cluster), InfoField("Containers", "\(info.containerCount)")]
                           + Self.totalFields(objects: info.objectCount, bytes: info.bytes) + Self.metadataFields(info.metadata))
        case .container(let name):
            let info = try await store.containerInfo(name)
            var fields = [InfoField("Container", name)] + Self.totalFields(objects: info.objectCount, bytes: info.bytes)
            if let region = info.region { fields.append(InfoField("Region", region)) }
            if let date = info.lastModified { fields.append(InfoField("Last-Modified", Self.format(date))) }
            if let policy = info.storagePolicy { fields.append(InfoField("Storage-Policy", policy)) }
            return .fields(fields + Self.metadataFields(info.metadata))
        case .folder(let location):
            let (objects, bytes) = try await Self.folderTotals(location, store: store)
            return .fields([InfoField("Folder", location.description), InfoField("Objects", "\(objects)"), InfoField("Bytes", "\(bytes)")])
        case .object(let known):
            // Fetched again so `refresh` shows what the store holds now.
            let info = try await store.objectInfo(container: known.container, name: known.name)
            var fields = [InfoField("Object", info.name), InfoField("Container", info.container), InfoField("Bytes", "\(info.bytes)"),
                          InfoField("Content-Type", info.contentType), InfoField("ETag", info.etag)]
            if let date = info.lastModified { fields.append(InfoField("Last-Modified", Self.format(date))) }
            if let storageClass = info.storageClass { fields.append(InfoField("Storage-Class", storageClass)) }
            switch info.largeObject {
            case .staticManifest:
                fields.append(InfoField("Manifest", "static large object (SLO)"))
                if let segments = try await store.segments(ofObject: info.container, name: info.name) {
                    fields += Self.segmentFields(segments.map(\.bytes))
                }
            case .dynamicManifest(let segments):
                fields.append(InfoField("Manifest", "dynamic large object (DLO): \(segments)"))
                fields += try await dynamicSegmentFields(segments)
            case .multipartUpload(let parts, _):
                fields.append(InfoField("Multipart", "\(parts) parts: the ETag is not the MD5 of the bytes"))
            case nil: break
            }
            if let problem = info.metadataProblem { fields.append(InfoField("Metadata", "not readable: \(problem)")) }
            return .fields(fields + Self.metadataFields(info.metadata))
        }
    }

    /// A DLO's segments are every object under its `container/prefix`, listed now.
    func dynamicSegmentFields(_ manifest: String) async throws -> [InfoField] {
        guard let (container, sizes) = try await Self.dynamicSegmentSizes(manifest, store: store) else { return [] }
        return [InfoField("Segment-Container", container)] + Self.segmentFields(sizes)
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
    static func segmentFields(_ sizes: [Int64]) -> [InfoField] {
        var runs: [(bytes: Int64, count: Int)] = []
        for size in sizes {
            if runs.last?.bytes == size { runs[runs.count - 1].count += 1 } else { runs.append((size, 1)) }
        }
        let described = runs.prefix(8).map { "\($0.count) × \($0.bytes)" }.joined(separator: ", ") + (runs.count > 8 ? ", …" : "")
        return [InfoField("Segments", "\(sizes.count)"), InfoField("Segment-Bytes", described),
                InfoField("Segments-Total", "\(sizes.reduce(0, +))")]
    }

    /// Object and byte counts; a store that keeps none (S3) shows none rather than a guess.
    static func totalFields(objects: Int?, bytes: Int64?) -> [InfoField] {
        guard let objects, let bytes else { return [] }
        return [InfoField("Objects", "\(objects)"), InfoField("Bytes", "\(bytes)")]
    }

    static func metadataFields(_ metadata: [String: String]) -> [InfoField] {
        metadata.sorted { $0.key < $1.key }.map { InfoField("Meta-\($0.key)", $0.value) }
    }

    /// Dates in UTC, ISO 8601, so transcripts do not depend on the machine's zone.
    static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
