import Foundation
import Storage
import XCTest

/// The hand-written date parser both stores use for listings and headers.
final class ServerDatesTests: XCTestCase {
    func testSwiftListingDates() throws {
        let date = try XCTUnwrap(ServerDates.iso8601("2024-01-31T12:34:56.250000"))
        XCTAssertEqual(date.timeIntervalSince1970, 1_706_704_496.25, accuracy: 0.0001)
        XCTAssertEqual(ServerDates.iso8601("2024-01-31T12:34:56")?.timeIntervalSince1970, 1_706_704_496)
    }

    /// S3 writes `LastModified` with milliseconds and a `Z` (ListObjectsV2's example).
    func testS3ListingDates() throws {
        let date = try XCTUnwrap(ServerDates.iso8601("2009-10-12T17:50:30.000Z"))
        XCTAssertEqual(date.timeIntervalSince1970, 1_255_369_830)
        XCTAssertEqual(ServerDates.iso8601("2024-01-31T12:34:56.5Z")?.timeIntervalSince1970, 1_706_704_496.5)
        XCTAssertEqual(ServerDates.iso8601("2024-01-31T12:34:56Z")?.timeIntervalSince1970, 1_706_704_496)
    }

    func testHTTPDates() {
        XCTAssertEqual(ServerDates.http("Wed, 31 Jan 2024 12:34:56 GMT")?.timeIntervalSince1970, 1_706_704_496)
        XCTAssertEqual(ServerDates.http("Mon, 12 Oct 2009 17:50:30 GMT")?.timeIntervalSince1970, 1_255_369_830)
        XCTAssertNil(ServerDates.http("Wed, 31 Foo 2024 12:34:56 GMT"))
    }

    /// What a broken or hostile server could send gives no date, never a crash.
    func testMalformedDatesGiveNil() {
        for text in [
            "yesterday", "", "2024-01-31", "2024-13-01T00:00:00", "2024-01-31T12:34:56.", "2024-01-31T12:34:56+01:00",
            "2024-01-31T12:34:56.99999999999999999999999999Z", "２０２４-01-31T12:34:56", "2024-01-31T12:34:5x",
        ] {
            XCTAssertNil(ServerDates.iso8601(text), text)
        }
    }
}
