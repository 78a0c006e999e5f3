import Foundation
import Storage

/// The local index of one account's object names, sizes and dates: `index` builds and
/// refreshes it, `search` answers from it in milliseconds.
///
/// Why this structure (measured on 1,000,000 generated path names, 45.6 MB of names,
/// folders shared by 20-400 names each): SQLite's FTS5 trigram table (`detail=none`,
/// its smallest) took 58 MB beside 68 MB for the rows, 2.7 times the names, above the
/// goal of 1.5. This format (sorted, front-coded names with sizes and dates; for each
/// trigram the blocks of 16 names that hold it, delta-coded) took 50.1 MB, 1.10 times
/// the names; postings per name would have added 42-47 MB, as file names' own
/// trigrams do not come in runs. Queries over it (release build, warm cache): a rare
/// term 6 ms, a glob 22 ms, a folder-like term 32 ms, a size bound read of every name
/// 0.12 s, a term in 125,000 names 0.30 s. Chunks of 65,536 names, each with its own
/// postings, keep building memory bounded. Each block's smallest and largest size and
/// earliest and latest date (2 bytes a name) let a size or date bound skip the blocks
/// that cannot match: in a debug build over 100,000 generated names, a bound held by
/// 0.03% of them went from 228 ms (every name decoded) to 6 ms.
///
/// Format 3 (10,000,000 generated names, 414.3 MB of them): blocks of 8 names, so a
/// term in 2% of names decodes 15% of blocks instead of 27%; a trigram's blocks as a
/// bitmap where that is smaller than the list (`Postings`); block dates in seconds and
/// entry dates counted from the block's earliest (`DateCode`): 614.8 MB, 1.48 times
/// the names (format 2: 624.5 MB, 1.51). Searches scan chunks on every core
/// (`IndexScan`) without making arrays or strings of names that fail (`NameScanner`):
/// interleaved with format 2's reader on a machine loaded by other builds, a common
/// term or a glob took 36-52% of its time.
public final class NameIndex: @unchecked Sendable {
    let folder: IndexFolder
    /// Names per block and per chunk of new segments (tests make them small).
    var blockEntries = 8
    var chunkEntries = 65_536

    /// The index kept in `path` (see `IndexLocation`).
    public init(path: String) {
        folder = IndexFolder(path: path)
    }

    /// The manifest as it is on disk now; nil before the first `index`.
    public var manifest: IndexManifest? { folder.readManifest() }

    /// The index's answer for `container` (every container with nil) under `prefix`,
    /// when it covers that place: the whole account needs an `index` of the account; a
    /// container or folder, a segment of that container holding at least that folder.
    public func coverage(container: String?, prefix: String) -> IndexCoverage? {
        guard let manifest else { return nil }
        if let container {
            guard let record = manifest.containers[container], prefix.hasBytePrefix(record.prefix) else { return nil }
            return IndexCoverage(folder: folder, records: [(container, record)], prefix: prefix, since: record.indexedAt)
        }
        // A container indexed only in part leaves the account's answer incomplete.
        guard let indexedAt = manifest.accountIndexedAt, manifest.containers.values.allSatisfy({ $0.prefix.isEmpty }) else {
            return nil
        }
        let records = manifest.containers.sorted { $0.key.precedesInByteOrder($1.key) }.map { ($0.key, $0.value) }
        return IndexCoverage(
            folder: folder, records: records, prefix: prefix, since: IndexManifest.age(of: records.map(\.1), account: indexedAt)!)
    }

    /// Forgets `container` (every container with nil): its segment and its record.
    /// Returns the containers dropped.
    public func drop(container: String?) async throws -> [String] {
        try await folder.whileLocked {
            guard var manifest = folder.readManifest() else { return [] }
            let dropped = container.map { manifest.containers[$0] == nil ? [] : [$0] } ?? Array(manifest.containers.keys)
            for name in dropped { manifest.containers[name] = nil }
            if container == nil || !dropped.isEmpty { manifest.accountIndexedAt = nil }
            try folder.write(manifest)
            folder.removeStrays(keeping: manifest)
            return dropped.sorted()
        }
    }
}

/// What the index holds of one place, and how old it is.
public struct IndexCoverage: Sendable {
    let folder: IndexFolder
    let records: [(String, ContainerRecord)]
    let prefix: String
    /// When the oldest part of the answer was listed.
    public let since: Date
    /// The threads a search scans chunks on (`IndexScan`).
    var workers = IndexScan.defaultWorkers

    /// Calls `body` with each page of the objects under the place that match `query`,
    /// with their container, in container order then byte order.
    public func eachMatch(_ query: IndexQuery, _ body: (String, [ObjectSummary]) throws -> Void) throws {
        let prefix = prefix
        let scoped =
            prefix.isEmpty
            ? query
            : IndexQuery(folded: query.runs, runIsTheMatch: false, facts: query.facts, blocks: query.blocks) {
                $0.name.hasBytePrefix(prefix) && query.keep($0)
            }
        let readers = try MappedSegments.shared.readers(records.map { folder.path + "/" + $0.1.file })
        let segments = zip(records.map(\.0), readers).map { ($0, $1) }
        try IndexScan(query: scoped, required: query.trigrams(prefix: prefix), workers: workers).run(segments, body)
    }
}

/// Where an account's index lives: one folder per cluster endpoint and account under
/// `$XDG_CACHE_HOME/objsh/index/`, named by a hash, so that the path tells nothing of either.
public enum IndexLocation {
    /// The folder for the account `identity` names (endpoint and account, no secret).
    public static func path(cache: String, identity: String) -> String {
        cache + "/index/" + hash(identity)
    }

    /// FNV-1a, 64 bits, in hex.
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(value, radix: 16)
    }
}

/// How old an index is, in the words `search` and `index --status` use: `just now`,
/// `12 min ago`, `3 h ago`, `2 days ago`.
public enum IndexAge {
    public static func words(since date: Date, now: Date = Date()) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(seconds / 60) min ago"
        case ..<86_400: return "\(seconds / 3600) h ago"
        default: return seconds < 2 * 86_400 ? "1 day ago" : "\(seconds / 86_400) days ago"
        }
    }
}
