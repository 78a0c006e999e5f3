import Foundation
import Glibc
import Storage
import Workers

/// One large object fetched as ranges several at once into its partial file (each range
/// written at its offset), verified as completely as one stream would be: the segments
/// or parts of each range by the worker that fetched it, a plain object's MD5 by a
/// hasher that reads the finished ranges back in order while the others still arrive.
struct RangedDownload: Sendable {
    let downloader: Downloader
    let info: ObjectInfo
    let plan: RangePlan
    let verification: Verification
    let partial: String
    let descriptor: Int32
    let journal: RangeJournal
    let progress: TransferProgress?

    /// Fetches the ranges not in `kept`, checks every range (kept ones read back from
    /// the file) and the whole; returns why an unverifiable object is not verified.
    func run(kept: Set<Int>) async throws -> UnverifiedReason? {
        let (written, writtenBytes) = AsyncStream.makeStream(of: Written.self)
        defer { writtenBytes.finish() }
        async let ordered = hashInOrder(written)
        // Only an in-order hasher reads the reports; unread, they would pile up in the stream.
        let listening = hashesInOrder
        let digests = try await WorkerPool.map(Array(plan.slices.indices), limit: downloader.parallel) { index in
            try await self.bring(index, kept: kept.contains(index)) { if listening { writtenBytes.yield(Written(range: index, upTo: $0)) } }
        }
        writtenBytes.finish()
        var wholeVerifier = try await ordered
        if plan.checksInOrder { return try wholeVerifier.finish() }
        switch verification {
        case .wholeMD5, .unverifiable, .checkedElsewhere, .checksum, .multipartCandidates: return try wholeVerifier.finish()
        case .multipartETag(let partBytes, let etag, let guessed):
            return try StreamVerifier.checkMultipart(
                digests.flatMap { $0 }, expected: etag, name: info.name,
                guessedPartBytes: guessed ? partBytes : nil)
        case .segments: break  // each range checked its own segments
        }
        return nil
    }

    /// Bytes of range `range` are in the file from its start up to `upTo`.
    struct Written: Sendable {
        let range: Int
        let upTo: Int64
    }

    /// How often a worker tells the in-order hasher how far its range is written: the
    /// hasher follows the bytes into a range still arriving, so that when the last byte
    /// lands little is left to hash (a whole range at a time left ~40 ms of 200 MB).
    static let writtenStep: Int64 = 1 << 20

    /// Range `index` whole and checked in the file: fetched (then listed in the journal)
    /// or, when kept from an earlier run, read back; `wrote` hears how far it is written.
    /// Returns its parts' MD5s, if any.
    func bring(_ index: Int, kept: Bool, wrote: @escaping @Sendable (Int64) -> Void) async throws -> [UInt8] {
        let slice = plan.slices[index]
        var verifier = rangeVerifier(slice)
        if !kept {
            var offset = slice.start
            var told = slice.start
            // At least four reports a range, so that small ranges (the tests') follow too.
            let step = max(min(Self.writtenStep, slice.bytes / 4), 1)
            try await downloader.fetch(info, from: &offset, upTo: slice.end, verifier: &verifier, progress: progress) { bytes, at in
                try LocalFile.write(descriptor, bytes, at: at, path: partial)
                let end = at + Int64(bytes.count)
                if end - told >= step {
                    told = end
                    wrote(end)
                }
            }
        } else if checksEachRange {
            try LocalFile.read(descriptor, slice.start..<slice.end, path: partial) { try verifier.update($0) }
        }
        let digests = verifier.finishRangeOfParts()
        if case .segments = verification { _ = try verifier.finish() }
        if !kept { try journal.record(index) }
        if !hashesInOrder { LocalFile.release(descriptor, slice.start..<slice.end) }
        wrote(slice.end)
        return digests
    }

    /// The in-order hasher reads every range back (nothing to hash for a DLO).
    var hashesInOrder: Bool {
        switch verification {
        case .unverifiable, .checkedElsewhere: false
        default: plan.checksInOrder
        }
    }

    /// Ranges cut at segments or parts are checked one by one; others only in order.
    var checksEachRange: Bool { !plan.checksInOrder }

    /// What one range checks by itself: its segments, or its parts' MD5s (the ETag of
    /// the whole is checked at the end); nothing for a plain object.
    func rangeVerifier(_ slice: RangePlan.Slice) -> StreamVerifier {
        if plan.checksInOrder { return StreamVerifier(.checkedElsewhere, name: info.name) }
        switch verification {
        case .segments(let segments):
            var verifier = StreamVerifier(.segments(Array(segments[slice.pieces])), name: info.name)
            verifier.segmentNumbering = (slice.pieces.lowerBound, segments.count)
            return verifier
        case .multipartETag:
            return StreamVerifier(verification, name: info.name)
        case .wholeMD5, .unverifiable, .checkedElsewhere, .checksum, .multipartCandidates:
            return StreamVerifier(.checkedElsewhere, name: info.name)
        }
    }

    /// The whole verification over the bytes in order (a plain object's MD5, or big
    /// segments' and parts' MD5s), read back from the file (the page cache, just
    /// written) as far as the bytes are written without a gap, into a range still
    /// arriving.
    func hashInOrder(_ written: AsyncStream<Written>) async throws -> StreamVerifier {
        var verifier = StreamVerifier(verification, name: info.name)
        guard hashesInOrder else { return verifier }
        var upTo = [Int: Int64]()
        var next = 0
        var hashed: Int64 = 0
        var buffer = [UInt8](repeating: 0, count: 256 << 10)
        for await report in written {
            upTo[report.range] = max(upTo[report.range] ?? 0, report.upTo)
            while next < plan.slices.count, let end = upTo[next], end > hashed || end == plan.slices[next].end {
                // A few MiB at a time, letting the workers' writes in between on the two cooperative threads.
                for start in stride(from: hashed, to: end, by: 4 << 20) {
                    try LocalFile.read(descriptor, start..<min(start + (4 << 20), end), path: partial, through: &buffer) {
                        try verifier.update($0)
                    }
                    await Task.yield()
                }
                hashed = end
                guard end == plan.slices[next].end else { break }
                LocalFile.release(descriptor, plan.slices[next].start..<end)
                upTo[next] = nil
                next += 1
            }
        }
        return verifier
    }
}
