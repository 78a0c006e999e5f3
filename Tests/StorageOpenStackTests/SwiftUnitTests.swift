import NIOHTTP1
import Storage
import StorageHTTP
import XCTest

@testable import StorageOpenStack

/// Pure parts of the Swift backend; no server needed.
final class SwiftUnitTests: XCTestCase {
    /// A page after a marker must end past it; a folder holding the marker may end it.
    func testAListingPageThatDoesNotAdvanceIsAnError() throws {
        let object = { (name: String) in ListingEntry.object(.nameOnly(name)) }
        XCTAssertNoThrow(try SwiftStore.ensureAdvances([object("a"), object("b")], past: "", in: "c"))
        XCTAssertNoThrow(try SwiftStore.ensureAdvances([object("b"), object("c")], past: "b", in: "c"))
        XCTAssertNoThrow(try SwiftStore.ensureAdvances([.subdir("a/")], past: "a/b", in: "c"))
        XCTAssertNoThrow(try SwiftStore.ensureAdvances([], past: "z", in: "c"))
        XCTAssertThrowsError(try SwiftStore.ensureAdvances([object("a"), object("b")], past: "b", in: "c")) { error in
            XCTAssertEqual(error as? StorageError, .listingStuck(container: "c", after: "b"))
        }
    }

    func testPercentEncodingKeepsOnlyUnreservedBytes() {
        XCTAssertEqual(SwiftPercentEncoding.encode("abc-._~XYZ09"), "abc-._~XYZ09")
        XCTAssertEqual(SwiftPercentEncoding.encode("a b"), "a%20b")
        XCTAssertEqual(SwiftPercentEncoding.encode("q?#%+&="), "q%3F%23%25%2B%26%3D")
        XCTAssertEqual(SwiftPercentEncoding.encode("é"), "%C3%A9")
        XCTAssertEqual(SwiftPercentEncoding.encode("日本"), "%E6%97%A5%E6%9C%AC")
        XCTAssertEqual(SwiftPercentEncoding.encode("a/b"), "a%2Fb")
        XCTAssertEqual(SwiftPercentEncoding.encode("dir/sub dir/f?.txt", keepingSlashes: true), "dir/sub%20dir/f%3F.txt")
        XCTAssertEqual(SwiftPercentEncoding.encode("😀;:@"), "%F0%9F%98%80%3B%3A%40")
    }

    func testQueryEncodesEveryValue() {
        let query = SwiftPercentEncoding.query([("prefix", "a b/&c"), ("marker", "x+y#")])
        XCTAssertEqual(query, "prefix=a%20b%2F%26c&marker=x%2By%23")
    }

    func testListingQueryKeepsLimitInRange() {
        let big = SwiftStore.listingQuery(ListingQuery(prefix: "p/", delimiter: "/", marker: "p/m", limit: 50_000), delimiter: "/")
        XCTAssertEqual(big.map(\.name), ["format", "prefix", "delimiter", "marker", "limit"])
        XCTAssertEqual(big.last?.value, "10000")
        let plain = SwiftStore.listingQuery(ListingQuery(limit: 0), delimiter: nil)
        XCTAssertEqual(plain.map(\.name), ["format", "limit"])
        XCTAssertEqual(plain.last?.value, "1")
    }

    func testURLsJoinStorageURLPathAndQuery() throws {
        let path = try SwiftStore.objectPath("my photos", "2024/a b#1.jpg")
        XCTAssertEqual(path, "my%20photos/2024/a%20b%231.jpg")
        XCTAssertEqual(SwiftStore.url("http://h/v1/AUTH_t", path: path, query: []), "http://h/v1/AUTH_t/my%20photos/2024/a%20b%231.jpg")
        XCTAssertEqual(SwiftStore.url("http://h/v1/AUTH_t", path: "", query: [("format", "json")]), "http://h/v1/AUTH_t?format=json")
        XCTAssertThrowsError(try SwiftStore.containerPath("a/b"))
        XCTAssertThrowsError(try SwiftStore.containerPath(""))
        XCTAssertThrowsError(try SwiftStore.objectPath("c", String(repeating: "x", count: 1025)))
    }

    func testObjectHeaders() {
        let headers: HTTPHeaders = [
            "Content-Length": "1234", "Content-Type": "image/jpeg", "ETag": "\"0123abcd\"",
            "Last-Modified": "Wed, 31 Jan 2024 12:34:56 GMT", "X-Object-Meta-Color": "blue",
            "X-Static-Large-Object": "True", "X-Timestamp": "1706704496.78901",
        ]
        let info = SwiftHeaders.objectInfo(headers, container: "c", name: "n")
        XCTAssertEqual(info.bytes, 1234)
        XCTAssertEqual(info.contentType, "image/jpeg")
        XCTAssertEqual(info.etag, "0123abcd")
        XCTAssertEqual(info.metadata, ["Color": "blue"])
        XCTAssertEqual(info.largeObject, .staticManifest)
        XCTAssertEqual(info.lastModified?.timeIntervalSince1970, 1_706_704_496)
        let dynamic = SwiftHeaders.objectInfo(["X-Object-Manifest": "segments/my%20file/", "ETag": "\"e\""], container: "c", name: "n")
        XCTAssertEqual(dynamic.largeObject, .dynamicManifest("segments/my file/"))
    }

    func testAccountAndContainerHeaders() {
        let account = SwiftHeaders.accountInfo([
            "X-Account-Container-Count": "3", "X-Account-Object-Count": "42", "X-Account-Bytes-Used": "9000000000",
            "X-Account-Meta-Temp-Url-Key": "k", "X-Timestamp": "1706704496.5",
        ])
        XCTAssertEqual(account, AccountInfo(containerCount: 3, objectCount: 42, bytes: 9_000_000_000, metadata: ["Temp-Url-Key": "k"]))
        let container = SwiftHeaders.containerInfo(
            [
                "X-Container-Object-Count": "7", "X-Container-Bytes-Used": "70", "X-Storage-Policy": "gold",
                "x-container-meta-owner": "ann", "X-Timestamp": "1706704496.5",
            ], name: "photos")
        XCTAssertEqual(container.objectCount, 7)
        XCTAssertEqual(container.bytes, 70)
        XCTAssertEqual(container.storagePolicy, "gold")
        XCTAssertEqual(container.metadata, ["owner": "ann"])
        XCTAssertEqual(container.lastModified?.timeIntervalSince1970, 1_706_704_496.5)
    }

    func testRetryPolicyBacksOffWithFullJitter() {
        let policy = RetryPolicy(maximumTries: 5, initialBackoff: 1, maximumBackoff: 6)
        XCTAssertEqual(policy.delay(afterFailedTry: 1, retryAfter: nil, unitRandom: 0.999) ?? -1, 0.999, accuracy: 1e-9)
        XCTAssertEqual(policy.delay(afterFailedTry: 2, retryAfter: nil, unitRandom: 0.5), 1)
        XCTAssertEqual(policy.delay(afterFailedTry: 3, retryAfter: nil, unitRandom: 0.5), 2)
        XCTAssertEqual(policy.delay(afterFailedTry: 4, retryAfter: nil, unitRandom: 1), 6, "capped")
        XCTAssertEqual(policy.delay(afterFailedTry: 4, retryAfter: nil, unitRandom: 0), 0, "full jitter starts at zero")
        XCTAssertNil(policy.delay(afterFailedTry: 5, retryAfter: nil, unitRandom: 0.5), "five tries in all")
        XCTAssertEqual(policy.delay(afterFailedTry: 1, retryAfter: 3, unitRandom: 0.1), 3, "Retry-After wins")
        XCTAssertEqual(policy.delay(afterFailedTry: 1, retryAfter: 600, unitRandom: 0.1), 6, "but is capped")
        XCTAssertNil(policy.delay(afterFailedTry: 5, retryAfter: 1, unitRandom: 0.1))
        XCTAssertEqual(RetryPolicy.retryAfterSeconds(" 2 "), 2)
        XCTAssertNil(RetryPolicy.retryAfterSeconds("Wed, 31 Jan 2024 12:34:56 GMT"))
        XCTAssertTrue(RetryPolicy.isRetryable(status: 503))
        XCTAssertTrue(RetryPolicy.isRetryable(status: 429))
        XCTAssertFalse(RetryPolicy.isRetryable(status: 404))
        XCTAssertFalse(RetryPolicy.isRetryable(status: 401))
    }

    func testDebugLineRedactsCredentials() {
        let line = HTTPDebugLine.format(
            method: "GET", url: "http://127.0.0.1:8080/auth/v1.0",
            headers: [
                "X-Auth-User": "test:tester", "X-Auth-Key": "s3cret", "X-Auth-Token": "AUTH_tk1",
                "X-Storage-Token": "AUTH_tk2",
            ],
            outcome: "200", milliseconds: 12)
        XCTAssertEqual(
            line,
            "GET http://127.0.0.1:8080/auth/v1.0 [X-Auth-User: test:tester, X-Auth-Key: <redacted>, "
                + "X-Auth-Token: <redacted>, X-Storage-Token: <redacted>] → 200 (12 ms)")
    }

    func testTargetOfURL() {
        XCTAssertEqual(HTTPExchange.target(of: "http://127.0.0.1:8080/v1/AUTH_test"), "127.0.0.1:8080")
        XCTAssertEqual(HTTPExchange.target(of: "https://objects.example.com/auth/v1.0"), "objects.example.com:443")
        XCTAssertEqual(HTTPExchange.target(of: "http://[::1]:8080/x"), "[::1]:8080")
    }

    func testStoreNeedsCredentials() {
        XCTAssertThrowsError(try SwiftStore(endpoint: .init(authURL: "http://x/auth/v1.0"), name: "bare")) { error in
            guard case StorageError.unauthorized(let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("bare"), message)
        }
    }
}
