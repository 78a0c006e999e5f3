import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The segments the last search read stay mapped for the next one in the same process:
/// a shell's second search over a big index finds its pages mapped instead of faulting
/// them in again (about 25 ms of system time a search over 10,000,000 names). A segment
/// file never changes once written (a new one gets a new name), and a mapping outlives
/// the file's removal, so a refresh running beside a search harms neither.
final class MappedSegments: @unchecked Sendable {
    static let shared = MappedSegments()

    private let lock = NSLock()
    private var kept: [String: SegmentReader] = [:]

    /// A reader of each file in `paths`: the one kept when it still maps that very file
    /// (same device, inode and size), else a new mapping. Only these stay kept, so an
    /// index refreshed or dropped meanwhile does not keep its old files mapped.
    func readers(_ paths: [String]) throws -> [SegmentReader] {
        try lock.withLock {
            var fresh: [String: SegmentReader] = [:]
            let readers = try paths.map { path in
                let reader = try kept[path].flatMap { FileIdentity(path: path) == $0.file ? $0 : nil } ?? SegmentReader(path: path)
                fresh[path] = reader
                return reader
            }
            kept = fresh
            return readers
        }
    }
}

/// What tells one file from another at the same path: device, inode and size.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
    }

    /// The file at `path` now; nil when there is none.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }
}
