import Clusters
import XCTest

@testable import ShellCore

/// `share`'s words: durations, and what cannot be given together.
@MainActor
final class ShareCommandTests: XCTestCase {
    func decode(_ words: [String]) throws -> ShareCommand {
        try ShareCommand(CommandArguments(try ParsedCommand.parse(ShareCommand.spec, words: words)))
    }

    func testDurationsInEachUnit() async throws {
        XCTAssertEqual(DurationText.seconds("90s"), 90)
        XCTAssertEqual(DurationText.seconds("30m"), 1_800)
        XCTAssertEqual(DurationText.seconds("1h"), 3_600)
        XCTAssertEqual(DurationText.seconds("7d"), 604_800)
        for bad in ["", "h", "0h", "-1h", "+1h", "1.5h", "1w", "10", "1h30m", "٣h", "99999999999d"] {
            XCTAssertNil(DurationText.seconds(bad), bad)
        }
        XCTAssertEqual(DurationText.format(604_800), "7d")
        XCTAssertEqual(DurationText.format(5_400), "90m")
        XCTAssertEqual(DurationText.format(61), "61s")
        XCTAssertEqual(try decode(["x"]).lifetime, 3_600, "the default is an hour")
        XCTAssertEqual(try decode(["--expires", "30m", "--put", "x"]).method, .put)
    }

    func testBadWordsAreUsageErrors() async {
        let cases: [([String], String)] = [
            (["--expires", "1week", "x"], "share: --expires takes a duration such as 90s, 30m, 1h or 7d"),
            (["--set-key", "x"], "share: too many arguments"),
            (["--set-key", "--put"], "share: --set-key and --put cannot be given together"),
            (["--set-key", "--expires", "1h"], "share: --set-key and --expires cannot be given together"),
        ]
        for (words, message) in cases {
            XCTAssertThrowsError(try decode(words), "\(words)") { error in
                XCTAssertEqual((error as? ShellError)?.message, message + "\nusage: " + ShareCommand.spec.synopsis)
                XCTAssertEqual((error as? ShellError)?.exitStatus, ExitStatus.usage)
            }
        }
    }
}
