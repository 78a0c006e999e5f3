import Foundation
import Storage
import Synchronization
import Workers

/// How `upload` sends files; what the command line's options set.
public struct UploadOptions: Sendable, Equatable {
    /// Segment size; nil: `SegmentPlan.defaultSegmentBytes`, within the store's limits.
    public var segmentBytes: Int64?
    /// Segments of one file in flight at once, and files of a folder when `pinned`.
    public var parallel: Int
    /// `--parallel` was given: the files of a folder keep to `parallel` too, whatever the
    /// server says; otherwise `TransferWidth` chooses how many go at once.
    public var pinned = false
    /// Keep the segments of an SLO this upload replaces.
    public var leaveSegments: Bool
    /// Skip objects whose size and MD5 (per segment for a large object) match already.
    public var skipIdentical: Bool
    /// The content type every object gets; nil: the store's guess from the name.
    public var contentType: String?
    /// The user metadata, Cache-Control and storage class every object gets.
    public var attributes = UploadAttributes.none

    public init(
        segmentBytes: Int64? = nil, parallel: Int = SegmentPlan.defaultParallel,
        leaveSegments: Bool = false, skipIdentical: Bool = false
    ) {
        self.segmentBytes = segmentBytes
        self.parallel = parallel
        self.leaveSegments = leaveSegments
        self.skipIdentical = skipIdentical
    }
}

/// One local file and the object name it becomes.
public struct UploadItem: Sendable, Equatable {
    public var path: String
    public var name: String

    public init(path: String, name: String) {
        self.path = path
        self.name = name
    }
}

/// What happened to one file.
public enum UploadResult: Sendable, Equatable {
    /// Stored; for a large object, how many segments it has and how many this run sent.
    case stored(ObjectInfo, segments: Int, sent: Int)
    /// Already there with the same size and MD5 (`--skip-identical`).
    case skipped(name: String, bytes: Int64)
}

/// An upload stopped by Ctrl-C: what it left and how to go on.
public struct UploadInterrupted: Error, Sendable, Equatable {
    /// One line a file left partial, e.g. `big.iso: 3 of 16 segments stored`.
    public var partial: [String]
    public var filesDone: Int
    public var filesTotal: Int

    public init(partial: [String], filesDone: Int, filesTotal: Int) {
        self.partial = partial
        self.filesDone = filesDone
        self.filesTotal = filesTotal
    }
}

/// Sends local files to a store through the storage protocol only: small files in one
/// PUT, large ones as segments several at once with the manifest last, resuming what an
/// interrupted run left. Each object lands whole or not at all. A stream (standard
/// input) goes the same way, without resuming: `Uploader+Stream.swift`.
public struct Uploader: Sendable {
    let store: any ObjectStore
    let options: UploadOptions
    let progress: TransferProgress?

    public init(store: any ObjectStore, options: UploadOptions, progress: TransferProgress? = nil) {
        self.store = store
        self.options = options
        self.progress = progress
    }

    /// Uploads `items` into `container`, several files at once, telling `report` of each
    /// in the items' order. Throws `UploadInterrupted` when cancelled.
    public func upload(
        _ items: [UploadItem], into container: String,
        report: @escaping @Sendable (UploadResult) -> Void
    ) async throws {
        let limits = try await store.uploadLimits()
        let ledger = PartialLedger()
        let inOrder = InOrder(report)
        do {
            let width = TransferWidth(pinned: items.count > 1 ? (options.pinned ? options.parallel : nil) : 1, store: store)
            try await WorkerPool.forEach(Array(items.enumerated()), width: width) { index, item in
                let version = try LocalFiles.version(of: item.path)
                let result = try await width.carrying(version.bytes) {
                    try await upload(item, version: version, into: container, limits: limits, ledger: ledger)
                }
                ledger.finishFile()
                inOrder.deliver(result, at: index)
            }
        } catch  where Task.isCancelled || error is CancellationError || (error as? StorageError) == .cancelled {
            throw UploadInterrupted(partial: await ledger.partialLines(), filesDone: ledger.filesDone, filesTotal: items.count)
        }
    }

    func upload(
        _ item: UploadItem, version: LocalFileVersion, into container: String, limits: UploadLimits, ledger: PartialLedger
    ) async throws -> UploadResult {
        let plan = try SegmentPlan(fileBytes: version.bytes, requestedSegmentBytes: options.segmentBytes, limits: limits)
        progress?.nowOn(item.name)
        if options.skipIdentical, try await isIdentical(item, container: container, version: version) {
            progress?.add(bytes: version.bytes)
            progress?.finishItem()
            return .skipped(name: item.name, bytes: version.bytes)
        }
        guard let segmentBytes = plan.segmentBytes else {
            let info = try await metered {
                try await store.putObject(
                    container: container, name: item.name, fileAt: item.path, contentType: options.contentType, attributes: options.attributes)
            }
            progress?.add(bytes: version.bytes)
            progress?.finishItem()
            return .stored(info, segments: 0, sent: 0)
        }
        let upload = try await store.beginLargeUpload(
            container: container, name: item.name, version: version,
            segmentBytes: segmentBytes, contentType: options.contentType, attributes: options.attributes)
        let result = try await sendSegments(plan.slices(of: item.path), of: item.name, through: upload, ledger: ledger)
        progress?.finishItem()
        return result
    }

    /// Runs one request whose body's bytes show on the progress line as they go out; once
    /// it ended they are taken back, and the caller counts what was stored.
    func metered<Result>(_ request: () async throws -> Result) async throws -> Result {
        guard let meter = progress?.meter() else { return try await request() }
        defer { meter.settle() }
        return try await SendMeter.$current.withValue(meter) { try await request() }
    }

    /// Sends the slices a previous run did not store (or stored with other bytes), then
    /// the manifest; removes the replaced object's old segments unless told to keep them.
    func sendSegments(
        _ slices: [FileSlice], of name: String, through upload: any LargeUpload,
        ledger: PartialLedger
    ) async throws -> UploadResult {
        let stored = try await upload.storedSegments()
        ledger.begin(name, upload, segments: slices.count, stored: stored.count)
        let sent = Mutex(0)
        let progress = self.progress
        let records = try await WorkerPool.map(Array(slices.enumerated()), limit: options.parallel) { index, slice in
            if let old = stored[index], old.bytes == slice.length, try slice.md5().hex == old.md5 {
                progress?.add(bytes: slice.length)
                return old
            }
            let record = try await metered { try await upload.putSegment(index: index, from: slice) }
            progress?.add(bytes: slice.length)
            sent.withLock { $0 += 1 }
            if stored[index] == nil { ledger.storedSegment(of: name) }
            return record
        }
        // Segments whose answers a Ctrl-C waited for (their bodies were whole) may all be
        // in; the upload still stops here, before its manifest.
        try Task.checkCancellation()
        let info = try await upload.complete(records, removingReplaced: !options.leaveSegments)
        ledger.finish(name)
        return .stored(info, segments: slices.count, sent: sent.withLock { $0 })
    }

    /// Whether the object has the file's size and MD5: whole, or segment by segment at
    /// the stored object's own segment boundaries. A DLO's pieces cannot be known: never.
    func isIdentical(_ item: UploadItem, container: String, version: LocalFileVersion) async throws -> Bool {
        let info: ObjectInfo
        do {
            info = try await store.objectInfo(container: container, name: item.name)
        } catch StorageError.noSuchObject {
            return false
        }
        guard info.bytes == version.bytes else { return false }
        guard info.largeObject != nil else {
            return try FileSlice(path: item.path, offset: 0, length: version.bytes).md5().hex == info.etag.lowercased()
        }
        guard let segments = try await store.segments(ofObject: container, name: item.name) else { return false }
        var offset: Int64 = 0
        for segment in segments {
            let slice = FileSlice(path: item.path, offset: offset, length: segment.bytes)
            guard offset + segment.bytes <= version.bytes, try slice.md5().hex == segment.md5.lowercased() else { return false }
            offset += segment.bytes
        }
        return offset == version.bytes
    }
}

/// Which large uploads are under way and how far, to say what an interruption left.
final class PartialLedger: Sendable {
    private struct Entry {
        var upload: any LargeUpload
        var stored: Int
        var total: Int
    }
    private struct State {
        var uploads: [String: Entry] = [:]
        var filesDone = 0
    }
    private let state = Mutex(State())

    func begin(_ name: String, _ upload: any LargeUpload, segments total: Int, stored: Int) {
        state.withLock { $0.uploads[name] = Entry(upload: upload, stored: stored, total: total) }
    }
    func storedSegment(of name: String) { state.withLock { $0.uploads[name]?.stored += 1 } }
    func finish(_ name: String) { _ = state.withLock { $0.uploads.removeValue(forKey: name) } }
    func finishFile() { state.withLock { $0.filesDone += 1 } }
    var filesDone: Int { state.withLock { $0.filesDone } }

    /// `NAME: 3 of 16 segments stored`, by name, for uploads left unfinished, as the
    /// server counts them once every worker has stopped: a segment in flight when the
    /// run was stopped may land after the count kept while sending. Where the server
    /// cannot be asked, that count is given and said to be one.
    func partialLines() async -> [String] {
        let entries = state.withLock { $0.uploads }.sorted { $0.key.precedesInByteOrder($1.key) }
        var lines: [String] = []
        for (name, entry) in entries {
            if let held = await entry.upload.segmentsHeld(of: entry.total) {
                lines.append("\(name): \(held) of \(entry.total) segments stored")
            } else {
                lines.append("\(name): \(entry.stored) of \(entry.total) segments stored when it stopped (the server could not be asked)")
            }
        }
        return lines
    }
}

/// Hands results on in their items' order although the items finish in any order.
final class InOrder<Value: Sendable>: Sendable {
    private let state = Mutex((next: 0, waiting: [Int: Value]()))
    private let receive: @Sendable (Value) -> Void

    init(_ receive: @escaping @Sendable (Value) -> Void) { self.receive = receive }

    func deliver(_ value: Value, at index: Int) {
        // `receive` runs under the lock, so two workers cannot interleave their batches.
        state.withLock { state in
            state.waiting[index] = value
            while let next = state.waiting.removeValue(forKey: state.next) {
                receive(next)
                state.next += 1
            }
        }
    }
}
