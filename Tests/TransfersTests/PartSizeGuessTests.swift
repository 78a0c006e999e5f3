import XCTest

@testable import Transfers

/// The part size of a multipart object whose uploader did not record it: the one whole
/// number of MiB (else of MB) that fits its size and part count, or none.
final class PartSizeGuessTests: XCTestCase {
    func testTheOnePartSizeThatFitsIsFound() {
        XCTAssertEqual(PartSizeGuess.partBytes(bytes: 1 << 30, parts: 128), 8 << 20, "the AWS CLI's 1 GiB object")
        XCTAssertEqual(PartSizeGuess.partBytes(bytes: 36 << 20, parts: 8), 5 << 20)
        XCTAssertEqual(PartSizeGuess.partBytes(bytes: (36 << 20) + 1, parts: 8), 5 << 20, "a short last part")
        XCTAssertEqual(PartSizeGuess.partBytes(bytes: 500_000_000, parts: 100), 5_000_000, "no MiB fits: MB")
    }

    func testNoGuessWhereSeveralOrNoneFit() {
        XCTAssertNil(PartSizeGuess.partBytes(bytes: 20 << 20, parts: 3), "7, 8 and 9 MiB all fit")
        XCTAssertNil(PartSizeGuess.partBytes(bytes: 10 << 20, parts: 1))
        XCTAssertNil(PartSizeGuess.partBytes(bytes: 2, parts: 3))
        XCTAssertNil(PartSizeGuess.partBytes(bytes: 1_000_123, parts: 7), "parts of no whole MB or MiB")
    }

    /// A guessed part size that does not give the ETag proves nothing: a note, not an
    /// error; the same mismatch with a recorded part size is corruption.
    func testAGuessThatMissesLeavesTheDownloadUnverifiedNotCorrupt() throws {
        let bytes: [UInt8] = Array(0..<8)
        let wrongETag = String(repeating: "0", count: 32) + "-2"
        var guessed = StreamVerifier(.multipartETag(partBytes: 4, etag: wrongETag, guessed: true), name: "x")
        try bytes.withUnsafeBytes { try guessed.update($0) }
        XCTAssertEqual(try guessed.finish(), .guessedPartSizeMissed(partBytes: 4))
        var recorded = StreamVerifier(.multipartETag(partBytes: 4, etag: wrongETag), name: "x")
        try bytes.withUnsafeBytes { try recorded.update($0) }
        XCTAssertThrowsError(try recorded.finish())
    }
}
