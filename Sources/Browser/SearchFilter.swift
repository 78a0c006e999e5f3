import Foundation
import NameIndex
import Storage

/// `search --larger/--smaller/--newer/--older`: bounds on a result's size and date,
/// as the listing (or the index) gives them. An object with no date passes no date bound.
public struct SearchFilter: Sendable, Equatable {
    /// Only objects of more than this many bytes.
    public var largerThan: Int64?
    /// Only objects of fewer than this many bytes.
    public var smallerThan: Int64?
    /// Only objects changed after this.
    public var newerThan: Date?
    /// Only objects changed before this.
    public var olderThan: Date?

    public init(largerThan: Int64? = nil, smallerThan: Int64? = nil, newerThan: Date? = nil, olderThan: Date? = nil) {
        self.largerThan = largerThan
        self.smallerThan = smallerThan
        self.newerThan = newerThan
        self.olderThan = olderThan
    }

    public var isEmpty: Bool { self == SearchFilter() }

    public func keeps(_ object: ObjectSummary) -> Bool {
        keeps(bytes: object.bytes, lastModified: object.lastModified)
    }

    /// Whether a block of the index with these sizes and dates can hold an object this keeps.
    public func mayKeep(within block: BlockFacts) -> Bool {
        if let largerThan, block.largest <= largerThan { return false }
        if let smallerThan, block.smallest >= smallerThan { return false }
        if newerThan != nil || olderThan != nil {
            guard let earliest = block.earliest, let latest = block.latest else { return false }
            if let newerThan, latest <= newerThan { return false }
            if let olderThan, earliest >= olderThan { return false }
        }
        return true
    }

    public func keeps(bytes: Int64, lastModified: Date?) -> Bool {
        if let largerThan, bytes <= largerThan { return false }
        if let smallerThan, bytes >= smallerThan { return false }
        if newerThan != nil || olderThan != nil {
            guard let date = lastModified else { return false }
            if let newerThan, date <= newerThan { return false }
            if let olderThan, date >= olderThan { return false }
        }
        return true
    }
}
