import Storage
import Workers

/// The uploader as `upload - NAME` and its tests know it: the same engine, whose
/// `upload(_:into:as:)` sends a stream.
public typealias StreamUploader = Uploader

// Sending a stream whose size is known only at its end (standard input) as one object.
// Up to one segment: one PUT. Longer: a large upload whose segments go up as they
// fill, at most `parallel` at once while one more is read, so memory holds at most
// `parallel + 1` segments; the manifest last. A failure, Ctrl-C, or a stream longer
// than the store's segments allow aborts it: nothing appears under the name and the
// segments sent are deleted. A stream cannot be read again, so nothing is resumed.
extension Uploader {
    /// Reads `source` to its end into `container/name`.
    public func upload(_ source: some ByteStream, into container: String, as name: String) async throws -> UploadResult {
        let limits = try await store.uploadLimits()
        let segmentBytes = Self.segmentBytes(requested: options.segmentBytes, limits: limits)
        do {
            let first = try await source.read(upTo: segmentBytes)
            let second = first.count < segmentBytes ? [] : try await source.read(upTo: segmentBytes)
            guard !second.isEmpty else {
                let info = try await store.putObject(container: container, name: name, bytes: first, contentType: options.contentType)
                progress?.add(bytes: Int64(first.count))
                return .stored(info, segments: 0, sent: 0)
            }
            let upload = try await store.beginStreamUpload(
                container: container, name: name, segmentBytes: Int64(segmentBytes), contentType: options.contentType)
            return try await abortingOnFailure(upload, name: name) {
                let plan = StreamSegments(
                    segmentBytes: segmentBytes, maxSegments: limits.maxObjectBytes == nil ? nil : limits.maxSegments,
                    ended: second.count < segmentBytes)
                let records = try await send([first, second], then: source, plan: plan, through: upload)
                // Ctrl-C while the last segments went up: the stream may have been cut short.
                try Task.checkCancellation()
                let info = try await upload.complete(records, removingReplaced: !options.leaveSegments)
                // What an earlier stream to this name could not abort goes now; a failure to
                // remove it leaves it as it was, and the object is stored all the same.
                if !options.leaveSegments { _ = try? await upload.removeEarlierStreamLeftovers() }
                // The file store keeps the stream whole: no segments to speak of.
                let segments = info.largeObject == nil ? 0 : records.count
                return .stored(info, segments: segments, sent: segments)
            }
        } catch  where Downloader.isCancellation(error) {
            throw TransferError.interrupted(.standardInput(name: name))
        } catch var left as StreamUploadLeft where Downloader.isCancellation(left.cause) {
            left.cause = TransferError.interrupted(.standardInput(name: name))
            throw left
        }
    }

    /// The segment size: the one asked for (or the default), within the store's limits.
    static func segmentBytes(requested: Int64?, limits: UploadLimits) -> Int {
        var size = requested ?? SegmentPlan.defaultSegmentBytes
        if let maxObject = limits.maxObjectBytes { size = min(size, maxObject) }
        return Int(max(size, limits.minSegmentBytes, 1))
    }

    /// Runs `body`; on any failure (Ctrl-C included) aborts `upload` first, in a task of
    /// its own that the cancellation does not reach, so its requests still go out. When
    /// the abort fails, the failure says how many segments the server still holds.
    func abortingOnFailure(
        _ upload: any LargeUpload, name: String, _ body: () async throws -> UploadResult
    ) async throws -> UploadResult {
        do {
            return try await body()
        } catch {
            let left = await Task { () -> Int? in
                do {
                    try await upload.abort()
                    return 0
                } catch {
                    return try? await upload.storedSegments().count
                }
            }.value
            guard left != 0 else { throw error }
            throw StreamUploadLeft(cause: error, segments: left, place: upload.heldAt)
        }
    }

    /// Sends `read` (segments in hand), then what `source` still holds, segment by
    /// segment, `parallel` at once while the next is read; the records in order.
    func send(
        _ read: [[UInt8]], then source: some ByteStream, plan: StreamSegments, through upload: any LargeUpload
    ) async throws -> [SegmentRecord] {
        let progress = self.progress
        let segments = StreamSegmentSequence(read: read, source: source, plan: plan)
        return try await WorkerPool.map(segments, limit: options.parallel) { index, bytes in
            let record = try await upload.putSegment(index: index, bytes: bytes)
            progress?.add(bytes: Int64(bytes.count))
            return record
        }
    }
}

/// A stream's segments with their indexes, read one at a time as the uploader asks:
/// the segments in hand first, then reads of `source` until it ends.
struct StreamSegmentSequence<Source: ByteStream>: AsyncSequence, AsyncIteratorProtocol {
    var waiting: [[UInt8]]
    let source: Source
    var plan: StreamSegments

    init(read: [[UInt8]], source: Source, plan: StreamSegments) {
        waiting = read
        self.source = source
        self.plan = plan
    }

    func makeAsyncIterator() -> Self { self }

    /// The next segment and its index; `streamTooLong` when the store takes no more.
    mutating func next() async throws -> (index: Int, bytes: [UInt8])? {
        if waiting.isEmpty, !plan.ended { waiting += plan.took(try await source.read(upTo: plan.segmentBytes)) }
        guard !waiting.isEmpty else { return nil }
        let index = try plan.nextIndex()
        return (index, waiting.removeFirst())
    }
}

/// Where a stream's segments stand: how many were given out, whether the stream ended,
/// and how many the store takes in one object (nil: any number).
struct StreamSegments {
    let segmentBytes: Int
    let maxSegments: Int?
    var ended: Bool
    var given = 0

    /// The segments a read gave (none at the end); a short one is the last.
    mutating func took(_ bytes: [UInt8]) -> [[UInt8]] {
        ended = bytes.count < segmentBytes
        return bytes.isEmpty ? [] : [bytes]
    }

    /// The index of the next segment; `streamTooLong` when the store takes no more.
    mutating func nextIndex() throws -> Int {
        if let maxSegments, given >= maxSegments {
            throw TransferError.streamTooLong(segments: maxSegments, segmentBytes: Int64(segmentBytes))
        }
        defer { given += 1 }
        return given
    }
}
