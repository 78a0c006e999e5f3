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
    /// Ranges of one object in flight at once; 1 reads every object as one stream.
    public var parallel = SegmentPlan.defaultParallel
    /// Bytes per range of a ranged download (see `RangePlan`).
    public var rangeBytes = RangePlan.defaultRangeBytes
    /// Objects from this size on come down as ranges.
    public var threshold = RangePlan.defaultThreshold
    /// The partial files in the folders a folder download writes to, each folder read
    /// once; nil: the target's folder is read for each download.
    var partials: PartialFiles?

    public init(store: any ObjectStore) { self.store = store }

    /// What a download of `info` can be verified against. An ETag that is no digest of
    /// the bytes (encryption, a provider's own tag) gives way to the store's checksum of
    /// the whole, or to the reason the bytes are not verified.
    public func verification(for info: ObjectInfo) async throws -> Verification {
        if let opaque = info.opaqueETag {
            return info.checksum.map(Verification.checksum) ?? .unverifiable(.opaqueETag(opaque))
        }
        switch info.largeObject {
        case nil: return .wholeMD5(info.etag)
        case .dynamicManifest: return .unverifiable(.dynamicManifest)
        case .multipartUpload(let parts, let partBytes):
            if let partBytes, partBytes > 0 { return .multipartETag(partBytes: partBytes, etag: info.etag) }
            if let guess = PartSizeGuess.partBytes(bytes: info.bytes, parts: parts) {
                return .multipartETag(partBytes: guess, etag: info.etag, guessed: true)
            }
            let sizes = PartSizeGuess.candidates(bytes: info.bytes, parts: parts)
            guard sizes.count > 1 else { return .unverifiable(.unknownPartSize) }
            return .multipartCandidates(partSizes: sizes, etag: info.etag)
        case .staticManifest:
            // The manifest objsh reads is the current version's, never an older one's.
            guard info.version == nil else { return .unverifiable(.versionedManifest) }
            guard let segments = try await store.segments(ofObject: info.container, name: info.name) else {
                return .unverifiable(.manifestNotPlain)
            }
            return .segments(segments)
        }
    }

    /// Downloads `info` to the file `target`; an existing file is replaced only with `overwrite`.
    /// A large object comes down as ranges several at once (see `RangePlan`), a small one
    /// as one stream; either way it is verified whole before it takes the name.
    public func download(
        _ info: ObjectInfo, to target: String, overwrite: Bool,
        progress: TransferProgress? = nil
    ) async throws -> DownloadOutcome {
        if !overwrite && LocalFile.exists(target) { throw TransferError.exists(target) }
        // Said of the folder, not of the hidden partial file that could not be made in it.
        let folder = (target as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) || !isFolder.boolValue {
            throw TransferError.local(path: folder, problem: .noSuchFolder)
        }
        let verification = try await verification(for: info)
        let partial = LocalFile.partialName(for: target, etag: info.etag)
        LocalFile.removeStalePartials(of: target, keeping: partial, known: partials)
        let file = try LocalFile.openForAppend(partial)
        defer { close(file.descriptor) }
        let outcome: DownloadOutcome
        do {
            if let plan = RangePlan(
                bytes: info.bytes, verification: verification, rangeBytes: rangeBytes,
                threshold: threshold, parallel: parallel)
            {
                outcome = try await downloadInRanges(
                    info, plan: plan, verification: verification,
                    into: (partial, file.descriptor, file.size), progress: progress)
            } else {
                outcome = try await downloadAsOneStream(
                    info, verification: verification,
                    into: (partial, file.descriptor, file.size), progress: progress)
            }
        } catch let error as StorageError {
            if case .changed = error { Self.discard(partial) }
            throw error
        } catch let error as TransferError {
            if case .corrupt = error { Self.discard(partial) }
            throw error
        }
        try LocalFile.sync(file.descriptor, path: partial)
        try LocalFile.publish(partial, as: target, overwrite: overwrite)
        RangeJournal.remove(forPartial: partial)
        return outcome
    }

    /// The partial file open for the download: its path, descriptor and size on opening.
    typealias Partial = (path: String, descriptor: Int32, size: Int64)

    /// Appends to the partial from its size on (what an earlier run wrote, read back for
    /// the verification), with `If-Match` on the ETag.
    func downloadAsOneStream(
        _ info: ObjectInfo, verification: Verification, into partial: Partial,
        progress: TransferProgress?
    ) async throws -> DownloadOutcome {
        var verifier = StreamVerifier(verification, name: info.name)
        // A partial of a ranged run (with a journal) has holes: this stream starts it anew.
        let ranged = LocalFile.exists(RangeJournal.name(forPartial: partial.path))
        if partial.size > info.bytes || ranged { try LocalFile.truncate(partial.descriptor, path: partial.path) }
        RangeJournal.remove(forPartial: partial.path)
        let resumedFrom = partial.size > info.bytes || ranged ? 0 : partial.size
        // What is on disk already counts toward the verification, read back from the file.
        try LocalFile.read(partial.descriptor, upTo: resumedFrom, path: partial.path) { try verifier.update($0) }
        progress?.add(bytes: resumedFrom)
        var written = resumedFrom
        var writeback = LocalFile.Writeback(descriptor: partial.descriptor, from: resumedFrom)
        do {
            try await fetch(info, from: &written, upTo: info.bytes, verifier: &verifier, progress: progress) { bytes, _ in
                try LocalFile.write(partial.descriptor, bytes, path: partial.path)
                writeback.wrote(bytes.count)
            }
        } catch let error where Self.isCancellation(error) {
            throw TransferError.interrupted(.download(name: info.name, kept: written, of: info.bytes, partial: partial.path, inRanges: false))
        }
        return DownloadOutcome(bytes: info.bytes, resumedFrom: resumedFrom, note: try verifier.finish())
    }

    /// Removes a partial file that must not be continued, and its journal.
    static func discard(_ partial: String) {
        unlink(partial)
        RangeJournal.remove(forPartial: partial)
    }

    /// Hands `info`'s bytes to `sink` (standard output), verified at the end: a mismatch
    /// is an error after the fact, since bytes written to a pipe cannot be taken back.
    public func stream(
        _ info: ObjectInfo, progress: TransferProgress? = nil,
        to sink: (UnsafeRawBufferPointer) throws -> Void
    ) async throws -> DownloadOutcome {
        var verifier = StreamVerifier(try await verification(for: info), name: info.name)
        var written: Int64 = 0
        try await fetch(info, from: &written, upTo: info.bytes, verifier: &verifier, progress: progress) { bytes, _ in try sink(bytes) }
        return DownloadOutcome(bytes: written, resumedFrom: 0, note: try verifier.finish())
    }

    /// Reads `info`'s bytes from `offset` to `end`, each chunk verified then handed to
    /// `sink` with the offset it starts at; a connection that breaks is picked up from
    /// where it broke, if the object is unchanged.
    func fetch(
        _ info: ObjectInfo, from offset: inout Int64, upTo end: Int64, verifier: inout StreamVerifier,
        progress: TransferProgress?, sink: (UnsafeRawBufferPointer, Int64) throws -> Void
    ) async throws {
        var breaks = 0
        // A store may wrap what its receiver throws as a transport error: the verifier's
        // or the file's own error is kept here and thrown as it was.
        var ownError: (any Error)?
        while offset < end {
            let before = offset
            do {
                _ = try await store.readObject(
                    container: info.container, name: info.name, version: info.version, range: offset...(end - 1),
                    ifMatch: info.etag
                ) { bytes in
                    do {
                        try verifier.update(bytes)
                        try sink(bytes, offset)
                    } catch {
                        ownError = error
                        throw error
                    }
                    offset += Int64(bytes.count)
                    progress?.add(bytes: Int64(bytes.count))
                }
                // An answer that ends cleanly with none of the bytes asked would be asked again forever.
                if offset == before { throw StorageError.invalidResponse("the server sent none of the bytes of \(info.name) from \(offset) on") }
            } catch let error as StorageError {
                if let ownError { throw ownError }
                guard breaks < reconnects, Self.isBrokenConnection(error) else { throw error }
                breaks += 1
            } catch {
                throw ownError ?? error
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
    /// Why the bytes could not be verified; nil when they were.
    public var note: UnverifiedReason?
    /// The bytes kept were whole ranges of a ranged download, not the first `resumedFrom` bytes.
    public var resumedRanges = false
}
