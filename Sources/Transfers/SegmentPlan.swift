import Storage

/// How one file goes up: whole in one PUT, or as segments of `segmentBytes`.
public struct SegmentPlan: Sendable, Equatable {
    /// Segment size when none is given. The first sweep that chose it timed resumed
    /// uploads (the bench left the segments in place), so it proved nothing. Re-run with
    /// real uploads (`SWEEP=1 RUNS=3 bench/transfer-upload.sh`, 1 GiB, stock-worker
    /// server, load 0.3-1.2), medians: 16 MiB 4.75-5.48 s, 64 MiB 3.65-4.36 s, 256 MiB
    /// 3.10-3.40 s. Larger segments won, but python-swiftclient is compared at the same
    /// size (`-S`) and a killed upload re-sends up to a whole segment, so 64 MiB stays
    /// until an A/B against `swift upload -S 256M` decides; 1,000 segments of it (a
    /// manifest's limit) hold 62.5 GiB before it grows.
    public static let defaultSegmentBytes: Int64 = 64 << 20
    /// Segments (and files of a folder) in flight at once when `--parallel` is not given.
    /// In the same re-run 4 had the best median at 64 MiB (3.65 s, against 4.36 s for 2
    /// and 3.75 s for 8), and the buffers uploads read into are shared, so more in flight
    /// no longer costs memory (peak RSS 31.9-32.6 MB for every row).
    public static let defaultParallel = 4

    /// nil: one PUT of the whole file.
    public let segmentBytes: Int64?
    public let fileBytes: Int64

    /// A file is segmented when the store cannot take it whole, or when it is larger
    /// than one segment (then segments go up several at once).
    public init(fileBytes: Int64, requestedSegmentBytes: Int64?, limits: UploadLimits) throws {
        self.fileBytes = fileBytes
        guard let maxObject = limits.maxObjectBytes else {
            segmentBytes = nil  // the store keeps any size whole
            return
        }
        var size = min(requestedSegmentBytes ?? Self.defaultSegmentBytes, maxObject)
        size = max(size, limits.minSegmentBytes, 1)
        // Too many segments for one manifest: larger segments, if the store allows them.
        let needed = (fileBytes + Int64(limits.maxSegments) - 1) / Int64(max(1, limits.maxSegments))
        if needed > size {
            guard needed <= maxObject else {
                throw StorageError.unsupported("a file of \(fileBytes) bytes is larger than this store allows (\(limits.maxSegments) segments of at most \(maxObject) bytes)")
            }
            size = needed
        }
        segmentBytes = fileBytes > size ? size : nil
    }

    /// The slices of `path`, in order.
    public func slices(of path: String) -> [FileSlice] {
        guard let segmentBytes else { return [FileSlice(path: path, offset: 0, length: fileBytes)] }
        let count = Int((fileBytes + segmentBytes - 1) / segmentBytes)
        return (0..<count).map { index in
            let offset = Int64(index) * segmentBytes
            return FileSlice(path: path, offset: offset, length: min(segmentBytes, fileBytes - offset))
        }
    }

    /// Parses a size such as `1048576`, `512K`, `64M` or `1G` (powers of 1024).
    public static func parseSize(_ text: String) -> Int64? {
        let units: [Character: Int64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
        var digits = text.uppercased()
        if digits.hasSuffix("IB") { digits.removeLast(2) } else if digits.hasSuffix("B") { digits.removeLast() }
        var factor: Int64 = 1
        if let last = digits.last, let unit = units[last] {
            factor = unit
            digits.removeLast()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = Int64(digits), value > 0 else { return nil }
        let (product, overflow) = value.multipliedReportingOverflow(by: factor)
        return overflow ? nil : product
    }
}
