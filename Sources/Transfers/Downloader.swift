import Crypto
import Foundation
import Glibc
import Storage

/// Downloads objects into local files: written under a partial name beside the target,
/// verified, and renamed only when whole; an interrupted download goes on where it
/// stopped when the object is unchanged (`Range` with `If-Match` on its ETag).
public struct Downloader: Sendable {
    public let store: any ObjectStore
    /// How often a broken connection is picked up again from where it broke.
    public var reconnects = 3

    public init(store: any ObjectStore) { self.store = store }

    /// What a download of `info` can be verified against.
    public func verification(for info: ObjectInfo) async throws -> Verification {
        switch info.largeObject {
        case nil: return .wholeMD5(info.etag)
        case .dynamicManifest:
            return .unverifiable("a dynamic large object's ETag is not the MD5 of its bytes: not verified")
        case .multipartUpload(_, let partBytes):
            guard let partBytes, partBytes > 0 else {
                return .unverifiable("a multipart upload's ETag is not the MD5 of its bytes, and its part size is unknown: not verified")
            }
            return .multipartETag(partBytes: partBytes, etag: info.etag)
        case .staticManifest:
            guard let segments = try await store.segments(ofObject: info.container, name: info.name) else {
                return .unverifiable("the manifest's entries are not plain segments: not verified")
            }
            return .segments(segments)
        }
    }

    /// Downloads `info` to the file `target`; an existing file is replaced only with `overwrite`.
    public func download(_ info: ObjectInfo, to target: String, overwrite: Bool,
                         progress: TransferProgress? = nil) async throws -> DownloadOutcome {
        if !overwrite && LocalFile.exists(target) { throw TransferError.exists(target) }
        let verification = try await verification(for: info)
        let partial = LocalFile.partialName(for: target, etag: info.etag)
        LocalFile.removeStalePartials(of: target, keeping: partial)
        let file = try LocalFile.openForAppend(partial)
        defer { close(file.descriptor) }
        var verifier = StreamVerifier(verification, name: info.name)
        if file.size > info.bytes { try LocalFile.truncate(file.descriptor, path: partial) }
        let resumedFrom = file.size > info.bytes ? 0 : file.size
        // What is on disk already counts toward the verification, read back from the file.
        try LocalFile.read(file.descriptor, upTo: resumedFrom, path: partial) { try verifier.update($0) }
        progress?.add(bytes: resumedFrom)
        var written = resumedFrom
        var writeback = LocalFile.Writeback(descriptor: file.descriptor, from: resumedFrom)
        do {
            try await fetch(info, from: &written, verifier: &verifier, progress: progress) { bytes in
                try LocalFile.write(file.descriptor, bytes, path: partial)
                writeback.wrote(bytes.count)
            }
        } catch let error where Self.isCancellation(error) {
            throw TransferError.interrupted("\(written) of \(info.bytes) bytes of \(info.name) kept in \(partial); run the same get again to go on")
        } catch let error as StorageError {
            if case .changed = error { unlink(partial) }
            throw error
        }
        let note: String?
        do {
            note = try verifier.finish()
        } catch {
            unlink(partial)
            throw error
        }
        try LocalFile.sync(file.descriptor, path: partial)
        try LocalFile.publish(partial, as: target, overwrite: overwrite)
        return DownloadOutcome(bytes: info.bytes, resumedFrom: resumedFrom, note: note)
    }

    /// Hands `info`'s bytes to `sink` (standard output), verified at the end: a mismatch
    /// is an error after the fact, since bytes written to a pipe cannot be taken back.
    public func stream(_ info: ObjectInfo, progress: TransferProgress? = nil,
                       to sink: (UnsafeRawBufferPointer) throws -> Void) async throws -> DownloadOutcome {
        var verifier = StreamVerifier(try await verification(for: info), name: info.name)
        var written: Int64 = 0
        try await fetch(info, from: &written, verifier: &verifier, progress: progress, sink: sink)
        return DownloadOutcome(bytes: written, resumedFrom: 0, note: try verifier.finish())
    }

    /// Reads `info` from byte `offset` on, each chunk verified then handed to `sink`;
    /// a connection that breaks is picked up from where it broke, if the object is unchanged.
    func fetch(_ info: ObjectInfo, from offset: inout Int64, verifier: inout StreamVerifier, progress: TransferProgress?,
               sink: (UnsafeRawBufferPointer) throws -> Void) async throws {
        var breaks = 0
        while offset < info.bytes {
            do {
                _ = try await store.readObject(container: info.container, name: info.name, range: offset...(info.bytes - 1),
                                               ifMatch: info.etag) { bytes in
                    try verifier.update(bytes)
                    try sink(bytes)
                    offset += Int64(bytes.count)
                    progress?.add(bytes: Int64(bytes.count))
                }
            } catch let error as StorageError {
                guard breaks < reconnects, Self.isBrokenConnection(error) else { throw error }
                breaks += 1
            }
        }
    }

    static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || (error as? StorageError) == .cancelled
    }

    static func isBrokenConnection(_ error: StorageError) -> Bool {
        switch error {
        case .unreachable, .timedOut: true
        default: false
        }
    }
}

/// How a download went.
public struct DownloadOutcome: Sendable, Equatable {
    public var bytes: Int64
    /// Bytes that an earlier, interrupted run had written already.
    public var resumedFrom: Int64
    /// Said to the user when the bytes could not be verified.
    public var note: String?
}
