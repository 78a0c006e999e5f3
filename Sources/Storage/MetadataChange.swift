/// A change of an object's user metadata and content type, as `meta` asks for it.
///
/// Keys compare without regard to case, as both APIs treat them (Swift shows them
/// Title-Cased, S3 lower-cased): setting `Color` replaces `color`.
public struct MetadataChange: Sendable, Equatable {
    /// Keys to set, with their values.
    public var set: [String: String]
    /// Keys to remove; one the object does not have is no change.
    public var remove: [String]
    /// The new content type; nil keeps the object's.
    public var contentType: String?

    public init(set: [String: String] = [:], remove: [String] = [], contentType: String? = nil) {
        self.set = set
        self.remove = remove
        self.contentType = contentType
    }

    /// The user metadata `current` becomes.
    public func metadata(after current: [String: String]) -> [String: String] {
        let dropped = Set(remove.map { $0.lowercased() } + set.keys.map { $0.lowercased() })
        var result = current.filter { !dropped.contains($0.key.lowercased()) }
        result.merge(set) { _, new in new }
        return result
    }

    /// `object` as it is once changed: its metadata and content type; every other
    /// header stays as it was.
    public func applied(to object: ObjectInfo) -> ObjectInfo {
        var changed = object
        changed.metadata = metadata(after: object.metadata)
        changed.contentType = contentType ?? object.contentType
        return changed
    }

    /// Whether the change leaves `object` as it is (nothing to send).
    public func leavesUnchanged(_ object: ObjectInfo) -> Bool {
        let after = applied(to: object)
        return after.contentType == object.contentType && Self.folded(after.metadata) == Self.folded(object.metadata)
    }

    /// Metadata with lower-cased keys, to compare as the servers do.
    static func folded(_ metadata: [String: String]) -> [String: String] {
        Dictionary(metadata.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
    }
}

/// Why a store refuses a change of metadata before it asks the server.
public enum MetadataRefusal: Sendable, Equatable {
    /// The store keeps no metadata of an object's own (the file store: a content type
    /// comes from the name); the store's kind.
    case notKept(store: String)
    /// S3 takes only ASCII in a metadata value; the key.
    case nonASCIIValue(key: String)
    /// An object past the largest copy one request makes, whose part size is unknown,
    /// so that it cannot be copied onto itself part by part either.
    case tooLargeToRewrite
    /// An upload asked for a storage class where objects have none of their own (Swift:
    /// a container's storage policy places its objects); the store's kind.
    case noStorageClass(store: String)
    /// The server refused the storage class asked for (the class, the server's error code).
    case storageClassRefused(String, code: String)
}

/// Metadata keys objsh writes for itself, which belong to one stored form of an object
/// and do not travel with a copy in another form.
public enum InternalMetadata {
    /// The part size of objsh's S3 multipart uploads (`x-amz-meta-objsh-part-bytes`).
    public static let partBytes = "objsh-part-bytes"
}

extension ObjectInfo {
    /// The user metadata, objsh's own keys left out: what a copy to another cluster carries.
    public var userMetadata: [String: String] {
        metadata.filter { $0.key.lowercased() != InternalMetadata.partBytes }
    }
}
