import Foundation

/// What a listing request asks for, with the OpenStack Swift API's semantics.
///
/// Entries are sorted by the UTF-8 bytes of their names; only names after
/// `marker` and starting with `prefix` are returned; with a `delimiter`, names
/// that contain it after the prefix fold into one `subdir` entry each. With
/// `endBefore`, an object listing stops before the first entry that does not sort
/// before it (Swift's `end_marker`), so that key ranges can be listed side by side.
/// With `namesOnly`, the caller needs only names and which entries are folders.
public struct ListingQuery: Sendable, Equatable {
    public var prefix: String
    public var delimiter: Character?
    public var marker: String
    public var limit: Int
    /// The exclusive upper bound of an object listing; nil for none. Account listings ignore it.
    public var endBefore: String?
    /// Whether only names (and whether an entry is a folder) are wanted: a store may
    /// then spare itself the rest (Swift's JSON fields, a `stat` per file), and lists
    /// every object as `ObjectSummary.nameOnly` of it, so no caller comes to rely on
    /// details one store happens to give.
    public var namesOnly: Bool

    /// The largest page the Swift API serves, and the default page size.
    public static let maximumLimit = 10_000

    public init(
        prefix: String = "", delimiter: Character? = nil, marker: String = "", limit: Int = ListingQuery.maximumLimit,
        endBefore: String? = nil, namesOnly: Bool = false
    ) {
        self.prefix = prefix
        self.delimiter = delimiter
        self.marker = marker
        self.limit = limit
        self.endBefore = endBefore
        self.namesOnly = namesOnly
    }

    /// Whether `name` lies before `endBefore` (always, without one).
    public func isBeforeEnd(_ name: String) -> Bool {
        guard let endBefore else { return true }
        return name.precedesInByteOrder(endBefore)
    }
}

/// A container as an account listing shows it.
public struct ContainerSummary: Sendable, Equatable {
    public var name: String
    /// Objects in the container; nil when the store cannot tell without walking it.
    public var objectCount: Int?
    /// Bytes in the container; nil when the store cannot tell without walking it.
    public var bytes: Int64?
    /// When the account listing says the container last changed (Swift's `last_modified`); nil where it says nothing.
    public var lastModified: Date?
    public init(name: String, objectCount: Int?, bytes: Int64?, lastModified: Date? = nil) {
        self.name = name
        self.objectCount = objectCount
        self.bytes = bytes
        self.lastModified = lastModified
    }
}

/// An object as a container listing shows it.
public struct ObjectSummary: Sendable, Equatable {
    public var name: String
    public var bytes: Int64
    public var contentType: String
    public var lastModified: Date?
    /// The ETag the listing gives (Swift's `hash`); nil when the store lists none.
    public var etag: String?
    /// Whether the listing marks the object as a large object made of segments.
    public var isLargeObject: Bool
    /// Whether the object may be a large object that the listing cannot mark (a Swift
    /// DLO's manifest is listed as an empty object): only a lookup tells.
    public var mayBeLargeObject: Bool
    /// What a lookup found the object to be (see `LargeObjectLookup`); nil when none was made.
    public var largeObject: LargeObjectKind?

    /// An object known by its name only, as a `namesOnly` listing gives it: no size
    /// (0), type, date or ETag.
    public static func nameOnly(_ name: String) -> ObjectSummary {
        ObjectSummary(name: name, bytes: 0, contentType: "")
    }

    /// The kind of large object the listing or a lookup tells, if any: an S3 listing's
    /// ETag of `MD5-N` is a multipart upload of N parts, any other a static manifest.
    public var manifestKind: LargeObjectKind? {
        if let largeObject { return largeObject }
        guard isLargeObject else { return nil }
        return multipartParts.map { .multipartUpload(parts: $0, partBytes: nil) } ?? .staticManifest
    }

    /// N of an ETag `MD5-N`, as S3 makes a multipart upload's.
    var multipartParts: Int? {
        guard let etag, let dash = etag.lastIndex(of: "-"), etag.distance(from: etag.startIndex, to: dash) == 32,
            etag[..<dash].allSatisfy(\.isHexDigit)
        else { return nil }
        return Int(etag[etag.index(after: dash)...]).flatMap { $0 > 0 ? $0 : nil }
    }

    public init(
        name: String, bytes: Int64, contentType: String, lastModified: Date? = nil, etag: String? = nil,
        isLargeObject: Bool = false, mayBeLargeObject: Bool = false
    ) {
        self.name = name
        self.bytes = bytes
        self.contentType = contentType
        self.lastModified = lastModified
        self.etag = etag
        self.isLargeObject = isLargeObject
        self.mayBeLargeObject = mayBeLargeObject
    }
}

/// One entry of a listing page.
public enum ListingEntry: Sendable, Equatable {
    case container(ContainerSummary)
    case object(ObjectSummary)
    /// A pseudo-folder: the full name up to and including the delimiter.
    case subdir(String)

    /// The full name the entry sorts by, which is also the next page's marker.
    public var name: String {
        switch self {
        case .container(let summary): summary.name
        case .object(let summary): summary.name
        case .subdir(let prefix): prefix
        }
    }

    /// The entry as a `namesOnly` listing gives it: an object without its details.
    public var nameOnly: ListingEntry {
        guard case .object(let object) = self else { return self }
        return .object(.nameOnly(object.name))
    }
}

/// Large-object manifests, as `info` reports them.
public enum LargeObjectKind: Sendable, Equatable {
    /// A static large object (SLO): the manifest lists the segments.
    case staticManifest
    /// A dynamic large object (DLO): segments are every object under this `container/prefix`.
    case dynamicManifest(String)
    /// An S3 multipart upload of `parts` parts: its ETag is not the MD5 of its bytes but
    /// the MD5 of its parts' MD5s; with `partBytes` (known for objsh's own uploads, and
    /// for one part) a download can still be checked against it.
    case multipartUpload(parts: Int, partBytes: Int64?)
}

/// The account as `info` shows it.
public struct AccountInfo: Sendable, Equatable {
    public var containerCount: Int
    /// Objects in all containers; nil when the store keeps no count (S3).
    public var objectCount: Int?
    /// Bytes in all containers; nil when the store keeps no count (S3).
    public var bytes: Int64?
    public var metadata: [String: String]
    public init(containerCount: Int, objectCount: Int?, bytes: Int64?, metadata: [String: String] = [:]) {
        self.containerCount = containerCount
        self.objectCount = objectCount
        self.bytes = bytes
        self.metadata = metadata
    }
}

/// A container as `info` shows it.
public struct ContainerInfo: Sendable, Equatable {
    public var name: String
    /// Objects in the container; nil when the store keeps no count (an S3 bucket).
    public var objectCount: Int?
    /// Bytes in the container; nil when the store keeps no count (an S3 bucket).
    public var bytes: Int64?
    public var lastModified: Date?
    public var storagePolicy: String?
    /// The region the container (an S3 bucket) is in; nil where regions do not apply.
    public var region: String?
    public var metadata: [String: String]
    /// Whether the container keeps versions; nil where the store keeps none.
    public var versioning: VersioningState?
    public init(
        name: String, objectCount: Int?, bytes: Int64?, lastModified: Date? = nil, storagePolicy: String? = nil,
        region: String? = nil, metadata: [String: String] = [:]
    ) {
        self.name = name
        self.region = region
        self.objectCount = objectCount
        self.bytes = bytes
        self.lastModified = lastModified
        self.storagePolicy = storagePolicy
        self.metadata = metadata
    }
}

/// An object as `info` shows it.
public struct ObjectInfo: Sendable, Equatable {
    public var container: String
    public var name: String
    public var bytes: Int64
    public var contentType: String
    /// The MD5 of the content in hex (for a large object, the server's ETag).
    public var etag: String
    public var lastModified: Date?
    public var metadata: [String: String]
    public var largeObject: LargeObjectKind?
    /// The storage class (S3's `STANDARD`, `GLACIER`…); nil where classes do not apply.
    public var storageClass: String?
    /// Why the object's metadata could not be read, when it could not (the other
    /// fields then come from the container listing); nil when all is known.
    public var metadataProblem: String?
    /// Why the ETag is not a digest of the bytes; nil when it is one (or S3's MD5 of MD5s).
    public var opaqueETag: OpaqueETag?
    /// Whether objsh read the object back after writing it and found its bytes as sent,
    /// where the server's ETag for it was not the one predicted (its own for an
    /// assembled object): the bytes are proven though the ETag does not show it.
    public var isReadBack = false
    /// The store's checksum of the whole content, when it offers one.
    public var checksum: ContentChecksum?
    /// The other headers the object is served with (Cache-Control, Content-Disposition,
    /// Swift's X-Delete-At, S3's encryption…, named as its store's API names them),
    /// which a change of its metadata sends again so that none is lost; empty for a
    /// store that keeps none.
    public var headers: [String: String] = [:]
    /// The version this info is of, when one was asked for (`--version`): reads and
    /// copies of it then take that version. Nil for the current one.
    public var version: String?
    public init(
        container: String, name: String, bytes: Int64, contentType: String, etag: String, lastModified: Date? = nil,
        metadata: [String: String] = [:], largeObject: LargeObjectKind? = nil, metadataProblem: String? = nil
    ) {
        self.container = container
        self.name = name
        self.bytes = bytes
        self.contentType = contentType
        self.etag = etag
        self.lastModified = lastModified
        self.metadata = metadata
        self.largeObject = largeObject
        self.metadataProblem = metadataProblem
    }
}
