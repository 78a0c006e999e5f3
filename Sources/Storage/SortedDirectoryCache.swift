import Glibc
import Synchronization

/// Sorted passes of the folders listed lately, so the pages of one listing (and the
/// TABs that follow it) read a large folder once, not once a page.
///
/// Bounded: at most `nameLimit` names are kept over all folders (least recently used
/// go first), and a folder with more children than that is never read whole. A pass
/// is reused only while the folder's change time is the one it was read under, and
/// only when that time was already in the past when it was read: a change in the same
/// clock tick as the read could otherwise go unseen (git's "racily clean" rule).
final class SortedDirectoryCache: Sendable {
    /// The cache every file store shares.
    static let shared = SortedDirectoryCache(nameLimit: 1_000_000)

    private struct Entry {
        var stamp: DirectoryStamp
        var directory: SortedDirectory
        var lastUse: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var names = 0
        var clock: UInt64 = 0
    }

    let nameLimit: Int
    private let state = Mutex(State())

    init(nameLimit: Int) {
        self.nameLimit = nameLimit
    }

    /// How many names the cache holds now.
    var keptNames: Int { state.withLock { $0.names } }

    /// The sorted children of `path`, from the cache or read now; nil when the folder
    /// is too large to keep whole.
    func directory(at path: String) throws -> SortedDirectory? {
        guard let stamp = DirectoryStamp(path) else { return try SortedDirectory.read(path, limit: nameLimit) }
        if let hit = state.withLock({ state -> SortedDirectory? in
            guard let entry = state.entries[path], entry.stamp == stamp else { return nil }
            state.clock += 1
            state.entries[path]?.lastUse = state.clock
            return entry.directory
        }) {
            return hit
        }
        let readAt = DirectoryStamp.now()
        guard let directory = try SortedDirectory.read(path, limit: nameLimit) else { return nil }
        if let after = DirectoryStamp(path), after == stamp, stamp.isSettled(before: readAt) {
            keep(directory, at: path, stamp: stamp)
        }
        return directory
    }

    private func keep(_ directory: SortedDirectory, at path: String, stamp: DirectoryStamp) {
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: path) { state.names -= old.directory.count }
            while state.names + directory.count > nameLimit,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.entries.removeValue(forKey: oldest.key)
                state.names -= oldest.value.directory.count
            }
            state.clock += 1
            state.entries[path] = Entry(stamp: stamp, directory: directory, lastUse: state.clock)
            state.names += directory.count
        }
    }
}

/// What identifies one state of a folder's entries: the folder itself and the last
/// change of its entries (creating, removing or renaming a child sets it).
struct DirectoryStamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var seconds: Int
    var nanoseconds: Int

    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        // ctime moves on every change mtime does, and cannot be set back by utimes(2).
        seconds = Int(info.st_ctim.tv_sec)
        nanoseconds = Int(info.st_ctim.tv_nsec)
    }

    /// The wall clock now, as (seconds, nanoseconds).
    static func now() -> (seconds: Int, nanoseconds: Int) {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return (Int(time.tv_sec), Int(time.tv_nsec))
    }

    /// Whether the change was safely before `time`: more than a clock tick on a file
    /// system with fine timestamps (a whole part of zero nanoseconds suggests coarse
    /// ones: then two seconds).
    func isSettled(before time: (seconds: Int, nanoseconds: Int)) -> Bool {
        let margin = nanoseconds == 0 ? 2_000_000_000 : 100_000_000
        let changed = seconds * 1_000_000_000 + nanoseconds
        return time.seconds * 1_000_000_000 + time.nanoseconds - changed > margin
    }
}
