import Foundation
import Storage

/// What an upload needs to know of local files: the tree under a folder and a file's
/// version (size and modification time); the MD5 of a byte range is `FileSlice.md5`.
public enum LocalFiles {
    /// The regular files under `root`, as paths relative to it, in byte order.
    public static func files(under root: String) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root) else {
            throw StorageError.unreadableFile(path: root, problem: .unreadableFolder)
        }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(relative)
            }
        }
        return files.sorted { $0.precedesInByteOrder($1) }
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
