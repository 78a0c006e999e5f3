import Crypto
import Foundation
import Storage
import XCTest

@testable import Transfers

/// A multipart object whose part size several sizes fit (the AWS CLI's 8 MiB parts of
/// a 12 MiB file: 6 to 11 MiB all cut it in two): every candidate is tried in one pass,
/// and the download is verified when exactly one gives the ETag.
final class PartSizeCandidatesTests: XCTestCase {
    let content: [UInt8] = (0..<((12 << 20) + 12_345)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 13) }

    func etag(_ bytes: [UInt8], partBytes: Int) -> String {
        var digests: [UInt8] = []
        for start in stride(from: 0, to: bytes.count, by: partBytes) {
            digests += Array(Insecure.MD5.hash(data: bytes[start..<min(start + partBytes, bytes.count)]))
        }
        let count = (bytes.count + partBytes - 1) / partBytes
        return Insecure.MD5.hash(data: digests).hex + "-\(count)"
    }

    /// Feeds `bytes` in uneven chunks, as a network does; returns the note.
    func check(_ verification: Verification, _ bytes: [UInt8]) throws -> UnverifiedReason? {
        var verifier = StreamVerifier(verification, name: "x")
        var offset = 0
        var step = 1
        while offset < bytes.count {
            let end = min(offset + step, bytes.count)
            try bytes[offset..<end].withUnsafeBytes { try verifier.update($0) }
            offset = end
            step = step * 3 % 1_000_003 + 1
        }
        return try verifier.finish()
    }

    func testEveryWholeMiBAndMBThatFitsIsACandidate() {
        let sizes = PartSizeGuess.candidates(bytes: Int64(content.count), parts: 2)
        XCTAssertEqual(sizes.filter { $0 % (1 << 20) == 0 }.map { $0 >> 20 }, [7, 8, 9, 10, 11, 12])
        XCTAssertTrue(sizes.contains(7_000_000) && sizes.contains(12_000_000), "\(sizes)")
        XCTAssertEqual(sizes, sizes.sorted())
        XCTAssertEqual(PartSizeGuess.candidates(bytes: 1 << 30, parts: 2), [], "too many to try")
        XCTAssertEqual(PartSizeGuess.candidates(bytes: 10, parts: 1), [])
    }

    func testTheOneCandidateThatGivesTheETagVerifies() throws {
        let sizes = PartSizeGuess.candidates(bytes: Int64(content.count), parts: 2)
        for partBytes in [8 << 20, 10 << 20, 7_000_000] {
            let note = try check(.multipartCandidates(partSizes: sizes, etag: etag(content, partBytes: partBytes)), content)
            XCTAssertNil(note, "parts of \(partBytes)")
        }
    }

    func testNoCandidateMatchingIsNotVerifiedNeverCorrupt() throws {
        let sizes = PartSizeGuess.candidates(bytes: Int64(content.count), parts: 2)
        var damaged = content
        damaged[5 << 20] ^= 1
        let note = try check(.multipartCandidates(partSizes: sizes, etag: etag(content, partBytes: 8 << 20)), damaged)
        XCTAssertEqual(note, .noPartSizeGivesETag(sizes: sizes))
    }

    func testThreeParts() throws {
        let bytes = Array(content.prefix((17 << 20) / 2))
        let sizes = PartSizeGuess.candidates(bytes: Int64(bytes.count), parts: 3)
        XCTAssertTrue(sizes.contains(3 << 20) && sizes.count > 1, "\(sizes)")
        XCTAssertNil(try check(.multipartCandidates(partSizes: sizes, etag: etag(bytes, partBytes: 3 << 20)), bytes))
    }
}

/// The checksums S3 offers beside an ETag that is no digest, on known vectors.
final class ChecksumHasherTests: XCTestCase {
    func checksum(_ algorithm: ContentChecksum.Algorithm, _ text: String) -> String {
        var hasher = ChecksumHasher(algorithm)
        let bytes = Array(text.utf8)
        bytes.prefix(4).withUnsafeBytes { hasher.update($0) }
        bytes.dropFirst(4).withUnsafeBytes { hasher.update($0) }
        return hasher.base64()
    }

    func testKnownVectors() {
        // "123456789": CRC-32 0xCBF43926, CRC-32C 0xE3069283 (the polynomials' check values).
        XCTAssertEqual(checksum(.crc32, "123456789"), Data([0xCB, 0xF4, 0x39, 0x26]).base64EncodedString())
        XCTAssertEqual(checksum(.crc32c, "123456789"), Data([0xE3, 0x06, 0x92, 0x83]).base64EncodedString())
        XCTAssertEqual(checksum(.crc32, "hello"), "NhCmhg==", "as moto and zlib give it")
        XCTAssertEqual(checksum(.sha256, "hello"), "LPJNul+wow4m6DsqxbninhsWHlwfp0JecwQzYpOLmCQ=", "as moto gives it")
        XCTAssertEqual(checksum(.sha1, "abc"), "qZk+NkcGgWq6PiVxeFDCbJzQ2J0=")
    }

    func testAChecksumMismatchIsCorrupt() throws {
        var verifier = StreamVerifier(.checksum(ContentChecksum(algorithm: .crc32, base64: "AAAAAA==")), name: "x")
        try Array("hello".utf8).withUnsafeBytes { try verifier.update($0) }
        XCTAssertThrowsError(try verifier.finish()) { error in
            XCTAssertEqual("\(error)".contains("CRC32"), true, "\(error)")
        }
        var right = StreamVerifier(.checksum(ContentChecksum(algorithm: .crc32, base64: "NhCmhg==")), name: "x")
        try Array("hello".utf8).withUnsafeBytes { try right.update($0) }
        XCTAssertNil(try right.finish())
    }
}
