import Transfers

/// What proved two sides the same, or different.
public enum Basis: Sendable, Equatable {
    /// The sizes differ.
    case size
    /// The file's MD5 against a plain object's ETag.
    case md5
    /// A static large object's segments, of this size when they are all one size.
    case segments(Int64?)
    /// An S3 multipart object's parts of this size; `guessed` when no uploader recorded it.
    case parts(Int64, guessed: Bool)
    /// Two objects' ETags.
    case etag
    /// The store's checksum of the whole (an opaque ETag).
    case checksum
    /// Nothing proves the content (the reason): the sizes, then the times.
    case sizeAndTime(UnprovenContent)

    /// Whether only sizes and times were compared.
    public var isSizeAndTime: Bool {
        if case .sizeAndTime = self { true } else { false }
    }

    /// A word for `--json`'s `by`.
    public var word: String {
        switch self {
        case .size: "size"
        case .md5: "md5"
        case .segments: "segments"
        case .parts: "parts"
        case .etag: "etag"
        case .checksum: "checksum"
        case .sizeAndTime: "size_and_time"
        }
    }
}

/// How one name of a comparison came out.
public enum Verdict: Sendable, Equatable {
    case onlyInSource(PlaceEntry)
    case onlyInDestination(PlaceEntry)
    case same(PlaceEntry, PlaceEntry, Basis)
    case differs(PlaceEntry, PlaceEntry, Basis)

    public var name: String {
        switch self {
        case .onlyInSource(let entry), .onlyInDestination(let entry), .same(let entry, _, _), .differs(let entry, _, _): entry.name
        }
    }

    /// Whether the two sides hold the same there.
    public var isSame: Bool {
        if case .same = self { true } else { false }
    }
}

/// What a comparison found, counted as verdicts come.
public struct ComparisonTotals: Sendable, Equatable {
    public var same = 0
    public var onlyInSource = 0
    public var onlyInSourceBytes: Int64 = 0
    public var onlyInDestination = 0
    public var onlyInDestinationBytes: Int64 = 0
    public var differ = 0
    public var differBytes: Int64 = 0
    /// Pairs decided by size and time only (same or not).
    public var bySizeAndTime = 0

    public init() {}

    /// Whether every name is the same on both sides.
    public var isSame: Bool { onlyInSource == 0 && onlyInDestination == 0 && differ == 0 }

    public mutating func count(_ verdict: Verdict) {
        switch verdict {
        case .onlyInSource(let entry):
            onlyInSource += 1
            onlyInSourceBytes += entry.bytes
        case .onlyInDestination(let entry):
            onlyInDestination += 1
            onlyInDestinationBytes += entry.bytes
        case .same(_, _, let basis):
            same += 1
            if basis.isSizeAndTime { bySizeAndTime += 1 }
        case .differs(let source, _, let basis):
            differ += 1
            differBytes += source.bytes
            if basis.isSizeAndTime { bySizeAndTime += 1 }
        }
    }
}
