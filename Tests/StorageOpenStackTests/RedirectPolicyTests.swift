import Foundation
import NIOHTTP1
import Storage
import StorageHTTP
import XCTest

/// The one redirect rule, case by case: within the origin it is followed, anywhere
/// else it is refused with both hosts named, and a chain ends at the limit.
final class RedirectPolicyTests: XCTestCase {
    private let put = HTTPExchangeRequest(
        method: .PUT, url: "http://127.0.0.1:8080/v1/AUTH_test/c/o", headers: ["X-Auth-Token": "t", "Content-Length": "3"])

    private func next(_ request: HTTPExchangeRequest, _ status: Int, _ location: String?, followed: Int = 0) throws -> HTTPExchangeRequest? {
        try RedirectPolicy.next(after: request, status: status, location: location, followed: followed)
    }

    func testASameOriginRedirectKeepsTheMethodAndHeaders() throws {
        for status in [301, 302, 307, 308] {
            let moved = try XCTUnwrap(next(put, status, "/v1/AUTH_test/c/o2"))
            XCTAssertEqual(moved.url, "http://127.0.0.1:8080/v1/AUTH_test/c/o2")
            XCTAssertEqual(moved.method, .PUT)
            XCTAssertEqual(moved.headers.first(name: "X-Auth-Token"), "t")
        }
        let spelled = try XCTUnwrap(next(put, 307, "HTTP://127.0.0.1:8080/x"))
        XCTAssertEqual(spelled.method, .PUT, "the scheme's case is no other origin")
    }

    func testASeeOtherIsAGetWithoutTheBody() throws {
        let seen = try XCTUnwrap(next(put, 303, "http://127.0.0.1:8080/done"))
        XCTAssertEqual(seen.method, .GET)
        XCTAssertNil(seen.headers.first(name: "Content-Length"))
        XCTAssertNil(seen.makeBody)
    }

    func testAnAnswerThatIsNoRedirectToFollowIsLeftAlone() throws {
        XCTAssertNil(try next(put, 200, "http://127.0.0.2/x"))
        XCTAssertNil(try next(put, 304, "http://127.0.0.2/x"), "not modified is no redirect")
        XCTAssertNil(try next(put, 301, nil), "S3's region redirect has no Location")
    }

    func testAnotherHostOrPortIsRefusedNamingBoth() {
        let cases = [
            ("http://127.0.0.2:9000/v1/AUTH_test/c/o", "127.0.0.2:9000"), ("http://127.0.0.1:8081/x", "127.0.0.1:8081"),
            ("//evil.example/x", "evil.example:80"), ("https://127.0.0.1:8080/x", "127.0.0.1:8080"),
        ]
        for (location, target) in cases {
            XCTAssertThrowsError(try next(put, 307, location)) { error in
                XCTAssertEqual(
                    error as? StorageError,
                    .redirectRefused(RedirectRefusal(from: "127.0.0.1:8080", to: target, reason: .otherHost)), location)
            }
        }
    }

    func testHTTPSToPlainHTTPIsRefusedEvenOnTheSameHost() {
        let get = HTTPExchangeRequest(method: .GET, url: "https://127.0.0.1:8443/x")
        XCTAssertThrowsError(try next(get, 302, "http://127.0.0.1:8443/x")) { error in
            XCTAssertEqual(
                error as? StorageError,
                .redirectRefused(RedirectRefusal(from: "https://127.0.0.1:8443", to: "http://127.0.0.1:8443", reason: .plainHTTP)))
        }
    }

    func testTheChainEndsAtTheLimit() throws {
        XCTAssertNotNil(try next(put, 307, "/again", followed: RedirectPolicy.limit - 1))
        XCTAssertThrowsError(try next(put, 307, "/again", followed: RedirectPolicy.limit)) { error in
            XCTAssertEqual(
                error as? StorageError,
                .redirectRefused(RedirectRefusal(from: "127.0.0.1:8080", to: "127.0.0.1:8080", reason: .tooMany(limit: 5))))
        }
    }

    func testALocationThatIsNoWebURLIsAnInvalidAnswer() {
        for location in ["file:///etc/passwd", "ftp://127.0.0.1/x", "http://"] {
            XCTAssertThrowsError(try next(put, 302, location)) { error in
                guard case .invalidResponse = error as? StorageError else { return XCTFail("\(location): \(error)") }
            }
        }
    }
}
