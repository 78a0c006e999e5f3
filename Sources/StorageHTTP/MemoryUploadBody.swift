import Crypto
import NIOCore

/// Bytes held in memory (a segment of standard input) as an async sequence of buffers
/// from `UploadBuffers`, hashed as they are handed out, as `FileUploadBody` reads a file:
/// NIO never holds a copy of the whole, and a retry starts again from the first byte.
package struct MemoryUploadBody: AsyncSequence, Sendable {
    package typealias Element = ByteBuffer

    package let bytes: [UInt8]
    package let digest: UploadDigest

    package init(_ bytes: [UInt8], digest: UploadDigest) {
        self.bytes = bytes
        self.digest = digest
    }

    package func makeAsyncIterator() -> Iterator {
        digest.restart()
        return Iterator(bytes: bytes, digest: digest)
    }

    package struct Iterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        let digest: UploadDigest
        var sent = 0

        package mutating func next() async throws -> ByteBuffer? {
            try Task.checkCancellation()
            guard sent < bytes.count else {
                digest.finishWholeFile()
                return nil
            }
            let end = Swift.min(bytes.count, sent + FileUploadBody.chunkSize)
            var chunk = await UploadBuffers.shared.take()
            bytes.withUnsafeBytes { all in
                let piece = UnsafeRawBufferPointer(rebasing: all[sent..<end])
                chunk.writeBytes(piece)
                digest.update(piece)
            }
            sent = end
            return chunk
        }
    }
}

extension MemoryUploadBody {
    /// The MD5 of the bytes, for `Content-MD5` before they are sent.
    package var md5: Insecure.MD5.Digest { Insecure.MD5.hash(data: bytes) }
}
