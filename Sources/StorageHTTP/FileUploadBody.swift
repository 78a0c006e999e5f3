import Crypto
import Glibc
import NIOCore
import Storage
import Synchronization

/// The MD5 of the bytes sent by the latest try of an upload, and of the whole file
/// once a try has read it to the end.
package final class UploadDigest: Sendable {
    private let state = Mutex(Insecure.MD5())
    private let whole = Mutex<String?>(nil)

    package init() {}

    package func restart() { state.withLock { $0 = Insecure.MD5() } }
    package func update(_ bytes: UnsafeRawBufferPointer) { state.withLock { $0.update(bufferPointer: bytes) } }
    package var hex: String { state.withLock { $0 }.finalize().hex }

    /// Called when a try has sent the last byte of the file.
    package func finishWholeFile() {
        let sum = hex
        whole.withLock { $0 = sum }
    }
    /// The MD5 of the whole file, when some try sent all of it (so the server may hold it).
    package var wholeFileHex: String? { whole.withLock { $0 } }
}

/// A local file as an async sequence of 256 KiB buffers from `UploadBuffers`, hashed as
/// they are read: the file is never held whole, and its MD5 is ready when the last byte
/// is sent.
package struct FileUploadBody: AsyncSequence, Sendable {
    package typealias Element = ByteBuffer
    /// Small enough that the set of `UploadBuffers` keeps every segment in flight fed
    /// from 3 MiB; with 1 MiB buffers from malloc a 1 GiB upload peaked at 43-48 MB RSS.
    package static let chunkSize = 256 << 10

    package let path: String
    package let expectedBytes: Int64
    package let digest: UploadDigest
    /// Where the bytes start: a segment of a large upload is a slice of its file.
    package var offset: Int64 = 0
    /// A whole file is read to its end, so a file that grew is noticed; a slice stops at its length.
    package var isSlice = false
    /// Where the bytes handed out are counted (the caller's progress), if it keeps a meter.
    let meter = SendMeter.current

    package init(path: String, expectedBytes: Int64, digest: UploadDigest, offset: Int64 = 0, isSlice: Bool = false) {
        self.path = path
        self.expectedBytes = expectedBytes
        self.digest = digest
        self.offset = offset
        self.isSlice = isSlice
    }

    package func makeAsyncIterator() -> Iterator {
        digest.restart()
        meter?.settle()
        return Iterator(
            reader: FileReader(path: path, offset: offset), expectedBytes: expectedBytes, digest: digest, isSlice: isSlice, meter: meter)
    }

    package struct Iterator: AsyncIteratorProtocol {
        let reader: FileReader
        let expectedBytes: Int64
        let digest: UploadDigest
        let isSlice: Bool
        let meter: SendMeter?
        var sent: Int64 = 0

        package mutating func next() async throws -> ByteBuffer? {
            try Task.checkCancellation()
            if isSlice && sent == expectedBytes { return nil }
            let wanted = isSlice ? Int(Swift.min(Int64(FileUploadBody.chunkSize), expectedBytes - sent)) : FileUploadBody.chunkSize
            var chunk = await UploadBuffers.shared.take()
            guard try reader.read(into: &chunk, upTo: wanted) else {
                guard sent == expectedBytes else { throw changed() }
                digest.finishWholeFile()
                return nil
            }
            sent += Int64(chunk.readableBytes)
            guard sent <= expectedBytes else { throw changed() }
            chunk.withUnsafeReadableBytes { digest.update($0) }
            meter?.add(Int64(chunk.readableBytes))
            return chunk
        }

        private func changed() -> StorageError {
            .unreadableFile(path: reader.path, problem: .changedWhileUploaded)
        }
    }
}

/// An open file, closed when the last reference goes.
package final class FileReader: @unchecked Sendable {
    // Used by one iterator at a time, as AsyncHTTPClient reads a body sequentially.
    package let path: String
    private let offset: Int64
    private var descriptor: Int32 = -1
    private var isOpened = false

    package init(path: String, offset: Int64 = 0) {
        self.path = path
        self.offset = offset
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The next bytes, read straight into the buffer that goes out, or nil at the end of the file.
    package func read(upTo count: Int) throws -> ByteBuffer? {
        var buffer = ByteBufferAllocator().buffer(capacity: count)
        return try read(into: &buffer, upTo: count) ? buffer : nil
    }

    /// Appends the next bytes (at most `count`) to `buffer`; false at the end of the file.
    package func read(into buffer: inout ByteBuffer, upTo count: Int) throws -> Bool {
        if !isOpened {
            isOpened = true
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw StorageError.unreadableFile(path: path, problem: .lastSystemError) }
            guard lseek(descriptor, off_t(offset), SEEK_SET) == off_t(offset) else {
                throw StorageError.unreadableFile(path: path, problem: .lastSystemError)
            }
        }
        while true {
            var result = 0
            buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { space in
                result = Glibc.read(descriptor, space.baseAddress, count)
                return max(0, result)
            }
            if result < 0 && errno == EINTR { continue }
            guard result >= 0 else { throw StorageError.unreadableFile(path: path, problem: .lastSystemError) }
            return result > 0
        }
    }
}
