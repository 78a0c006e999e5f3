import Crypto
import Foundation
import Glibc
import Storage

/// What an upload needs to know of a local file before it sends it.
package enum FileDigest {
    /// The size of a local file to upload; `unreadableFile` when it is missing, unreadable or a folder.
    package static func regularFileSize(_ path: String) throws -> Int64 {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw StorageError.unreadableFile(path: path, problem: .lastSystemError) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw StorageError.unreadableFile(path: path, problem: .lastSystemError) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw StorageError.unreadableFile(path: path, problem: .notARegularFile) }
        return Int64(info.st_size)
    }
}

extension Insecure.MD5.Digest {
    /// Base64, as `Content-MD5` is.
    package var base64: String { Data(self).base64EncodedString() }
}
