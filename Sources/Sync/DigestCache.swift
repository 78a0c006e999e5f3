import Crypto
import Foundation
import Glibc
import Storage
import Synchronization

/// A local folder's file digests remembered between runs, in front of `FileDigests`:
/// a file whose path, size, modification and change times (ns) and inode are those of
/// an earlier read is not read again. One file per root under `folder`, named by a hash of the
/// root's path, read once when first asked and written back by `save` (temporary name,
/// then rename). It keeps what this run asked for; entries of files not seen go when
/// the run saw the whole root (no filter), so it stays the size of the tree.
public final class DigestCache: FileDigesting {
    let reader: FileDigests
    let path: String
    let root: String
    private let state = Mutex(State())
    /// A file changed this recently (and not given another time since) may still change
    /// within its clock's tick unseen: its digests are used but not remembered.
    static let settleNs: Int64 = 20_000_000

    struct State {
        var loaded = false
        /// By the name's bytes: `é` and `e\u{301}` are two files (Swift's `String` equates them).
        var entries: [[UInt8]: DigestEntry] = [:]
        var seen: Set<[UInt8]> = []
        var changed = false
    }

    /// The time now in ns since 1970 (a test sets its own).
    let clock: @Sendable () -> Int64

    public init(
        root: String, folder: String, reader: FileDigests? = nil,
        clock: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970 * 1e9) }
    ) {
        self.root = root
        self.clock = clock
        self.reader = reader ?? FileDigests(root: root)
        let digest = SHA256.hash(data: Data(root.utf8)).map { String(format: "%02x", $0) }.joined()
        path = folder + "/digests/" + digest.prefix(32)
    }

    public var counters: HashCounters { reader.counters }

    public func digests(of file: LocalFileStat, partSizes: [Int64]) async throws -> FileDigest {
        if let entry = lookup(file), partSizes.allSatisfy({ entry.digest.parts[$0] != nil }) {
            return entry.digest
        }
        var digest = try await reader.digests(of: file, partSizes: partSizes)
        if let old = lookup(file) { digest.parts.merge(old.digest.parts) { new, _ in new } }
        remember(file, digest)
        return digest
    }

    public func knownPartSizes(of file: LocalFileStat) -> [Int64] {
        lookup(file).map { Array($0.digest.parts.keys) } ?? []
    }

    public func checksum(of file: LocalFileStat, _ algorithm: ContentChecksum.Algorithm) async throws -> String {
        try await reader.checksum(of: file, algorithm)
    }

    /// What an earlier read of this very file gave; nil when it changed since (or none).
    func lookup(_ file: LocalFileStat) -> DigestEntry? {
        state.withLock { state in
            load(&state)
            let key = Array(file.relative.utf8)
            state.seen.insert(key)
            guard let entry = state.entries[key], entry.matches(file) else { return nil }
            return entry
        }
    }

    /// Keeps `digest` of `file` unless the file changed while it was read, or so lately
    /// that it may change again unseen.
    public func remember(_ file: LocalFileStat, _ digest: FileDigest) {
        guard let now = try? LocalFileStat.of(root: root, relative: file.relative), now == file else { return }
        // A later write sets both times to its clock tick: unseen only when both are that
        // tick already, i.e. equal and recent. A download's file has its object's time.
        guard file.mtimeNs != file.ctimeNs || clock() - file.ctimeNs >= Self.settleNs else { return }
        state.withLock {
            load(&$0)
            $0.entries[Array(file.relative.utf8)] = DigestEntry(file, digest)
            $0.seen.insert(Array(file.relative.utf8))
            $0.changed = true
        }
    }

    /// Reads the cache file once, before the first entry is looked up or added.
    private func load(_ state: inout State) {
        guard !state.loaded else { return }
        state.entries = DigestCacheFile.read(path, root: root)
        state.loaded = true
    }

    /// Writes the cache back; with `complete` (the run saw every file of the root) the
    /// entries of files it did not see are left out.
    public func save(complete: Bool) {
        let entries = state.withLock { state -> [[UInt8]: DigestEntry]? in
            guard state.loaded else { return nil }
            if complete { state.entries = state.entries.filter { state.seen.contains($0.key) } }
            return state.changed || complete ? state.entries : nil
        }
        guard let entries else { return }
        DigestCacheFile.write(entries, root: root, to: path)
    }
}

/// One file's digests, and the facts of the file they were read from.
struct DigestEntry: Equatable {
    var bytes: Int64
    var mtimeNs: Int64
    /// The change time too: a file written anew under a reused inode, its time set back
    /// (as a download sets it), still shows.
    var ctimeNs: Int64
    var inode: UInt64
    var digest: FileDigest

    init(bytes: Int64, mtimeNs: Int64, ctimeNs: Int64, inode: UInt64, digest: FileDigest) {
        self.bytes = bytes
        self.mtimeNs = mtimeNs
        self.ctimeNs = ctimeNs
        self.inode = inode
        self.digest = digest
    }

    init(_ file: LocalFileStat, _ digest: FileDigest) {
        self.init(bytes: file.bytes, mtimeNs: file.mtimeNs, ctimeNs: file.ctimeNs, inode: file.inode, digest: digest)
    }

    func matches(_ file: LocalFileStat) -> Bool {
        bytes == file.bytes && mtimeNs == file.mtimeNs && ctimeNs == file.ctimeNs && inode == file.inode
    }
}
