import Crypto
import Storage

/// How one large object comes down: byte ranges fetched several at once. Where the
/// segments or parts its verification checks fit in a range, ranges are cut at their
/// boundaries and each is verified by the worker that fetched it; otherwise (a plain
/// object, or pieces larger than a range) ranges are of a fixed size and the whole is
/// verified in byte order as the ranges become whole (`checksInOrder`).
public struct RangePlan: Sendable, Equatable {
    /// Bytes per range of a plain object, and the least a range of segments or parts
    /// holds. `SWEEP=1 bench/transfer.sh` (200 MB, 4/8/16/32 MiB x 2/4/8, 3 runs, load
    /// 4-5 on 2 cores) put every size within noise of the others (0.94-1.42x curl by
    /// median); 8 MiB keeps requests few and the hashing close behind the network, and 8
    /// workers were the slowest (1.72 s against 1.29 s for 4 in a side run).
    public static let defaultRangeBytes: Int64 = 8 << 20
    /// Objects smaller than this are read as one stream: timed against the Swift test
    /// server (5 runs, load 7), 16 MiB in ranges was slower by median (0.336 s against
    /// 0.308 s), 32 and 64 MiB even; at 200 MB ranges won (1.10 s against 1.32 s).
    public static let defaultThreshold: Int64 = 32 << 20

    /// One range: bytes `start..<end`, holding the segments or parts `pieces` (when the
    /// plan checks in order, its own index among fixed-size pieces).
    public struct Slice: Sendable, Equatable {
        public var start: Int64
        public var end: Int64
        public var pieces: Range<Int>
        public var bytes: Int64 { end - start }
    }

    public let slices: [Slice]
    /// The verification reads the ranges back in byte order instead of each range
    /// checking itself. Big pieces are cut: s3api served a 64 MiB-part object (1 GiB, 3
    /// rounds, load 1-3) in 4.6-5.1 s as 8 MiB ranges 4 at once, 6.2-6.3 s as its parts
    /// (its object server spends twice the CPU on 64 MiB reads). A worker taking a whole
    /// part as 8 MiB requests in turn, hashing as they arrive, was slower still than the
    /// read-back: 10 interleaved rounds (load 3-4), median 4.68 s against 4.51 s.
    public let checksInOrder: Bool

    /// nil when the object is better read as one stream: below `threshold`, one worker,
    /// a single range, or pieces that do not add up to the object (the one stream then
    /// reports the mismatch as it always did).
    public init?(bytes: Int64, verification: Verification, rangeBytes: Int64, threshold: Int64, parallel: Int) {
        guard parallel > 1, bytes >= max(threshold, 1), rangeBytes > 0,
            let pieces = Self.pieces(bytes: bytes, verification: verification, rangeBytes: rangeBytes)
        else { return nil }
        checksInOrder = Self.isPlain(verification) || pieces.contains { $0 > rangeBytes }
        slices = Self.group(checksInOrder ? Self.cut(bytes, every: rangeBytes) : pieces, atLeast: rangeBytes)
        guard slices.count > 1 else { return nil }
    }

    /// The sizes of the pieces the verification checks one by one, in order.
    static func pieces(bytes: Int64, verification: Verification, rangeBytes: Int64) -> [Int64]? {
        switch verification {
        case .wholeMD5, .unverifiable, .checkedElsewhere, .checksum, .multipartCandidates:
            return cut(bytes, every: rangeBytes)
        case .segments(let segments):
            let sizes = segments.map(\.bytes)
            return sizes.reduce(0, +) == bytes ? sizes : nil
        case .multipartETag(let partBytes, let etag, _):
            let parts = cut(bytes, every: partBytes)
            guard let dash = etag.lastIndex(of: "-"), Int(etag[etag.index(after: dash)...]) == parts.count else { return nil }
            return parts
        }
    }

    static func isPlain(_ verification: Verification) -> Bool {
        switch verification {
        case .wholeMD5, .unverifiable, .checkedElsewhere, .checksum, .multipartCandidates: true
        case .segments, .multipartETag: false
        }
    }

    static func cut(_ bytes: Int64, every size: Int64) -> [Int64] {
        var sizes: [Int64] = []
        var offset: Int64 = 0
        while offset < bytes {
            sizes.append(min(size, bytes - offset))
            offset += size
        }
        return sizes
    }

    /// Consecutive pieces grouped until a group holds `atLeast` bytes; a trailing group
    /// without bytes (zero-byte segments) joins the one before it.
    static func group(_ pieces: [Int64], atLeast: Int64) -> [Slice] {
        var slices: [Slice] = []
        var current = Slice(start: 0, end: 0, pieces: 0..<0)
        for (index, size) in pieces.enumerated() {
            current.end += size
            current.pieces = current.pieces.lowerBound..<(index + 1)
            if current.bytes >= atLeast {
                slices.append(current)
                current = Slice(start: current.end, end: current.end, pieces: (index + 1)..<(index + 1))
            }
        }
        if !current.pieces.isEmpty {
            if current.bytes == 0, var last = slices.popLast() {
                last.pieces = last.pieces.lowerBound..<current.pieces.upperBound
                current = last
            }
            slices.append(current)
        }
        return slices
    }

    /// Names this plan in the journal, so a journal of another plan is never trusted.
    var signature: String {
        let bounds = slices.map { "\($0.start)-\($0.end)/\($0.pieces.lowerBound)" }.joined(separator: ",") + (checksInOrder ? "/in-order" : "")
        return Insecure.MD5.hash(data: Array(bounds.utf8)).hex
    }

    /// The slices wholly inside the first `prefix` bytes: what a partial file written as
    /// one stream (no journal) holds already.
    func slices(within prefix: Int64) -> Set<Int> {
        Set(slices.indices.filter { slices[$0].end <= prefix })
    }
}
