import Foundation
import NIOHTTP1
import Storage
import XCTest

@testable import StorageHTTP
@testable import StorageS3

/// S3's XML read with a real parser, errors as one line, and --debug without secrets.
final class S3AnswerTests: XCTestCase {
    /// A DOCTYPE is refused before any entity is expanded: nested ones, or a local file.
    func testADocumentTypeIsRefusedNotExpanded() throws {
        let laughs =
            "<!DOCTYPE l [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;\">]><ListBucketResult><Name>&b;</Name></ListBucketResult>"
        let external = "<!DOCTYPE r [<!ENTITY s SYSTEM \"file:///etc/passwd\">]><Error><Code>&s;</Code></Error>"
        for xml in [laughs, external] {
            XCTAssertThrowsError(try S3Answers.objectPage(Data(xml.utf8))) { error in
                XCTAssertEqual(
                    error as? StorageError,
                    .invalidResponse("the answer declares a DOCTYPE (expected ListBucketResult); its entities are not expanded"))
            }
            XCTAssertNil(S3Answers.error(Data(xml.utf8)))
        }
    }

    /// A page that sends its continuation token again, or ends before the page before it, stops the loop.
    func testAListingPageThatDoesNotAdvanceIsAnError() throws {
        let page = S3Answers.ObjectPage(objects: [], prefixes: [], isTruncated: true, nextContinuationToken: "t1")
        XCTAssertNoThrow(try S3Store.ensureAdvances(page, "c", past: (nil, nil), in: "b"))
        XCTAssertNoThrow(try S3Store.ensureAdvances(page, "c", past: ("t0", "b"), in: "b"))
        XCTAssertThrowsError(try S3Store.ensureAdvances(page, "c", past: ("t1", "b"), in: "b")) { error in
            XCTAssertEqual(error as? StorageError, .listingStuck(container: "b", after: "b"))
        }
        XCTAssertThrowsError(try S3Store.ensureAdvances(page, "b", past: ("t0", "b"), in: "b"))
    }

    func testListingPageWithEntitiesPrefixesAndContinuation() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>b</Name><Prefix></Prefix>
            <Contents><Key>a &amp; b&lt;c&gt;.txt</Key><LastModified>2009-02-03T16:45:09.000Z</LastModified>
            <ETag>&quot;0123456789abcdef0123456789abcdef&quot;</ETag><Size>42</Size><StorageClass>STANDARD</StorageClass></Contents>
            <Contents><Key>big</Key><ETag>"d41d8cd98f00b204e9800998ecf8427e-3"</ETag><Size>15728640</Size></Contents>
            <CommonPrefixes><Prefix>a/</Prefix></CommonPrefixes>
            <IsTruncated>true</IsTruncated><NextContinuationToken>1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=</NextContinuationToken>
            </ListBucketResult>
            """
        let page = try S3Answers.objectPage(Data(xml.utf8))
        XCTAssertEqual(page.objects.map(\.name), ["a & b<c>.txt", "big"])
        XCTAssertEqual(page.objects[0].etag, "0123456789abcdef0123456789abcdef")
        XCTAssertEqual(page.objects[0].bytes, 42)
        XCTAssertEqual(page.objects[0].lastModified, Date(timeIntervalSince1970: 1_233_679_509))
        XCTAssertEqual(page.prefixes, ["a/"])
        XCTAssertTrue(page.isTruncated)
        XCTAssertEqual(page.nextContinuationToken, "1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=")
        XCTAssertEqual(S3Store.merged(page).map(\.name), ["a & b<c>.txt", "a/", "big"], "byte order: space before /")
        XCTAssertEqual(S3Headers.multipartParts("d41d8cd98f00b204e9800998ecf8427e-3"), 3)
        XCTAssertNil(S3Headers.multipartParts("d41d8cd98f00b204e9800998ecf8427e"))
    }

    func testNotXMLOrTheWrongDocumentIsAClearError() {
        XCTAssertThrowsError(try S3Answers.objectPage(Data("<html><body>proxy error".utf8))) { error in
            guard case StorageError.invalidResponse(let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("ListBucketResult"), message)
        }
        XCTAssertThrowsError(try S3Answers.buckets(Data("<Other/>".utf8)))
        // moto roots ListParts and CompleteMultipartUpload in <…Response>; nothing else passes.
        XCTAssertEqual(
            try S3Answers.document(Data("<ListPartsResponse><Part/></ListPartsResponse>".utf8), expecting: "ListPartsResult").name,
            "ListPartsResponse")
        XCTAssertThrowsError(try S3Answers.document(Data("<Error><Code>X</Code></Error>".utf8), expecting: "ListPartsResult"))
        XCTAssertThrowsError(try S3Answers.document(Data("<ListParts/>".utf8), expecting: "ListPartsResult"))
    }

    func testErrorsBecomeOneLine() {
        func error(_ code: String, status: Int = 403) -> StorageError {
            let body =
                "<?xml version='1.0' encoding='UTF-8'?>\n<Error><Code>\(code)</Code><Message>Said\nby the server.</Message>"
                + "<RequestId>tx1</RequestId></Error>"
            let response = HTTPExchangeResponse(status: status, headers: [:], body: .init(string: body))
            return S3Failure.error(response, bucket: "b", key: "k", region: "us-east-1")
        }
        XCTAssertEqual(error("NoSuchBucket", status: 404), .noSuchContainer("b"))
        XCTAssertEqual(error("NoSuchKey", status: 404), .noSuchObject(container: "b", name: "k"))
        XCTAssertEqual(error("BucketNotEmpty", status: 409), .containerNotEmpty("b"))
        guard case .unauthorized(let signature) = error("SignatureDoesNotMatch") else { return XCTFail() }
        XCTAssertTrue(signature.contains("region (signed for us-east-1)") && signature.contains("clock"), signature)
        guard case .unauthorized(let key) = error("InvalidAccessKeyId") else { return XCTFail() }
        XCTAssertTrue(key.hasPrefix("InvalidAccessKeyId"), key)
        guard case .unauthorized(let denied) = error("AccessDenied") else { return XCTFail() }
        XCTAssertTrue(denied.hasPrefix("AccessDenied"), denied)
        XCTAssertEqual(error("SlowDown", status: 503), .server(status: 503, message: "SlowDown: Said by the server."))
        let bare = HTTPExchangeResponse(status: 404, headers: [:], body: .init())
        XCTAssertEqual(S3Failure.error(bare, bucket: "b", key: nil, region: "us-east-1"), .noSuchContainer("b"))
    }

    func testDebugLineKeepsNoSecret() {
        let line = HTTPDebugLine.format(
            method: "GET", url: "https://b.s3.amazonaws.com/k",
            headers: [
                "Authorization": "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/s3/aws4_request, "
                    + "SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31",
                "X-Amz-Security-Token": "FQoGZXIvYXdzEXAMPLE", "Range": "bytes=0-9",
            ],
            outcome: "206", milliseconds: 3)
        XCTAssertEqual(
            line,
            "GET https://b.s3.amazonaws.com/k [Authorization: AWS4-HMAC-SHA256 Credential=<redacted>, "
                + "SignedHeaders=host;x-amz-date, Signature=<redacted>, X-Amz-Security-Token: <redacted>, Range: bytes=0-9] → 206 (3 ms)")
        XCTAssertEqual(HTTPDebugLine.redactedAuthorization("Basic dXNlcjpwYXNz"), "<redacted>")
    }

    func testStartAfterSkipsAWholePseudoFolder() {
        XCTAssertEqual(S3Store.startAfter("docs/", delimiter: "/"), "docs/\u{10FFFF}")
        XCTAssertEqual(S3Store.startAfter("docs/a.txt", delimiter: "/"), "docs/a.txt")
        XCTAssertEqual(S3Store.startAfter("docs/", delimiter: nil), "docs/")
    }

    func testAddressing() async throws {
        let path = try S3Store(endpoint: .init(endpoint: "http://127.0.0.1:9000", accessKey: "a", secretKey: "s"))
        XCTAssertEqual(try path.location(S3Target(bucket: "b", key: "a b/c+d")).path, "/b/a%20b/c%2Bd")
        XCTAssertEqual(try path.location(S3Target(bucket: "b", key: "a b/c+d")).host, "127.0.0.1:9000")
        let virtual = try S3Store(endpoint: .init(region: "eu-west-1", accessKey: "a", secretKey: "s"))
        let located = try virtual.location(S3Target(bucket: "photos", key: "x//y"))
        XCTAssertEqual(located.base, "https://photos.s3.eu-west-1.amazonaws.com")
        XCTAssertEqual(located.path, "/x//y")
        XCTAssertEqual(try virtual.location(S3Target(bucket: "my.dotted", key: nil)).path, "/my.dotted", "a dot breaks TLS: path-style")
        XCTAssertEqual(try virtual.location(S3Target()).path, "/")
        // bucket.localhost is the loopback (RFC 6761) even where the resolver does not know it.
        let local = try S3Store(endpoint: .init(endpoint: "http://localhost:9000", accessKey: "a", secretKey: "s", addressing: .virtual))
        let here = try local.location(S3Target(bucket: "photos", key: "k"))
        XCTAssertEqual(here.base, "http://localhost:9000")
        XCTAssertEqual(here.host, "photos.localhost:9000")
        XCTAssertEqual(S3Store.connectableHost("b.s3.LOCALHOST"), "localhost")
        XCTAssertEqual(S3Store.connectableHost("b.localhost.example:1"), "b.localhost.example:1")
        await path.shutdown()
        await virtual.shutdown()
        await local.shutdown()
    }
}
