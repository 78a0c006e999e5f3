import Foundation
import Glibc

/// The file of a `DigestCache`: a header line `objsh-digests 3 ROOTLENGTH\nROOT\n`, then
/// one record a file in the byte order of its name (the order a walk of the root gives),
/// little-endian: name length (u32), name, size, mtime, ctime (ns), inode (64 bits each),
/// the MD5 (16 bytes), the number of part sizes (u32) and for each the size (i64), the
/// count of parts (u32) and their MD5s (16 bytes each). It is read and written a record
/// at a time, front to back, so a run holds only the records of the names in flight.
/// Anything that does not read back whole, or out of order, ends the reading: the cache
/// is only a cache.
enum DigestCacheFile {
    static let magic = "objsh-digests 3"

    static func header(root: String) -> [UInt8] { Array("\(magic) \(root.utf8.count)\n\(root)\n".utf8) }

    /// An earlier run's records, in order.
    final class Reader {
        private var file: UnsafeMutablePointer<FILE>?
        private var last: [UInt8]?

        /// Nil when there is no cache file, or it is not one of `root`.
        init?(_ path: String, root: String) {
            guard let file = fopen(path, "rb") else { return nil }
            self.file = file
            let expected = header(root: root)
            guard take(expected.count) == expected else {
                close()
                return nil
            }
        }

        deinit { close() }

        /// The next record; nil at the end or at the first one that does not read back whole.
        func next() -> (name: [UInt8], entry: DigestEntry)? {
            guard file != nil else { return nil }
            guard let record = record(), last.map({ $0.lexicographicallyPrecedes(record.name) }) ?? true else {
                close()
                return nil
            }
            last = record.name
            return record
        }

        private func record() -> (name: [UInt8], entry: DigestEntry)? {
            guard let length = u32(), let name = take(Int(length)), let bytes = u64(), let mtime = u64(), let ctime = u64(),
                let inode = u64(), let md5 = take(16), let sizes = u32()
            else { return nil }
            var parts: [Int64: [UInt8]] = [:]
            for _ in 0..<sizes {
                guard let size = u64(), let count = u32(), let digests = take(Int(count) * 16) else { return nil }
                parts[Int64(bitPattern: size)] = digests
            }
            let digest = FileDigest(md5: md5.hex, parts: parts)
            let entry = DigestEntry(
                bytes: Int64(bitPattern: bytes), mtimeNs: Int64(bitPattern: mtime), ctimeNs: Int64(bitPattern: ctime), inode: inode,
                digest: digest)
            return (name, entry)
        }

        private func take(_ count: Int) -> [UInt8]? {
            guard let file, count >= 0, count < 1 << 30 else { return nil }
            var bytes = [UInt8](repeating: 0, count: count)
            let read = bytes.withUnsafeMutableBytes { count == 0 ? 0 : fread($0.baseAddress, 1, count, file) }
            return read == count ? bytes : nil
        }

        private func u32() -> UInt32? { take(4).map { $0.reversed().reduce(0) { $0 << 8 | UInt32($1) } } }
        private func u64() -> UInt64? { take(8).map { $0.reversed().reduce(0) { $0 << 8 | UInt64($1) } } }

        private func close() {
            if let file { fclose(file) }
            file = nil
        }
    }

    /// The next run's records, written in order to a temporary name beside the cache
    /// file and renamed over it by `commit`: a run killed half-way leaves the old one.
    final class Writer {
        private var file: UnsafeMutablePointer<FILE>?
        private let path: String
        private let temporary: String
        private var failed = false

        init?(_ path: String, root: String) {
            self.path = path
            // Its own name: two caches of one root may be open at once (`diff file:x file:x`).
            temporary = path + ".\(getpid()).\(UUID().uuidString.prefix(8)).tmp"
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            Self.removeAbandoned(beside: path)
            guard let file = fopen(temporary, "wb") else { return nil }
            self.file = file
            put(header(root: root))
        }

        /// Removes the temporary files of this cache file that runs killed half-way left
        /// (`NAME.PID.TAG.tmp` of a process no longer running).
        static func removeAbandoned(beside path: String) {
            let folder = (path as NSString).deletingLastPathComponent
            let prefix = (path as NSString).lastPathComponent + "."
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
                let fields = name.dropFirst(prefix.count).split(separator: ".")
                guard fields.count == 3, let pid = pid_t(fields[0]), pid > 0, kill(pid, 0) != 0, errno == ESRCH else { continue }
                unlink(folder + "/" + name)
            }
        }

        deinit { discard() }

        func write(_ name: [UInt8], _ entry: DigestEntry) {
            guard let record = DigestCacheFile.record(name, entry) else { return }
            put(record)
        }

        /// The records written take the old file's place, when every one was written.
        func commit() {
            guard let file else { return }
            self.file = nil
            if fclose(file) != 0 || failed || rename(temporary, path) != 0 { unlink(temporary) }
        }

        /// Nothing written is kept.
        func discard() {
            guard let file else { return }
            self.file = nil
            fclose(file)
            unlink(temporary)
        }

        private func put(_ bytes: [UInt8]) {
            guard let file, !failed else { return }
            failed = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, bytes.count, file) } != bytes.count
        }
    }

    /// One record's bytes; nil when the digest is no MD5.
    static func record(_ name: [UInt8], _ entry: DigestEntry) -> [UInt8]? {
        guard let md5 = hexBytes(entry.digest.md5) else { return nil }
        var out: [UInt8] = []
        append(UInt32(name.count), &out)
        out += name
        append(UInt64(bitPattern: entry.bytes), &out)
        append(UInt64(bitPattern: entry.mtimeNs), &out)
        append(UInt64(bitPattern: entry.ctimeNs), &out)
        append(entry.inode, &out)
        out += md5
        append(UInt32(entry.digest.parts.count), &out)
        for (size, digests) in entry.digest.parts.sorted(by: { $0.key < $1.key }) {
            append(UInt64(bitPattern: size), &out)
            append(UInt32(digests.count / 16), &out)
            out += digests.prefix(digests.count / 16 * 16)
        }
        return out
    }

    static func append<Number: FixedWidthInteger>(_ number: Number, _ out: inout [UInt8]) {
        withUnsafeBytes(of: number.littleEndian) { out += $0 }
    }

    static func hexBytes(_ hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count == 32 else { return nil }
        let bytes = stride(from: 0, to: 32, by: 2).compactMap { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16) }
        return bytes.count == 16 ? bytes : nil
    }
}
