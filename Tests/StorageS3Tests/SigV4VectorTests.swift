import Foundation
import StorageS3
import XCTest

/// The signer against AWS's published vectors.
///
/// The `service` cases are from AWS's Signature Version 4 test suite
/// (https://docs.aws.amazon.com/general/latest/gr/signature-v4-test-suite.html, the
/// aws-sig-v4-test-suite files `NAME.req` and `NAME.authz`, as the AWS SDK for
/// JavaScript v3 carries them in packages/signature-v4/src/suite.fixture.ts): key
/// AKIDEXAMPLE, 2015-08-30T12:36:00Z, us-east-1, service `service`. The `s3` cases are
/// the worked examples of "Signature Calculations for the Authorization Header"
/// (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html):
/// key AKIAIOSFODNN7EXAMPLE, 2013-05-24T00:00:00Z, us-east-1, service `s3`.
final class SigV4VectorTests: XCTestCase {
    static let suiteDate = Date(timeIntervalSince1970: 1_440_938_160)  // 2015-08-30T12:36:00Z
    static let suite = SigV4Signer(
        credentials: SigV4Credentials(
            accessKey: "AKIDEXAMPLE",
            secretKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"),
        region: "us-east-1", service: "service")
    static let s3Date = Date(timeIntervalSince1970: 1_369_353_600)  // 2013-05-24T00:00:00Z
    static let s3 = SigV4Signer(
        credentials: SigV4Credentials(
            accessKey: "AKIAIOSFODNN7EXAMPLE",
            secretKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
        region: "us-east-1", service: "s3")
    static let empty = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    static let scope = "Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request"

    /// A suite request: `path` as it is (not yet encoded), `headers` besides host and x-amz-date.
    func suiteAuthorization(
        _ method: String, path: String, query: [(String, String)] = [],
        headers: [(String, String)] = [], body: String = ""
    ) -> String {
        let request = SigV4Request(
            method: method, path: SigV4Encoding.encode(path, keepingSlashes: true),
            query: query.map { (name: $0.0, value: $0.1) },
            headers: [("Host", "example.amazonaws.com"), ("X-Amz-Date", "20150830T123600Z")]
                + headers.map { (name: $0.0, value: $0.1) },
            payloadHash: SigV4Signer.sha256Hex(Data(body.utf8)))
        return Self.suite.authorization(request, date: Self.suiteDate)
    }

    func expected(_ signedHeaders: String, _ signature: String) -> String {
        "AWS4-HMAC-SHA256 \(Self.scope), SignedHeaders=\(signedHeaders), Signature=\(signature)"
    }

    func testGetVanilla() {
        XCTAssertEqual(
            suiteAuthorization("GET", path: "/"),
            expected("host;x-amz-date", "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"))
        let request = SigV4Request(
            method: "GET", path: "/",
            headers: [
                ("Host", "example.amazonaws.com"),
                ("X-Amz-Date", "20150830T123600Z"),
            ],
            payloadHash: Self.empty)
        // get-vanilla.creq and get-vanilla.sts
        XCTAssertEqual(
            Self.suite.canonicalRequest(request),
            "GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n\(Self.empty)")
        XCTAssertEqual(
            Self.suite.stringToSign(request, date: Self.suiteDate),
            "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\n"
                + "bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63")
    }

    func testGetVanillaQueryOrderKeyCase() {
        XCTAssertEqual(
            suiteAuthorization("GET", path: "/", query: [("Param2", "value2"), ("Param1", "value1")]),
            expected("host;x-amz-date", "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"))
    }

    func testGetVanillaQueryUnreservedAndUTF8() {
        let unreserved = "-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        XCTAssertEqual(
            suiteAuthorization("GET", path: "/", query: [(unreserved, unreserved)]),
            expected("host;x-amz-date", "9c3e54bfcdf0b19771a7f523ee5669cdf59bc7cc0884027167c21bb143a40197"))
        XCTAssertEqual(
            suiteAuthorization("GET", path: "/", query: [("ሴ", "bar")]),
            expected("host;x-amz-date", "2cdec8eed098649ff3a119c94853b13c643bcf08f8b0a1d91e12c9027818dd04"))
    }

    func testGetUTF8AndUnreservedPaths() {
        XCTAssertEqual(
            suiteAuthorization("GET", path: "/ሴ"),
            expected("host;x-amz-date", "8318018e0b0f223aa2bbf98705b62bb787dc9c0e678f255a891fd03141be5d85"))
        XCTAssertEqual(
            suiteAuthorization("GET", path: "/-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"),
            expected("host;x-amz-date", "07ef7494c76fa4850883e2b006601f940f8a34d404d0cfa977f52a65bbf5f24f"))
    }

    func testHeaderValuesTrimmedFoldedAndCased() {
        XCTAssertEqual(
            suiteAuthorization("GET", path: "/", headers: [("My-Header1", " value1"), ("My-Header2", "\"a   b   c\"")]),
            expected(
                "host;my-header1;my-header2;x-amz-date",
                "acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736"))
        XCTAssertEqual(
            suiteAuthorization("POST", path: "/", headers: [("My-Header1", "VALUE1")]),
            expected("host;my-header1;x-amz-date", "cdbc9802e29d2942e5e10b5bccfdd67c5f22c7c4e8ae67b53629efa58b974b7d"))
    }

    func testPostVanillaQueryNonUnreserved() {
        XCTAssertEqual(
            suiteAuthorization("POST", path: "/", query: [("@#$%^", ""), ("+", "/,?><`\";:\\|][{}")]),
            expected("host;x-amz-date", "66c82657c86e26fb25238d0e69f011edc4c6df5ae71119d7cb98ed9b87393c1e"))
    }

    func testPostXWWWFormURLEncoded() {
        XCTAssertEqual(
            suiteAuthorization(
                "POST", path: "/", headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: "Param1=value1"),
            expected("content-type;host;x-amz-date", "ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a"))
    }

    func testPostSessionTokenSignedAsAHeader() {
        let token =
            "AQoDYXdzEPT//////////wEXAMPLEtc764bNrC9SAPBSM22wDOk4x4HIZ8j4FZTwdQWLWsKWHGBuFqwAeMicRXmxfpSPfIeoIYRqTflfKD8Y"
            + "UuwthAx7mSEI/qkPpKPi/kMcGdQrmGdeehM4IC1NtBmUpp2wUE8phUZampKsburEDy0KPkyQDYwT7WZ0wq5VSXDvp75YU9HFvlRd8Tx6q6fE8YQcHNV"
            + "XAkiY9q6d+xo0rKwT38xVqr7ZD0u0iPPkUL64lIZbqBAz+scqKmlzm8FDrypNC9Yjc8fPOLn9FX9KSYvKTr4rvx3iSIlTJabIQwj2ICCR/oLxBA=="
        XCTAssertEqual(
            suiteAuthorization("POST", path: "/", headers: [("X-Amz-Security-Token", token)]),
            expected(
                "host;x-amz-date;x-amz-security-token",
                "85d96828115b5dc0cfc3bd16ad9e210dd772bbebba041836c64533a82be05ead"))
    }

    /// S3's "GET Object" example: a Range header and the empty body's hash, signed.
    func testS3GetObjectWithRange() {
        let request = SigV4Request(
            method: "GET", path: "/test.txt",
            headers: [
                ("Host", "examplebucket.s3.amazonaws.com"), ("Range", "bytes=0-9"),
                ("x-amz-content-sha256", Self.empty), ("x-amz-date", "20130524T000000Z"),
            ],
            payloadHash: Self.empty)
        XCTAssertEqual(
            Self.s3.authorization(request, date: Self.s3Date),
            "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
                + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, "
                + "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
    }

    /// S3's "PUT Object" example: `$` in the key is encoded, the body's hash signed.
    func testS3PutObject() {
        let body = SigV4Signer.sha256Hex(Data("Welcome to Amazon S3.".utf8))
        XCTAssertEqual(body, "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072")
        let request = SigV4Request(
            method: "PUT", path: SigV4Encoding.encode("/test$file.text", keepingSlashes: true),
            headers: [
                ("Host", "examplebucket.s3.amazonaws.com"), ("Date", "Fri, 24 May 2013 00:00:00 GMT"),
                ("x-amz-storage-class", "REDUCED_REDUNDANCY"), ("x-amz-content-sha256", body),
                ("x-amz-date", "20130524T000000Z"),
            ],
            payloadHash: body)
        XCTAssertEqual(Self.s3.signature(request, date: Self.s3Date), "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd")
    }

    /// S3's "GET Bucket Lifecycle" (a name without value) and "Get Bucket (List Objects)" (a sorted query).
    func testS3BucketQueries() {
        func signature(_ query: [(name: String, value: String)]) -> String {
            let request = SigV4Request(
                method: "GET", path: "/", query: query,
                headers: [
                    ("Host", "examplebucket.s3.amazonaws.com"), ("x-amz-content-sha256", Self.empty),
                    ("x-amz-date", "20130524T000000Z"),
                ],
                payloadHash: Self.empty)
            return Self.s3.signature(request, date: Self.s3Date)
        }
        XCTAssertEqual(signature([("lifecycle", "")]), "fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543")
        XCTAssertEqual(signature([("prefix", "J"), ("max-keys", "2")]), "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7")
    }

    /// AWS's worked example of "Authenticating Requests: Using Query Parameters"
    /// (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html): a
    /// GET of test.txt for 86,400 seconds; botocore's S3SigV4QueryAuth gives the same.
    func testPresignedQueryMatchesAWSsExample() {
        let query = Self.s3.presignedQuery(
            SigV4Request(
                method: "GET", path: "/test.txt", headers: [("host", "examplebucket.s3.amazonaws.com")],
                payloadHash: "UNSIGNED-PAYLOAD"),
            date: Self.s3Date, lifetime: 86_400)
        XCTAssertEqual(
            SigV4Encoding.canonicalQuery(query),
            "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request"
                + "&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400"
                + "&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404&X-Amz-SignedHeaders=host")
    }

    func testEncodingRules() {
        XCTAssertEqual(SigV4Encoding.encode("a b+c%d~e/f"), "a%20b%2Bc%25d~e%2Ff")
        XCTAssertEqual(SigV4Encoding.encode("a//b c/", keepingSlashes: true), "a//b%20c/")
        XCTAssertEqual(SigV4Encoding.encode("!'()*é日"), "%21%27%28%29%2A%C3%A9%E6%97%A5")
        XCTAssertEqual(SigV4Encoding.canonicalQuery([("uploads", ""), ("b", "x y"), ("a", "2")]), "a=2&b=x%20y&uploads=")
        XCTAssertEqual(SigV4Signer.amzDate(Self.suiteDate), "20150830T123600Z")
    }
}
