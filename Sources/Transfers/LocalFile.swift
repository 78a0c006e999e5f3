import Crypto
import Foundation
import Glibc
import Storage

/// The local side of a download: a partial file beside the target, written, synced,
/// then published under the target's name in one rename.
public enum LocalFile {
    /// The end of a download's partial file's name: never a file of its own to compare or send.
    public static let partialSuffix = ".objsh-partial"
    /// The journal of a ranged download beside its partial file (see `RangeJournal`).
    public static let journalSuffix = ".objsh-ranges"

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// `.NAME.TAG.objsh-partial` in the target's folder; TAG tells which version of the
    /// object (its ETag) the bytes belong to, so a changed object never continues an old file.
    static func partialName(for target: String, etag: String) -> String {
        let (folder, base) = split(target)
        let tag = Insecure.MD5.hash(data: Array(etag.utf8)).prefix(6).hex
        var name = "." + base + "." + tag + partialSuffix
        if name.utf8.count > 255 {
            name = "." + Insecure.MD5.hash(data: Array(base.utf8)).hex + "." + tag + partialSuffix
        }
        return folder + name
    }

    /// Removes partial files (and their journals) an older version of the object left for
    /// `target`, found in `known` (a folder download's, each folder read once) or by
    /// reading the folder.
    static func removeStalePartials(of target: String, keeping current: String, known: PartialFiles? = nil) {
        let (folder, base) = split(target)
        let names = known?.names(in: folder) ?? PartialFiles.list(folder)
        let journal = RangeJournal.name(forPartial: current)
        // Bytes, not characters: `é` and `e\u{301}` are two files, each with its own partial.
        let prefix = Array(("." + base + ".").utf8)
        for name in names
        where name.utf8.starts(with: prefix) && !(folder + name).utf8.elementsEqual(current.utf8)
            && !(folder + name).utf8.elementsEqual(journal.utf8)
        {
            unlink(folder + name)
        }
    }

    static func split(_ path: String) -> (folder: String, base: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }

    static func openForAppend(_ path: String) throws -> (descriptor: Int32, size: Int64) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(path) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw TransferError.local(path: path, problem: .notARegularFile)
        }
        guard lseek(descriptor, 0, SEEK_END) >= 0 else { throw failure(path) }
        return (descriptor, Int64(info.st_size))
    }

    static func truncate(_ descriptor: Int32, path: String) throws {
        guard ftruncate(descriptor, 0) == 0, lseek(descriptor, 0, SEEK_SET) == 0 else { throw failure(path) }
    }

    /// Reads the first `count` bytes back, in chunks, for the verification of a resumed download.
    static func read(_ descriptor: Int32, upTo count: Int64, path: String, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        try read(descriptor, 0..<count, path: path, body)
    }

    /// Reads the bytes `range` back, in chunks of at most 1 MiB.
    static func read(_ descriptor: Int32, _ range: Range<Int64>, path: String, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        var buffer = [UInt8](repeating: 0, count: Int(min(1 << 20, max(range.count, 1))))
        try read(descriptor, range, path: path, through: &buffer, body)
    }

    /// Reads the bytes `range` back through `buffer`, a chunk of its size at a time (a
    /// caller reading much keeps one buffer, so memory does not grow with the reads).
    static func read(
        _ descriptor: Int32, _ range: Range<Int64>, path: String, through buffer: inout [UInt8],
        _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        var offset = range.lowerBound
        while offset < range.upperBound {
            let wanted = Int(min(Int64(buffer.count), range.upperBound - offset))
            let got = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted, off_t(offset)) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { throw failure(path) }
            try buffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<got])) }
            offset += Int64(got)
        }
    }

    static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw failure(path) }
            offset += written
        }
    }

    /// Starts the disk writes of what a download wrote, every few MiB, so the `fsync`
    /// before the rename has little left to wait for (and the page cache is not filled
    /// with a file nobody reads yet).
    /// Writes `bytes` at `offset`, whatever else is written elsewhere in the file meanwhile.
    static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int64, path: String) throws {
        var done = 0
        while done < bytes.count {
            let written = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + Int64(done)))
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw failure(path) }
            done += written
        }
    }

    /// Starts the disk writes of `range` and lets its pages go once written, as
    /// `Writeback` does, for a range nobody reads again before the final `fsync`.
    static func release(_ descriptor: Int32, _ range: Range<Int64>) {
        _ = posix_fadvise(descriptor, off_t(range.lowerBound), off_t(range.count), POSIX_FADV_DONTNEED)
    }

    struct Writeback {
        let descriptor: Int32
        var started: Int64
        var written: Int64
        static let step: Int64 = 8 << 20

        init(descriptor: Int32, from offset: Int64) {
            self.descriptor = descriptor
            started = offset
            written = offset
        }

        mutating func wrote(_ count: Int) {
            written += Int64(count)
            guard written - started >= Self.step else { return }
            // Linux writes dirty pages of the range back before it drops them.
            _ = posix_fadvise(descriptor, off_t(started), off_t(written - started), POSIX_FADV_DONTNEED)
            started = written
        }
    }

    static func sync(_ descriptor: Int32, path: String) throws {
        guard fsync(descriptor) == 0 else { throw failure(path) }
    }

    /// Gives the finished file its name: a rename with `overwrite`, else a link that
    /// fails if a file appeared there meanwhile (nothing is ever clobbered silently).
    static func publish(_ partial: String, as target: String, overwrite: Bool) throws {
        if overwrite {
            guard rename(partial, target) == 0 else { throw failure(target) }
            return
        }
        if link(partial, target) == 0 {
            unlink(partial)
            return
        }
        if errno == EEXIST { throw TransferError.exists(target) }
        // File systems without hard links: the target was checked to be absent before.
        guard [EPERM, EOPNOTSUPP, EXDEV, EMLINK].contains(errno), !exists(target), rename(partial, target) == 0 else {
            throw failure(target)
        }
    }

    static func failure(_ path: String) -> TransferError {
        TransferError.local(path: path, problem: .lastSystemError)
    }
}
