import Crypto
import Foundation
import Glibc
import Storage

/// What an upload needs to know of a local file before it sends it.
package enum FileDigest {
    /// The MD5 of `length` bytes of the file at `path` from `offset`, read a buffer at a time.
    package static func md5(path: String, offset: Int64 = 0, length: Int64) throws -> Insecure.MD5.Digest {
        let reader = FileReader(path: path, offset: offset)
        var hash = Insecure.MD5()
        var left = length
        while left > 0, let chunk = try reader.read(upTo: Int(min(Int64(FileUploadBody.chunkSize), left))) {
            chunk.withUnsafeReadableBytes { hash.update(bufferPointer: $0) }
            left -= Int64(chunk.readableBytes)
        }
        guard left == 0 else { throw StorageError.unreadableFile(path: path, problem: .changedWhileRead) }
        return hash.finalize()
    }

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
