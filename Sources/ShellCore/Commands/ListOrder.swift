import Browser
import Foundation
import Storage

/// How `ls` orders a folder, the containers at the root or what a pattern matched: as
/// listed (by name, streamed), or by size or date (`-S`, `-t`), which needs them all
/// first; `-r` reverses either.
struct ListOrder: Equatable {
    enum Key { case name, size, date }
    var key = Key.name
    var reversed = false

    /// What an entry sorts by: its size and date, nil where it has none (a folder, or a
    /// container whose store's listing does not tell).
    struct Facts {
        var name: String
        var bytes: Int64?
        var date: Date?
    }

    /// Whether the folder must be held whole before any of it is written.
    var needsWholeFolder: Bool { key != .name || reversed }

    /// The option that asks for this order's key (`-S`, `-t`), for a refusal's words.
    var option: String { key == .size ? "-S" : "-t" }

    /// `entries` in this order: largest or newest first (a folder, with no size or
    /// date, after the objects), ties by name; reversed with `-r`.
    func sorted(_ entries: [ListingEntry]) -> [ListingEntry] {
        sorted(entries) { entry in
            guard case .object(let object) = entry else { return Facts(name: entry.name) }
            return Facts(name: object.name, bytes: object.bytes, date: object.lastModified)
        }
    }

    /// `items` in this order, each sorted by its `facts`.
    func sorted<Item>(_ items: [Item], by facts: (Item) -> Facts) -> [Item] {
        let ordered = key == .name ? items : items.map { ($0, facts($0)) }.sorted { before($0.1, $1.1) }.map(\.0)
        return reversed ? ordered.reversed() : ordered
    }

    /// Whether this order's fact is missing from each of `facts`, and there is one at
    /// least: containers whose store's listing tells no size or date, which it cannot sort.
    func lacksFact(of facts: [Facts]) -> Bool {
        switch key {
        case .name: false
        case .size: !facts.isEmpty && facts.allSatisfy { $0.bytes == nil }
        case .date: !facts.isEmpty && facts.allSatisfy { $0.date == nil }
        }
    }

    private func before(_ left: Facts, _ right: Facts) -> Bool {
        let (a, b) = (rank(left), rank(right))
        if a != b { return a > b }
        return left.name < right.name
    }

    /// What the entry sorts by, larger first; -1 for what has none.
    private func rank(_ facts: Facts) -> Double {
        switch key {
        case .name: 0
        case .size: facts.bytes.map(Double.init) ?? -1
        case .date: facts.date?.timeIntervalSince1970 ?? -1
        }
    }
}

extension ListOrder.Facts {
    init(name: String) { self.init(name: name, bytes: nil, date: nil) }

    /// A container as the account listing tells it.
    init(_ summary: ContainerSummary) { self.init(name: summary.name, bytes: summary.bytes, date: summary.lastModified) }

    /// What a pattern matched.
    init(_ match: PatternMatch) {
        switch match {
        case .container(let summary): self.init(summary)
        case .folder(let location): self.init(name: location.description)
        case .object(let object, let location): self.init(name: location.description, bytes: object.bytes, date: object.lastModified)
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
