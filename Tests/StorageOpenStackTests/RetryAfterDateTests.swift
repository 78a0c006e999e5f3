import StorageHTTP
import XCTest

/// `Retry-After` as delta-seconds or as an HTTP date, read against a given clock.
final class RetryAfterDateTests: XCTestCase {
    /// 2024-01-31 12:34:56 UTC, in seconds since 1970.
    let now = 1_706_704_496.0

    func testAnHTTPDateAsksForTheSecondsUntilIt() {
        XCTAssertEqual(RetryPolicy.retryAfterWait("Wed, 31 Jan 2024 12:35:06 GMT", now: now), 10)
        XCTAssertEqual(RetryPolicy.retryAfterWait("Thu, 01 Feb 2024 12:34:56 GMT", now: now), 86_400)
        XCTAssertEqual(RetryPolicy.retryAfterWait("Thu, 29 Feb 2024 00:00:00 GMT", now: now), 2_460_304, "a leap day")
        XCTAssertEqual(RetryPolicy.retryAfterWait("Thu, 01 Jan 1970 00:00:00 GMT", now: 0), 0)
    }

    func testADatePastAsksForNoWaitAndSecondsStillCount() {
        XCTAssertEqual(RetryPolicy.retryAfterWait("Wed, 31 Jan 2024 12:00:00 GMT", now: now), 0)
        XCTAssertEqual(RetryPolicy.retryAfterWait(" 120 ", now: now), 120)
    }

    func testWhatIsNeitherAsksForNothing() {
        for text in ["soon", "Wed, 31 Jan 2024 12:35:06 CET", "Wed, 31 Foo 2024 12:35:06 GMT", "Wed, 31 Jan 2024 25:00:00 GMT", "", "-1"] {
            XCTAssertNil(RetryPolicy.retryAfterWait(text, now: now), text)
        }
        XCTAssertNil(RetryPolicy.retryAfterWait(nil, now: now))
    }
}
