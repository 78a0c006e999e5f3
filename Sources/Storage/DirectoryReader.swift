import Glibc

/// One child of a directory, as `readdir(3)` reports it.
struct DirectoryChild {
    var name: String
    var isDirectory: Bool
}

/// Reads directories with `readdir(3)` so a folder of 100,000 files is never held whole:
/// each call keeps only the `count` smallest children it is asked for.
enum DirectoryReader {
    /// The `count` smallest children of `path` (by `key`, in byte order) that `accept` keeps,
    /// sorted. Symbolic links are skipped: nothing may lead out of the store's root.
    static func smallestChildren(of path: String, count: Int, key: (DirectoryChild) -> String, accept: (DirectoryChild, String) -> Bool) throws -> [(child: DirectoryChild, key: String)] {
        guard let dir = opendir(path) else {
            throw StorageError.io("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        defer { closedir(dir) }
        var kept: [(child: DirectoryChild, key: String)] = []
        func trim() {
            kept.sort { $0.key.precedesInByteOrder($1.key) }
            if kept.count > count { kept.removeLast(kept.count - count) }
        }
        while let entry = readdir(dir) {
            guard let child = child(of: path, entry) else { continue }
            let childKey = key(child)
            guard accept(child, childKey) else { continue }
            kept.append((child, childKey))
            // Sorting in batches keeps memory at 2 × count whatever the folder's size.
            if kept.count >= 2 * max(count, 512) { trim() }
        }
        trim()
        return kept
    }

    /// Whether `path` is a directory with no children.
    static func isEmptyDirectory(_ path: String) -> Bool {
        guard let dir = opendir(path) else { return false }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = entryName(entry)
            if name != "." && name != ".." { return false }
        }
        return true
    }

    private static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
        withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
        }
    }

    private static func child(of path: String, _ entry: UnsafeMutablePointer<dirent>) -> DirectoryChild? {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String? in
            // Names that are not UTF-8 cannot be object names; they are not listed.
            String(validatingCString: raw.bindMemory(to: CChar.self).baseAddress!)
        }
        guard let name, name != ".", name != ".." else { return nil }
        switch Int32(entry.pointee.d_type) {
        case Int32(DT_DIR): return DirectoryChild(name: name, isDirectory: true)
        case Int32(DT_REG): return DirectoryChild(name: name, isDirectory: false)
        case Int32(DT_UNKNOWN):
            var info = stat()
            guard lstat(path + "/" + name, &info) == 0 else { return nil }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return DirectoryChild(name: name, isDirectory: true)
            case S_IFREG: return DirectoryChild(name: name, isDirectory: false)
            default: return nil
            }
        default:
            return nil
        }
    }
}
