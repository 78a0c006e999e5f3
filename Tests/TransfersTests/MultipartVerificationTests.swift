import Crypto
import Storage
import XCTest

@testable import Transfers

/// A download of an S3 multipart object checked against its ETag: the MD5 of the
/// parts' MD5s with the part count, the parts cut at `partBytes` whatever the chunks.
final class MultipartVerificationTests: XCTestCase {
    let bytes: [UInt8] = (0..<250).map { UInt8(truncatingIfNeeded: $0 &* 7) }

    /// The ETag computed here independently: parts of 100, 100 and 50 bytes.
    var etag: String {
        let digests = stride(from: 0, to: bytes.count, by: 100).flatMap { start in
            Array(Insecure.MD5.hash(data: bytes[start..<min(start + 100, bytes.count)]))
        }
        return Insecure.MD5.hash(data: digests).map { String(format: "%02x", $0) }.joined() + "-3"
    }

    func feed(_ verifier: inout StreamVerifier, chunk: Int) throws {
        var offset = 0
        while offset < bytes.count {
            let piece = Array(bytes[offset..<min(offset + chunk, bytes.count)])
            try piece.withUnsafeBytes { try verifier.update($0) }
            offset += chunk
        }
    }

    func testAnyChunkingGivesTheETag() throws {
        for chunk in [1, 7, 100, 250] {
            var verifier = StreamVerifier(.multipartETag(partBytes: 100, etag: etag), name: "big")
            try feed(&verifier, chunk: chunk)
            XCTAssertNil(try verifier.finish(), "chunks of \(chunk)")
        }
    }

    func testOtherBytesOrPartSizeAreCorrupt() throws {
        var wrongSize = StreamVerifier(.multipartETag(partBytes: 128, etag: etag), name: "big")
        try feed(&wrongSize, chunk: 64)
        XCTAssertThrowsError(try wrongSize.finish()) { error in
            guard case TransferError.corrupt(let name, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(name, "big")
        }
        var exactParts = StreamVerifier(.multipartETag(partBytes: 125, etag: etag), name: "big")
        try feed(&exactParts, chunk: 125)
        XCTAssertThrowsError(try exactParts.finish())
    }
}
