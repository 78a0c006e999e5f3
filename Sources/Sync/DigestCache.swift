import Crypto
import Foundation
import Glibc
import Storage
import Synchronization

/// A local folder's file digests remembered between runs, in front of `FileDigests`:
/// a file whose path, size, modification and change times (ns) and inode are those of
/// an earlier read is not read again. One file per root under `folder`, named by a hash of
/// the root's path, its records in name order. A comparison walks the root in that order
/// too: it `expect`s each name as the name enters its window, which reads the old file
/// forward to it, and `settle`s the names it is done with, which writes them to the new
/// file; so only the names in flight are held, however many files the root holds.
/// `save` renames the new file over the old (a run killed half-way leaves the old one).
/// Names the walk passed and did not give are left out, unless unseen names are kept
/// (a filter) or the run stopped early, when the rest of the old file is copied over.
public final class DigestCache: FileDigesting {
    let reader: FileDigests
    let path: String
    let root: String
    private let state = Mutex(DigestWindow())
    /// A file changed this recently (and not given another time since) may still change
    /// within its clock's tick unseen: its digests are used but not remembered.
    static let settleNs: Int64 = 20_000_000

    /// The time now in ns since 1970 (a test sets its own).
    let clock: @Sendable () -> Int64

    public init(
        root: String, folder: String, reader: FileDigests? = nil,
        clock: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970 * 1e9) }
    ) {
        self.root = root
        self.clock = clock
        self.reader = reader ?? FileDigests(root: root)
        let digest = SHA256.hash(data: Data(root.utf8)).hex
        path = folder + "/digests/" + digest.prefix(32)
    }

    public var counters: HashCounters { reader.counters }

    /// The most entries held in memory at once so far: the names in flight, not the tree.
    public var peakHeld: Int { state.withLock { $0.peakHeld } }

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

    public func begin(keepingUnseen: Bool) {
        state.withLock { $0.keepsUnseen = keepingUnseen }
    }

    public func expect(_ name: String) {
        state.withLock { $0.expect(Array(name.utf8), self) }
    }

    public func settle(through name: String) {
        state.withLock { $0.settle(through: Array(name.utf8)) }
    }

    /// What an earlier read of this very file gave; nil when it changed since (or none).
    func lookup(_ file: LocalFileStat) -> DigestEntry? {
        state.withLock { window in
            guard let slot = window.slot(Array(file.relative.utf8), self) else { return nil }
            return [window.slots[slot].new, window.slots[slot].old].compactMap { $0 }.first { $0.matches(file) }
        }
    }

    /// Keeps `digest` of `file` unless the file changed while it was read, or so lately
    /// that it may change again unseen, or its name was settled already.
    public func remember(_ file: LocalFileStat, _ digest: FileDigest) {
        guard let now = try? LocalFileStat.of(root: root, relative: file.relative), now == file else { return }
        // A later write sets both times to its clock tick: unseen only when both are that
        // tick already, i.e. equal and recent. A download's file has its object's time.
        guard file.mtimeNs != file.ctimeNs || clock() - file.ctimeNs >= Self.settleNs else { return }
        state.withLock { window in
            guard let slot = window.slot(Array(file.relative.utf8), self) else { return }
            window.slots[slot].new = DigestEntry(file, digest)
        }
    }

    /// Writes the names still held and renames the new file over the old; with
    /// `complete` (the run saw every file of the root) the old records past the last
    /// name seen are left out, else copied over.
    public func save(complete: Bool) {
        state.withLock { $0.finish(complete: complete) }
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
