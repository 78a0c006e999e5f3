import Crypto
import Glibc

extension FileSlice {
    /// The MD5 of the slice's bytes, read a chunk at a time so memory stays flat: the one
    /// hashing of a range of a local file, for an upload's `Content-MD5` and for a resume
    /// that checks the segments stored before. `unreadableFile` when the file cannot be
    /// opened or read (the system's reason) or ends before the slice does.
    public func md5() throws -> Insecure.MD5.Digest {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw StorageError.unreadableFile(path: path, problem: .lastSystemError) }
        defer { close(descriptor) }
        var hash = Insecure.MD5()
        var buffer = [UInt8](repeating: 0, count: Int(min(length, Int64(FileStore.chunkSize))))
        var done: Int64 = 0
        while done < length {
            try Task.checkCancellation()
            let wanted = Int(min(Int64(buffer.count), length - done))
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted, off_t(offset + done)) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw StorageError.unreadableFile(path: path, problem: .lastSystemError) }
            guard count > 0 else { throw StorageError.unreadableFile(path: path, problem: .changedWhileRead) }
            buffer.withUnsafeBytes { hash.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            done += Int64(count)
        }
        return hash.finalize()
    }
}
