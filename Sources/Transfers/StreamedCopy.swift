import Foundation
import Storage
import Synchronization
import Workers

/// A copy between clusters: the source's bytes stream through objsh into the target a
/// part at a time, several parts at once, each part held in a spool file of its own
/// (never the whole object) while it goes up. The source is verified as `get` verifies
/// it, in byte order as the parts become whole; each part by the target's MD5 check;
/// the target's manifest is written last, so the copy lands whole or not at all. Run
/// again after an interruption, parts the target holds already are not sent again
/// (the source is read again, to verify it whole).
public struct StreamedCopy: Sendable {
    /// Reads the source (ranges, reconnects, its verification).
    let reader: Downloader
    public let target: any ObjectStore
    let spool: SpoolFolder
    /// Part size: a part is fetched and sent as one piece. 64 MiB keeps a 1 GiB object
    /// in 16 parts while four in flight hold 256 MiB of page cache at most.
    public var partBytes: Int64 = 64 << 20
    /// Parts of one object in flight at once.
    public var parallel = SegmentPlan.defaultParallel
    public var progress: TransferProgress?

    public init(from source: any ObjectStore, to target: any ObjectStore, spool: SpoolFolder) {
        reader = Downloader(store: source)
        self.target = target
        self.spool = spool
    }

    /// Copies `source` to `container/name` on the target store.
    public func copy(_ source: ObjectInfo, toContainer container: String, name: String) async throws -> CopyCheck {
        let verification = try await reader.verification(for: source)
        let plan = try SegmentPlan(fileBytes: source.bytes, requestedSegmentBytes: partBytes, limits: try await target.uploadLimits())
        let note: UnverifiedReason?
        if let segmentBytes = plan.segmentBytes {
            note = try await copyInParts(source, verification, plan: plan, segmentBytes: segmentBytes, to: (container, name))
        } else {
            note = try await copyWhole(source, verification, to: (container, name))
        }
        return note.map { .unverified(.sourceNotVerified($0)) } ?? .verified
    }

    /// An object of one part: fetched into a spool file and verified, then one PUT.
    func copyWhole(_ source: ObjectInfo, _ verification: Verification, to target: (container: String, name: String)) async throws -> UnverifiedReason?
    {
        let part = try SpoolFolder.PartFile(spool.partPath())
        defer { part.remove() }
        var verifier = StreamVerifier(verification, name: source.name)
        var offset: Int64 = 0
        try await reader.fetch(source, from: &offset, upTo: source.bytes, verifier: &verifier, progress: progress) { bytes, _ in
            try part.append(bytes)
        }
        let note = try verifier.finish()
        _ = try await self.target.putObject(
            container: target.container, name: target.name, fileAt: part.path, contentType: source.contentType,
            attributes: UploadAttributes(metadata: source.userMetadata))
        return note
    }

    /// A larger object: its parts fetched and sent several at once, the source verified
    /// in byte order meanwhile; the manifest once every part is stored and the source
    /// proven (a source proven wrong leaves no object, and its parts are removed).
    func copyInParts(
        _ source: ObjectInfo, _ verification: Verification, plan: SegmentPlan, segmentBytes: Int64,
        to target: (container: String, name: String)
    ) async throws -> UnverifiedReason? {
        let version = LocalFileVersion(bytes: source.bytes, modified: source.lastModified?.timeIntervalSince1970 ?? 0)
        let upload = try await self.target.beginLargeUpload(
            container: target.container, name: target.name, version: version, segmentBytes: segmentBytes, contentType: source.contentType,
            attributes: UploadAttributes(metadata: source.userMetadata))
        let stored = try await upload.storedSegments()
        let order = OrderedVerifier(verification, name: source.name)
        let slices = plan.slices(of: "")
        let records: [SegmentRecord]
        let note: UnverifiedReason?
        let held = Mutex(stored.count)
        do {
            records = try await WorkerPool.map(Array(slices.enumerated()), limit: parallel) { index, slice in
                do {
                    let record = try await copyPart(index, of: source, slice, stored: stored[index], order: order, upload: upload)
                    if stored[index] == nil { held.withLock { $0 += 1 } }
                    return record
                } catch {
                    order.fail()
                    throw error
                }
            }
            note = try order.finish()
        } catch let error as TransferError {
            // Parts of bytes proven wrong are no use to a later run; an interruption's are.
            if case .corrupt = error { try? await upload.abort() }
            throw error
        } catch let error where Downloader.isCancellation(error) {
            let onServer = await upload.segmentsHeld(of: slices.count)
            throw TransferError.interrupted(.streamedCopy(name: target.name, stored: onServer ?? held.withLock { $0 }, of: slices.count))
        }
        _ = try await upload.complete(records, removingReplaced: true)
        return note
    }

    /// One part: fetched into its spool file, sent (unless an earlier run stored the same
    /// bytes) while it is hashed into the source's verification in its turn.
    func copyPart(
        _ index: Int, of source: ObjectInfo, _ slice: FileSlice, stored: SegmentRecord?, order: OrderedVerifier, upload: any LargeUpload
    ) async throws -> SegmentRecord {
        let part = try SpoolFolder.PartFile(spool.partPath())
        defer { part.remove() }
        var unchecked = StreamVerifier(.checkedElsewhere, name: source.name)
        var offset = slice.offset
        try await reader.fetch(source, from: &offset, upTo: slice.offset + slice.length, verifier: &unchecked, progress: progress) { bytes, _ in
            try part.append(bytes)
        }
        let file = FileSlice(path: part.path, offset: 0, length: slice.length)
        async let hashed: Void = order.hash(index) { body in try part.read(slice.length, body) }
        let record: SegmentRecord
        if let stored, stored.bytes == slice.length, try file.md5().hex == stored.md5 {
            record = stored
        } else {
            record = try await upload.putSegment(index: index, from: file)
        }
        try await hashed
        return record
    }
}
