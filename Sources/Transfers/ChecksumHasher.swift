import Crypto
import Foundation
import Storage

/// A running checksum of the whole content in one of the algorithms S3 keeps beside
/// the ETag (`x-amz-checksum-*`): SHA-256 and SHA-1 from swift-crypto, CRC-32 and
/// CRC-32C from a table (a few lines, where zlib would be a new system library).
public struct ChecksumHasher: Sendable {
    private enum State {
        case sha256(SHA256)
        case sha1(Insecure.SHA1)
        case crc(CRC32Table, UInt32)
    }
    private var state: State

    public init(_ algorithm: ContentChecksum.Algorithm) {
        switch algorithm {
        case .sha256: state = .sha256(SHA256())
        case .sha1: state = .sha1(Insecure.SHA1())
        case .crc32: state = .crc(.ieee, 0xFFFF_FFFF)
        case .crc32c: state = .crc(.castagnoli, 0xFFFF_FFFF)
        }
    }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        switch state {
        case .sha256(var hash):
            hash.update(bufferPointer: bytes)
            state = .sha256(hash)
        case .sha1(var hash):
            hash.update(bufferPointer: bytes)
            state = .sha1(hash)
        case .crc(let table, let crc):
            state = .crc(table, table.update(crc, bytes))
        }
    }

    /// The checksum as S3 writes it: base64 of the digest, or of a CRC's four bytes big-endian.
    public func base64() -> String {
        switch state {
        case .sha256(let hash): Data(hash.finalize()).base64EncodedString()
        case .sha1(let hash): Data(hash.finalize()).base64EncodedString()
        case .crc(_, let crc): Data(withUnsafeBytes(of: (~crc).bigEndian) { Array($0) }).base64EncodedString()
        }
    }
}

/// A reflected CRC-32 table: the IEEE polynomial (zlib's `crc32`) or Castagnoli's (CRC-32C).
struct CRC32Table: Sendable {
    let entries: [UInt32]

    static let ieee = CRC32Table(reversedPolynomial: 0xEDB8_8320)
    static let castagnoli = CRC32Table(reversedPolynomial: 0x82F6_3B78)

    init(reversedPolynomial: UInt32) {
        entries = (0..<256).map { byte in
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ reversedPolynomial : crc >> 1 }
            return crc
        }
    }

    /// `crc` (pre-inverted) after `bytes`.
    func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        entries.withUnsafeBufferPointer { table in
            var crc = crc
            for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
            return crc
        }
    }
}
