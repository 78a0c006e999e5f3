import Crypto
import Foundation
import Glibc

extension FileStore {
    /// Bytes held in memory, written to a staging file, read back and checked, then
    /// renamed into place.
    public func putObject(container: String, name: String, bytes: [UInt8], contentType: String?) async throws -> ObjectInfo {
        let base = try targetFolder(container: container, name: name)
        let upload = try FileStreamUpload(
            store: self, container: container, name: name, segmentBytes: Int64(max(1, bytes.count)), contentType: contentType)
        do {
            let segment = try await upload.putSegment(index: 0, bytes: bytes)
            let etag = try upload.verifiedMD5(of: [segment])
            return try place(upload.staged, base: base, container: container, name: name, etag: etag, contentType: contentType)
        } catch {
            try? await upload.abort()
            throw error
        }
    }

    /// A staging file beside the store's objects that the stream's segments fill at their offsets.
    public func beginStreamUpload(container: String, name: String, segmentBytes: Int64, contentType: String?) async throws -> any LargeUpload {
        _ = try targetFolder(container: container, name: name)
        return try FileStreamUpload(store: self, container: container, name: name, segmentBytes: segmentBytes, contentType: contentType)
    }
}

/// A stream going into the file store: each segment written at its offset in one staging
/// file, which `complete` reads back, checks segment by segment and renames into place,
/// so the object appears whole or not at all.
struct FileStreamUpload: LargeUpload {
    let store: FileStore
    let container: String
    let name: String
    let segmentBytes: Int64
    let contentType: String?
    let staged: String

    init(store: FileStore, container: String, name: String, segmentBytes: Int64, contentType: String?) throws {
        self.store = store
        self.container = container
        self.name = name
        self.segmentBytes = segmentBytes
        self.contentType = contentType
        staged = try store.stagingFile()
    }

    /// A stream starts afresh: there is nothing to pick up.
    func storedSegments() async throws -> [Int: SegmentRecord] { [:] }

    func putSegment(index: Int, from slice: FileSlice) async throws -> SegmentRecord {
        throw StorageError.unsupported("the file store keeps files whole and needs no segments")
    }

    func putSegment(index: Int, bytes: [UInt8]) async throws -> SegmentRecord {
        let descriptor = open(staged, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw StorageError.system("cannot write staging file") }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            try Task.checkCancellation()
            let offset = off_t(Int64(index) * segmentBytes) + off_t(written)
            let count = bytes.withUnsafeBytes {
                pwrite(descriptor, $0.baseAddress! + written, min(bytes.count - written, FileStore.chunkSize), offset)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw StorageError.system("cannot write staging file") }
            written += count
        }
        return SegmentRecord(index: index, bytes: Int64(bytes.count), md5: Insecure.MD5.hash(data: bytes).hex)
    }

    func complete(_ segments: [SegmentRecord], removingReplaced: Bool) async throws -> ObjectInfo {
        let base = try store.targetFolder(container: container, name: name)
        let etag = try verifiedMD5(of: segments)
        return try store.place(staged, base: base, container: container, name: name, etag: etag, contentType: contentType)
    }

    func abort() async throws { unlink(staged) }

    /// Syncs the staging file and reads it back: each segment must have the MD5 it was
    /// written with, and nothing may follow the last. The MD5 of the whole, the object's ETag.
    func verifiedMD5(of segments: [SegmentRecord]) throws -> String {
        let descriptor = open(staged, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw StorageError.system("cannot read staging file") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw StorageError.system("cannot sync staging file") }
        var whole = Insecure.MD5()
        var buffer = [UInt8](repeating: 0, count: FileStore.chunkSize)
        for segment in segments.sorted(by: { $0.index < $1.index }) {
            var part = Insecure.MD5()
            var left = segment.bytes
            while left > 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, Int(min(Int64(FileStore.chunkSize), left))) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw StorageError.system("cannot read staging file") }
                buffer.withUnsafeBytes { bytes in
                    part.update(bufferPointer: UnsafeRawBufferPointer(rebasing: bytes[0..<count]))
                    whole.update(bufferPointer: UnsafeRawBufferPointer(rebasing: bytes[0..<count]))
                }
                left -= Int64(count)
            }
            let stored = part.finalize().hex
            guard stored == segment.md5 else { throw StorageError.checksumMismatch(expected: segment.md5, actual: stored) }
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, Int64(info.st_size) == segments.reduce(0, { $0 + $1.bytes }) else {
            throw StorageError.io("the staging file of \(name) has another size than the segments written")
        }
        return whole.finalize().hex
    }
}
