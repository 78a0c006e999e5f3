import Foundation
import Storage

/// How `ls` orders a folder: as listed (by name, streamed), or by size or date
/// (`-S`, `-t`), which needs the whole folder first; `-r` reverses either.
struct ListOrder: Equatable {
    enum Key { case name, size, date }
    var key = Key.name
    var reversed = false

    /// Whether the folder must be held whole before any of it is written.
    var needsWholeFolder: Bool { key != .name || reversed }

    /// `entries` in this order: largest or newest first (a folder, with no size or
    /// date, after the objects), ties by name; reversed with `-r`.
    func sorted(_ entries: [ListingEntry]) -> [ListingEntry] {
        let ordered = key == .name ? entries : entries.sorted(by: before)
        return reversed ? ordered.reversed() : ordered
    }

    private func before(_ left: ListingEntry, _ right: ListingEntry) -> Bool {
        let (a, b) = (rank(left), rank(right))
        if a != b { return a > b }
        return left.name < right.name
    }

    /// What the entry sorts by, larger first; -1 for what has none.
    private func rank(_ entry: ListingEntry) -> Double {
        guard case .object(let object) = entry else { return -1 }
        switch key {
        case .name: return 0
        case .size: return Double(object.bytes)
        case .date: return object.lastModified?.timeIntervalSince1970 ?? -1
        }
    }
}

/// What a folder's `ls -l` counts as it writes: the objects listed and their bytes.
struct ListTotals {
    var objects = 0
    var bytes: Int64 = 0

    mutating func add(_ objects: [ObjectSummary]) {
        self.objects += objects.count
        bytes += objects.reduce(0) { $0 + $1.bytes }
    }
}
