import Foundation

/// Whether a container keeps the older versions of its objects.
public enum VersioningState: String, Sendable, Equatable {
    /// Never turned on.
    case off
    /// Every overwrite and delete keeps what was there as a version.
    case on
    /// Turned off after being on: the versions kept so far stay (S3's `Suspended`).
    case suspended
}

/// One version of an object, as a version listing shows it.
public struct ObjectVersion: Sendable, Equatable {
    public var name: String
    /// The store's ID of the version (`null` for one written before versioning was on).
    public var id: String
    public var bytes: Int64
    /// The ETag the listing gives; nil for a delete marker.
    public var etag: String?
    public var lastModified: Date?
    /// Whether this is the version a plain read gets.
    public var isCurrent: Bool
    /// Whether this version records a delete: it has no bytes, and while it is the
    /// newest, the object reads as missing.
    public var isDeleteMarker: Bool

    public init(
        name: String, id: String, bytes: Int64, etag: String?, lastModified: Date?, isCurrent: Bool, isDeleteMarker: Bool
    ) {
        self.name = name
        self.id = id
        self.bytes = bytes
        self.etag = etag
        self.lastModified = lastModified
        self.isCurrent = isCurrent
        self.isDeleteMarker = isDeleteMarker
    }
}

/// What deleting an object left behind.
public enum DeleteOutcome: Sendable, Equatable {
    /// The object's bytes are gone.
    case removed
    /// The container keeps versions: the bytes stay as a version, under a delete marker.
    case keptAsVersion
}

/// Where a version listing goes on: after this version of this name.
public struct VersionMarker: Sendable, Equatable {
    public var name: String
    public var id: String
    public init(name: String, id: String) {
        self.name = name
        self.id = id
    }
}

/// One page of a version listing: names in byte order, each name's newest version first.
public struct VersionPage: Sendable, Equatable {
    public var versions: [ObjectVersion]
    /// Where the next page starts; nil when this page is the last.
    public var next: VersionMarker?
    public init(versions: [ObjectVersion], next: VersionMarker?) {
        self.versions = versions
        self.next = next
    }
}

extension ObjectStore {
    /// Every version of the objects whose names start with `prefix`, a page at a
    /// time to `receive` (only one page is held at a time) until it returns false.
    public func eachVersionPage(
        in container: String, prefix: String, pageSize: Int? = nil, receive: ([ObjectVersion]) throws -> Bool
    ) async throws {
        var marker: VersionMarker?
        repeat {
            try Task.checkCancellation()
            let page = try await listVersions(in: container, prefix: prefix, after: marker, limit: pageSize ?? maximumPageSize)
            guard try receive(page.versions) else { return }
            // A server that repeats its marker would loop forever; stop instead.
            guard page.next != marker else { return }
            marker = page.next
        } while marker != nil
    }

    /// Every version of the object `name` exactly, newest first.
    public func versions(of name: String, in container: String, pageSize: Int? = nil) async throws -> [ObjectVersion] {
        var versions: [ObjectVersion] = []
        try await eachVersionPage(in: container, prefix: name, pageSize: pageSize) { page in
            versions += page.filter { $0.name == name }
            // Names come in byte order: past `name`, none of its versions can follow.
            return page.last.map { $0.name == name } ?? false
        }
        return versions
    }
}
