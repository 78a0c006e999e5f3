import Foundation
import Glibc

/// The file of a `DigestCache`: a header line `objsh-digests 1 ROOTLENGTH\nROOT\n`, then
/// one record a file, little-endian: name length (u32), name, size, mtime, ctime (ns),
/// inode (64 bits each), the MD5 (16 bytes), the number of part sizes (u32) and for each the
/// size (i64), the count of parts (u32) and their MD5s (16 bytes each). Anything that
/// does not read back whole is dropped: the cache is only a cache.
enum DigestCacheFile {
    static let magic = "objsh-digests 2"

    static func read(_ path: String, root: String) -> [[UInt8]: DigestEntry] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        var reader = ByteReader(bytes: [UInt8](data))
        guard reader.line() == "\(magic) \(root.utf8.count)", reader.text(root.utf8.count) == root, reader.byte() == 0x0A else { return [:] }
        var entries: [[UInt8]: DigestEntry] = [:]
        while !reader.atEnd {
            guard let (name, entry) = record(&reader) else { return [:] }
            entries[name] = entry
        }
        return entries
    }

    static func record(_ reader: inout ByteReader) -> ([UInt8], DigestEntry)? {
        guard let length = reader.u32(), let name = reader.take(Int(length)), let bytes = reader.u64(), let mtime = reader.u64(),
            let ctime = reader.u64(), let inode = reader.u64(), let md5 = reader.take(16), let sizes = reader.u32()
        else { return nil }
        var parts: [Int64: [UInt8]] = [:]
        for _ in 0..<sizes {
            guard let size = reader.u64(), let count = reader.u32(), let digests = reader.take(Int(count) * 16) else { return nil }
            parts[Int64(bitPattern: size)] = digests
        }
        let digest = FileDigest(md5: md5.map { String(format: "%02x", $0) }.joined(), parts: parts)
        return (
            name,
            DigestEntry(
                bytes: Int64(bitPattern: bytes), mtimeNs: Int64(bitPattern: mtime), ctimeNs: Int64(bitPattern: ctime), inode: inode, digest: digest)
        )
    }

    /// Writes `entries` to a temporary name beside `path`, then renames it over.
    static func write(_ entries: [[UInt8]: DigestEntry], root: String, to path: String) {
        var out = [UInt8]("\(magic) \(root.utf8.count)\n\(root)\n".utf8)
        for (name, entry) in entries {
            guard let md5 = hexBytes(entry.digest.md5) else { continue }
            append(UInt32(name.count), &out)
            out += name
            append(UInt64(bitPattern: entry.bytes), &out)
            append(UInt64(bitPattern: entry.mtimeNs), &out)
            append(UInt64(bitPattern: entry.ctimeNs), &out)
            append(entry.inode, &out)
            out += md5
            append(UInt32(entry.digest.parts.count), &out)
            for (size, digests) in entry.digest.parts {
                append(UInt64(bitPattern: size), &out)
                append(UInt32(digests.count / 16), &out)
                out += digests.prefix(digests.count / 16 * 16)
            }
        }
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = path + ".\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(out)) else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }

    static func append<Number: FixedWidthInteger>(_ number: Number, _ out: inout [UInt8]) {
        withUnsafeBytes(of: number.littleEndian) { out += $0 }
    }

    static func hexBytes(_ hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count == 32 else { return nil }
        return stride(from: 0, to: 32, by: 2).compactMap { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16) }
    }
}

/// Reads a byte array front to back; nil past its end.
struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    var atEnd: Bool { offset >= bytes.count }

    mutating func take(_ count: Int) -> [UInt8]? {
        guard count >= 0, bytes.count - offset >= count else { return nil }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    mutating func byte() -> UInt8? { take(1)?.first }
    mutating func text(_ count: Int) -> String? { take(count).map { String(decoding: $0, as: UTF8.self) } }

    mutating func line() -> String? {
        guard let end = bytes[offset...].firstIndex(of: 0x0A) else { return nil }
        defer { offset = end + 1 }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    mutating func u32() -> UInt32? { take(4).map { $0.reversed().reduce(0) { $0 << 8 | UInt32($1) } } }
    mutating func u64() -> UInt64? { take(8).map { $0.reversed().reduce(0) { $0 << 8 | UInt64($1) } } }
}
