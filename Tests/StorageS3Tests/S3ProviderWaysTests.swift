import Foundation
import NIOHTTP1
import Storage
import XCTest

@testable import StorageS3

/// What an S3 answer says about integrity when the ETag is not an MD5, and ListObjects
/// (V1) paging.
final class S3ProviderWaysTests: XCTestCase {
    let md5 = "d41d8cd98f00b204e9800998ecf8427e"

    func opacity(_ etag: String, _ headers: HTTPHeaders = [:], trusted: Bool = true) -> OpaqueETag? {
        S3ETags.opacity(etag, headers: headers, trusted: trusted, provider: "r2")
    }

    func testWhichETagsAreDigests() {
        XCTAssertNil(opacity(md5))
        XCTAssertNil(opacity(md5.uppercased()))
        XCTAssertNil(opacity(md5 + "-3"))
        XCTAssertEqual(opacity("r2ovglthwjpywvugwqxjhjgzzwpvvuwu"), .notADigest)
        XCTAssertEqual(opacity(md5 + "00"), .notADigest, "34 hex digits")
        XCTAssertEqual(opacity(md5 + "-0"), .notADigest)
        XCTAssertEqual(opacity(""), .notADigest)
        XCTAssertEqual(opacity(md5, ["x-amz-server-side-encryption": "aws:kms"]), .encrypted("SSE-KMS"))
        XCTAssertEqual(opacity(md5, ["x-amz-server-side-encryption": "aws:kms:dsse"]), .encrypted("SSE-KMS"))
        XCTAssertEqual(opacity(md5, ["x-amz-server-side-encryption-customer-algorithm": "AES256"]), .encrypted("SSE-C"))
        XCTAssertNil(opacity(md5, ["x-amz-server-side-encryption": "AES256"]), "SSE-S3 keeps MD5 ETags")
        XCTAssertEqual(opacity(md5, trusted: false), .provider("r2"))
    }

    func testAWholeObjectChecksumIsTakenTheStrongestFirst() {
        let both: HTTPHeaders = ["x-amz-checksum-crc32": "NhCmhg==", "x-amz-checksum-sha256": "LPJN="]
        XCTAssertEqual(S3ETags.checksum(both), ContentChecksum(algorithm: .sha256, base64: "LPJN="))
        XCTAssertEqual(S3ETags.checksum(["x-amz-checksum-crc32c": "abc="]), ContentChecksum(algorithm: .crc32c, base64: "abc="))
        XCTAssertNil(S3ETags.checksum(["x-amz-checksum-sha1": "abc=-3"]), "a composite checksum is of the parts' checksums")
        XCTAssertNil(S3ETags.checksum(["x-amz-checksum-crc32": "abc=", "x-amz-checksum-type": "COMPOSITE"]))
        XCTAssertNil(S3ETags.checksum([:]))
    }

    func page(_ contents: String, truncated: Bool, nextMarker: String? = nil) throws -> S3Answers.ObjectPage {
        let next = nextMarker.map { "<NextMarker>\($0)</NextMarker>" } ?? ""
        return try S3Answers.objectPage(
            Data("<ListBucketResult><IsTruncated>\(truncated)</IsTruncated>\(next)\(contents)</ListBucketResult>".utf8))
    }

    func testAV1PageGoesOnFromNextMarkerElseItsLastName() throws {
        let keys = "<Contents><Key>a</Key><Size>1</Size></Contents><Contents><Key>c</Key><Size>1</Size></Contents>"
        XCTAssertEqual(try page(keys, truncated: true).nextMarker, "c")
        XCTAssertEqual(try page(keys + "<CommonPrefixes><Prefix>b/</Prefix></CommonPrefixes>", truncated: true).nextMarker, "c")
        XCTAssertEqual(try page(keys + "<CommonPrefixes><Prefix>d/</Prefix></CommonPrefixes>", truncated: true).nextMarker, "d/")
        XCTAssertEqual(try page(keys, truncated: true, nextMarker: "b").nextMarker, "b")
    }

    func testAV1QueryUsesMarkersAndGoesPastAFoldedFolder() {
        let query = ListingQuery(prefix: "p/", delimiter: "/", marker: "p/a")
        let first = S3Store.listQuery(query, version: 1, wanted: 10, continuation: nil)
        XCTAssertEqual(first.map { "\($0.name)=\($0.value)" }, ["max-keys=10", "prefix=p/", "delimiter=/", "marker=p/a"])
        let next = S3Store.listQuery(query, version: 1, wanted: 10, continuation: "p/d/")
        XCTAssertEqual(next.last?.value, "p/d/\u{10FFFF}")
        let v2 = S3Store.listQuery(query, version: 2, wanted: 10, continuation: "token")
        XCTAssertEqual(v2.map(\.name), ["list-type", "max-keys", "prefix", "delimiter", "continuation-token"])
    }
}
