/// What a store allows for one object, and for an object uploaded in segments.
public struct UploadLimits: Sendable, Equatable {
    /// The largest object one PUT may write; nil when there is no limit (the file store).
    public var maxObjectBytes: Int64?
    /// The smallest segment (all but the last) of a segmented upload.
    public var minSegmentBytes: Int64
    /// The most segments one large object may have.
    public var maxSegments: Int

    public init(maxObjectBytes: Int64?, minSegmentBytes: Int64 = 1, maxSegments: Int = 1_000) {
        self.maxObjectBytes = maxObjectBytes
        self.minSegmentBytes = minSegmentBytes
        self.maxSegments = maxSegments
    }
}

/// One stored segment (or part) of a large object: where it sits in the whole, its
/// size and the MD5 of its bytes, so a download can be verified piece by piece.
public struct SegmentRecord: Sendable, Equatable {
    /// The segment's position, from 0.
    public var index: Int
    public var bytes: Int64
    /// The MD5 of the segment's bytes in hex.
    public var md5: String
    /// The store's own name for the part where it is not its MD5 (an opaque S3 part
    /// ETag), which the manifest must give back; nil where the MD5 serves.
    public var tag: String?

    public init(index: Int, bytes: Int64, md5: String, tag: String? = nil) {
        self.index = index
        self.bytes = bytes
        self.md5 = md5
        self.tag = tag
    }
}

/// A byte range of a local file to send as one segment.
public struct FileSlice: Sendable, Equatable {
    public var path: String
    public var offset: Int64
    public var length: Int64

    public init(path: String, offset: Int64, length: Int64) {
        self.path = path
        self.offset = offset
        self.length = length
    }
}

/// What identifies one version of a local file, so a resumed upload knows that the
/// segments stored before belong to the same bytes.
public struct LocalFileVersion: Sendable, Equatable {
    public var bytes: Int64
    /// Modification time, seconds since 1970 with their fraction.
    public var modified: Double

    public init(bytes: Int64, modified: Double) {
        self.bytes = bytes
        self.modified = modified
    }
}

/// A segmented upload under way: segments go up (several at once), then `complete`
/// writes the manifest last, so the object appears whole or not at all.
public protocol LargeUpload: Sendable {
    /// Segments a previous, interrupted run of the same upload left, by index.
    func storedSegments() async throws -> [Int: SegmentRecord]
    /// Stores one segment; its MD5 is checked against what the store computed.
    func putSegment(index: Int, from slice: FileSlice) async throws -> SegmentRecord
    /// Stores one segment held in memory (of a stream); its MD5 is checked as a slice's is.
    func putSegment(index: Int, bytes: [UInt8]) async throws -> SegmentRecord
    /// Writes the manifest of `segments` (in order) and returns the object's info.
    /// With `removingReplaced`, segments of an object it replaced are deleted afterwards.
    func complete(_ segments: [SegmentRecord], removingReplaced: Bool) async throws -> ObjectInfo
    /// Deletes what this upload stored (after a failure the user does not want to resume).
    func abort() async throws
    /// Where the segments this upload stored are kept, for a message that says what is left.
    var heldAt: String { get }
}

extension LargeUpload {
    public var heldAt: String { "the store's unfinished upload" }
}
