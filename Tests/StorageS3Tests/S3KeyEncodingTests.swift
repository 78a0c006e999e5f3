import Foundation
import Storage
import XCTest

@testable import StorageS3

/// Keys holding control characters: listings ask for `encoding-type=url` (XML 1.0 cannot
/// carry them; s3api answers 500 without it) and decode what the server says it encoded;
/// a DeleteObjects body keeps a CR a CR.
final class S3KeyEncodingTests: XCTestCase {
    func testAListingTheServerEncodedIsDecoded() throws {
        let xml = """
            <ListBucketResult><IsTruncated>true</IsTruncated><EncodingType>url</EncodingType><NextMarker>n%0Dx</NextMarker>
            <Contents><Key>a%1B%5B31m+b%2Bc%25.txt</Key><Size>1</Size></Contents>
            <CommonPrefixes><Prefix>d%C2%9B/</Prefix></CommonPrefixes></ListBucketResult>
            """
        let page = try S3Answers.objectPage(Data(xml.utf8))
        XCTAssertEqual(page.objects.map(\.name), ["a\u{1B}[31m b+c%.txt"])
        XCTAssertEqual(page.prefixes, ["d\u{9B}/"])
        XCTAssertEqual(page.nextMarker, "n\rx")
    }

    /// A server that ignored the request sends keys as they are: nothing is decoded.
    func testAListingWithoutTheEncodingIsTakenAsItIs() throws {
        let xml = "<ListBucketResult><IsTruncated>false</IsTruncated><Contents><Key>a+b%25</Key></Contents></ListBucketResult>"
        XCTAssertEqual(try S3Answers.objectPage(Data(xml.utf8)).objects.map(\.name), ["a+b%25"])
    }

    func testAVersionListingTheServerEncodedIsDecoded() throws {
        let xml = """
            <ListVersionsResult><IsTruncated>true</IsTruncated><EncodingType>url</EncodingType>
            <NextKeyMarker>e%1B</NextKeyMarker><NextVersionIdMarker>v1</NextVersionIdMarker>
            <Version><Key>e%1B</Key><VersionId>v1</VersionId><IsLatest>true</IsLatest><Size>1</Size></Version></ListVersionsResult>
            """
        let page = try S3Answers.versionPage(Data(xml.utf8))
        XCTAssertEqual(page.versions.map(\.name), ["e\u{1B}"])
        XCTAssertEqual(page.next, VersionMarker(name: "e\u{1B}", id: "v1"))
    }

    /// An XML parser reads a raw CR (and CR LF) as LF: written as references, they stay.
    func testLineEndsAndTabsAreWrittenAsReferences() {
        XCTAssertEqual(S3XMLText.escaped("cr\r\nx\t<&>'\""), "cr&#13;&#10;x&#9;&lt;&amp;&gt;&apos;&quot;")
    }
}
