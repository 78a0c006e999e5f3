import Foundation
import Storage

/// What a search asks of the index: text every match holds, bounds on size and date,
/// and the final word on each name. The first two are tried on a name's bytes and
/// numbers before a string is made of it, so most names cost no allocation.
public struct IndexQuery {
    /// Lowercased runs of text every match holds (a term, or a glob's literal runs).
    let runs: [[UInt8]]
    /// Whether an object of this size and date can match.
    let facts: (Int64, Date?) -> Bool
    /// Whether a block of names with these sizes and dates can hold a match: asked
    /// before the block is decoded, so a search by size or date skips most blocks; asked
    /// on the scanning threads.
    let blocks: @Sendable (BlockFacts) -> Bool
    /// Whether the object matches: the same test a search of the server applies.
    let keep: (ObjectSummary) -> Bool
    /// Whether holding the one run is the match for a plain ASCII name (a substring
    /// term): then `keep` is not asked, and no lowercased string is made.
    let runIsTheMatch: Bool

    /// `runs` lowercased as `String.lowercased()` does; `facts` and `keep` as above;
    /// `runIsTheMatch` when `keep` is a case-insensitive substring test of the one run.
    public init(
        runs: [String], runIsTheMatch: Bool = false, facts: @escaping (Int64, Date?) -> Bool = { _, _ in true },
        blocks: @escaping @Sendable (BlockFacts) -> Bool = { _ in true }, keep: @escaping (ObjectSummary) -> Bool
    ) {
        let folded = runs.map { Array($0.lowercased().utf8) }.filter { !$0.isEmpty }
        self.init(folded: folded, runIsTheMatch: runIsTheMatch && folded.count == 1, facts: facts, blocks: blocks, keep: keep)
    }

    init(
        folded runs: [[UInt8]], runIsTheMatch: Bool, facts: @escaping (Int64, Date?) -> Bool, blocks: @escaping @Sendable (BlockFacts) -> Bool,
        keep: @escaping (ObjectSummary) -> Bool
    ) {
        self.runs = runs
        self.runIsTheMatch = runIsTheMatch
        self.facts = facts
        self.blocks = blocks
        self.keep = keep
    }

    /// The trigrams every match holds, with those of `prefix` (lowercased).
    func trigrams(prefix: String) -> [UInt32] {
        Trigrams.required(by: runs.map { String(decoding: $0, as: UTF8.self) } + [prefix.lowercased()])
    }

    /// What a name's bytes tell before a string is made of it (`NameScanner`): `no` when
    /// its lowercased bytes lack a run, a necessary condition of a match, since a
    /// lowercased name that holds a run's characters holds its bytes; `yes` when holding
    /// the run is the match, in a plain ASCII name (one byte a character: no CR, which
    /// with LF makes one); `maybe` for `keep` to decide.
    enum Verdict {
        case no, yes, maybe
    }

    static func bytes(_ haystack: [UInt8], contain needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        let first = needle[0]
        var start = 0
        while start <= haystack.count - needle.count {
            if haystack[start] == first {
                var offset = 1
                while offset < needle.count && haystack[start + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            start += 1
        }
        return false
    }
}

/// The sizes and dates of one block of names (8 by default): the smallest and largest
/// size, and the earliest and latest date of those that have one (nil when none has).
public struct BlockFacts: Sendable, Equatable {
    public var smallest: Int64
    public var largest: Int64
    public var earliest: Date?
    public var latest: Date?
}
