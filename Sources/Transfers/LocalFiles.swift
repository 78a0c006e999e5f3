import Foundation
import Storage

/// What an upload needs to know of local files: the tree under a folder and a file's
/// version (size and modification time); the MD5 of a byte range is `FileSlice.md5`.
public enum LocalFiles {
    /// The regular files under `root` (and links to them; a link to a folder is not
    /// followed), as paths relative to it, in byte order, and how many names were left
    /// out: a name that is not UTF-8 is counted and told to `SkippedNames`, since no
    /// object name can hold it.
    public static func files(under root: String) throws -> (files: [String], skipped: Int) {
        guard let folder = opendir(root) else {
            throw StorageError.unreadableFile(path: root, problem: .unreadableFolder)
        }
        var walk = Walk()
        walk.walk(folder, path: root, relative: "")
        return (walk.files.sorted { $0.precedesInByteOrder($1) }, walk.skipped)
    }

    /// The files found so far, and the names left out.
    private struct Walk {
        var files: [String] = []
        var skipped = 0

        /// Adds the files of the open folder `folder` (closed here) at `path`.
        mutating func walk(_ folder: OpaquePointer, path: String, relative: String) {
            defer { closedir(folder) }
            while let entry = readdir(folder) {
                let bytes = withUnsafeBytes(of: &entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
                if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
                guard let name = String(validating: bytes, as: UTF8.self) else {
                    SkippedNames.shared.note(folder: path, name: bytes)
                    skipped += 1
                    continue
                }
                let full = path + "/" + name
                var info = stat()
                guard lstat(full, &info) == 0 else { continue }
                // A link to a file is sent as the file (stat(2) follows it), as before.
                if info.st_mode & S_IFMT == S_IFLNK && (stat(full, &info) != 0 || info.st_mode & S_IFMT != S_IFREG) { continue }
                switch info.st_mode & S_IFMT {
                case S_IFREG: files.append(relative + name)
                case S_IFDIR:
                    if let inner = opendir(full) { walk(inner, path: full, relative: relative + name + "/") }
                default: continue
                }
            }
        }
    }

    /// Size and modification time (with its fraction, as python-swiftclient reads it).
    public static func version(of path: String) throws -> LocalFileVersion {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw StorageError.unreadableFile(path: path, problem: .lastSystemError)
        }
        let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
        return LocalFileVersion(bytes: Int64(status.st_size), modified: modified)
    }
}
