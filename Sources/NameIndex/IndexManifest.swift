import Foundation

/// What one account's index holds: a segment per container, and what the server said
/// of each container when it was listed, to tell later whether it changed.
///
/// The manifest is the index's commit point: it is written to a temporary name and
/// renamed, and a segment counts only once the manifest names it, so a killed
/// `index` leaves the manifest before it, and every segment it names, whole.
public struct IndexManifest: Codable, Sendable, Equatable {
    /// 2: segments hold each block's sizes and dates; an index of version 1 is built again.
    /// 3: new segments keep dates as `DateCode` (format 3); an index of version 2 is read
    /// as it is (`SegmentReader` reads both formats) and refreshed in the new one, while
    /// an objsh that knows only version 2 finds no index rather than misreading one.
    public static let currentVersion = 3
    /// The oldest version this objsh reads.
    static let oldestReadable = 2

    public var version = IndexManifest.currentVersion
    /// When an `index` of the whole account last finished: a search of the whole account
    /// is answered from the index only after one did.
    public var accountIndexedAt: Date?
    /// By container name.
    public var containers: [String: ContainerRecord] = [:]

    public init() {}

    /// When the oldest part of what `records` hold was listed.
    static func age(of records: [ContainerRecord], account: Date?) -> Date? {
        ([account] + records.map(\.indexedAt)).compactMap { $0 }.min()
    }
}

/// One container's segment and the server's facts at the time it was listed.
public struct ContainerRecord: Codable, Sendable, Equatable {
    /// The segment's file name within the index folder.
    public var file: String
    /// The names indexed: the whole container (""), or only those under a folder.
    public var prefix: String
    /// When it was listed, or last found unchanged.
    public var indexedAt: Date
    /// Names held.
    public var names: Int
    /// The segment's size on disk.
    public var diskBytes: UInt64
    /// The account listing's object count, bytes and last-modified (Swift); nil where the
    /// store keeps no totals (S3 buckets, the file store).
    public var count: Int?
    public var bytes: Int64?
    public var lastModified: Date?
    /// A hash of the first listing page (names, sizes, dates, ETags), for stores without totals.
    public var firstPage: String?
}
