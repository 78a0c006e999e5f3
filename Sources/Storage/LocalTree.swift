import Glibc

/// A local file as a tree walk found it: its name below the root, and the `stat(2)`
/// facts that say whether it changed (a hash cache keys on them).
public struct LocalFileStat: Sendable, Equatable {
    /// The path below the walk's root, `/`-separated, as an object name.
    public var relative: String
    public var bytes: Int64
    public var mtimeNs: Int64
    public var ctimeNs: Int64
    public var inode: UInt64
    public var device: UInt64

    public init(relative: String, bytes: Int64, mtimeNs: Int64, ctimeNs: Int64 = 0, inode: UInt64 = 0, device: UInt64 = 0) {
        self.relative = relative
        self.bytes = bytes
        self.mtimeNs = mtimeNs
        self.ctimeNs = ctimeNs
        self.inode = inode
        self.device = device
    }
}

/// The regular files below a local folder, depth first, in the byte order of their
/// names as object names (a folder sorts as `name/`, as `FileListing` walks a
/// container), so a walk and a listing of the same tree come out in the same order.
///
/// Each level is one sorted pass of its directory (`SortedDirectory`); memory is the
/// depth times one directory, never the tree. Links, other kinds and names that are
/// not UTF-8 are skipped, as the file store skips them (those told to `SkippedNames`).
public final class LocalTree {
    private struct Level {
        let descriptor: Int32
        let relative: String
        let directory: SortedDirectory
        var next = 0
    }

    private let root: String
    private let prune: (String) -> Bool
    private let ignoredSuffixes: [String]
    private var levels: [Level] = []
    private var started = false

    /// Walks `root`. `prune` gets each folder as `a/b/` and skips it, and everything in
    /// it, when true; files whose names end in one of `ignoredSuffixes` are skipped.
    public init(root: String, prune: @escaping (String) -> Bool = { _ in false }, ignoredSuffixes: [String] = []) {
        self.root = root
        self.prune = prune
        self.ignoredSuffixes = ignoredSuffixes
    }

    deinit {
        for level in levels { close(level.descriptor) }
    }

    /// The next `count` files at most; empty at the end.
    public func next(_ count: Int) throws -> [LocalFileStat] {
        var page: [LocalFileStat] = []
        while page.count < count, let file = try next() { page.append(file) }
        return page
    }

    /// The next file, or nil at the end.
    public func next() throws -> LocalFileStat? {
        if !started {
            started = true
            try enter("")
        }
        while let index = levels.indices.last {
            guard levels[index].next < levels[index].directory.count else {
                close(levels.removeLast().descriptor)
                continue
            }
            let position = levels[index].next
            levels[index].next += 1
            let level = levels[index]
            guard let child = level.directory.child(at: position, base: Array(level.relative.utf8)) else { continue }
            if child.isDirectory {
                if !prune(child.key) { try enter(child.key) }
            } else if !ignoredSuffixes.contains(where: { child.name.hasSuffix($0) }), let file = try stat(child, in: level.descriptor) {
                return file
            }
        }
        return nil
    }

    /// Opens the folder `relative` (empty or ending in `/`) as the deepest level.
    private func enter(_ relative: String) throws {
        let path = root + "/" + relative
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
        guard descriptor >= 0 else { throw StorageError.system("cannot read \(path)") }
        do {
            guard let directory = try SortedDirectory.read(path, limit: Int.max) else { throw StorageError.io("cannot read \(path)") }
            levels.append(Level(descriptor: descriptor, relative: relative, directory: directory))
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// The file's facts; nil when it went away or is no longer a regular file.
    private func stat(_ child: DirectoryChild, in folder: Int32) throws -> LocalFileStat? {
        var info = Glibc.stat()
        guard fstatat(folder, child.name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { return nil }
            throw StorageError.system("cannot stat \(child.key)")
        }
        guard info.st_mode & S_IFMT == S_IFREG else { return nil }
        return LocalFileStat(
            relative: child.key, bytes: Int64(info.st_size),
            mtimeNs: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
            ctimeNs: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec),
            inode: UInt64(info.st_ino), device: UInt64(info.st_dev))
    }
}
