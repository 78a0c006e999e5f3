import Browser
import Foundation
import Storage
import XCTest

@testable import ShellCore

/// `search --larger/--smaller/--newer/--older`: decoded into bounds, and the bounds applied.
@MainActor
final class SearchFilterTests: XCTestCase {
    func decode(_ words: [String]) throws -> SearchCommand {
        try SearchCommand(CommandArguments(try ParsedCommand.parse(SearchCommand.spec, words: words)))
    }

    func testSizesAndAgesAreDecoded() async throws {
        let before = Date()
        let command = try decode(["--larger", "1K", "--smaller", "2M", "--newer", "7d", "--older", "2024-06-01", "--live", "x"])
        XCTAssertEqual(command.filter.largerThan, 1024)
        XCTAssertEqual(command.filter.smallerThan, 2 << 20)
        let newer = try XCTUnwrap(command.filter.newerThan)
        XCTAssertEqual(newer.timeIntervalSince(before), -7 * 86_400, accuracy: 5)
        XCTAssertEqual(command.filter.olderThan, Date(timeIntervalSince1970: 1_717_200_000))
        XCTAssertTrue(command.isLive)
        XCTAssertEqual(try decode(["x"]).filter, SearchFilter())
    }

    func testABadAgeOrSizeIsAUsageError() async {
        for words in [["--newer", "yesterday", "x"], ["--older", "7x", "x"], ["--larger", "big", "x"]] {
            XCTAssertThrowsError(try decode(words)) { error in
                XCTAssertEqual(ErrorReport(error).failureClass, .usage, "\(words)")
            }
        }
    }

    func testTheBoundsAreStrictAndAnUndatedObjectPassesNoDateBound() async {
        let day = Date(timeIntervalSince1970: 1_717_200_000)
        let object = ObjectSummary(name: "a", bytes: 100, contentType: "", lastModified: day)
        XCTAssertTrue(SearchFilter(largerThan: 99, smallerThan: 101).keeps(object))
        XCTAssertFalse(SearchFilter(largerThan: 100).keeps(object))
        XCTAssertFalse(SearchFilter(smallerThan: 100).keeps(object))
        XCTAssertTrue(SearchFilter(newerThan: day - 1, olderThan: day + 1).keeps(object))
        XCTAssertFalse(SearchFilter(newerThan: day).keeps(object))
        XCTAssertFalse(SearchFilter(olderThan: day).keeps(ObjectSummary(name: "b", bytes: 1, contentType: "")))
        XCTAssertTrue(SearchFilter().keeps(ObjectSummary(name: "b", bytes: 1, contentType: "")))
    }

    func testAGlobRequiresItsLiteralRuns() async {
        XCTAssertEqual(SearchMatcher(term: "*2024/0?/Qui*.png").requiredRuns, ["2024/0", "/qui", ".png"])
        XCTAssertEqual(SearchMatcher(term: "Beach").requiredRuns, ["beach"])
        XCTAssertEqual(SearchMatcher(term: "a[bc]d").requiredRuns, ["a", "d"])
    }
}
