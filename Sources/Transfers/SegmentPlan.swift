import Storage

/// How one file goes up: whole in one PUT, or as segments of `segmentBytes`.
public struct SegmentPlan: Sendable, Equatable {
    /// Segment size when none is given, timed against `swift upload -S` of the same size
    /// (1 GiB, a fresh server with stock workers, medians, 4 in flight). `SWEEP=1 RUNS=3
    /// bench/transfer-upload.sh`: 32 MiB 0.83x python-swiftclient's time, 64 MiB 0.75x,
    /// 128 MiB 0.69x, 256 MiB 0.70x. Seven interleaved rounds of the larger three: 64 MiB
    /// 0.87x (3.35 s), 128 MiB 0.73x (2.80 s), 256 MiB 0.71x (2.74 s). 128 MiB is the
    /// smallest size clearly under the 0.8x goal; larger ones gain little and a killed
    /// upload re-sends up to one segment per worker. 1,000 segments of it (a manifest's
    /// limit) hold 125 GiB before it grows.
    public static let defaultSegmentBytes: Int64 = 128 << 20
    /// Segments (and files of a folder) in flight at once when `--parallel` is not given.
    /// In the same sweep 2, 4 and 8 were within 1% of each other at 128 MiB (2.69, 2.72,
    /// 2.71 s); the buffers uploads read into are shared, so more in flight costs no
    /// memory (peak RSS 28.5-29.1 MB in every row), and 4 is the middle.
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
                throw StorageError.unsupported(
                    "a file of \(fileBytes) bytes is larger than this store allows (\(limits.maxSegments) segments of at most \(maxObject) bytes)")
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
