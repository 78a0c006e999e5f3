import Places
import Transfers
import XCTest

@testable import ShellCore

/// Each reason a name is refused as a local path has its own one-line words, after the
/// name and the word every script reads: `NAME: skipped, refused: …`.
final class LocalNameWordsTests: XCTestCase {
    static let refusals: [LocalNameRefusal] = [
        .climbs, .absolute, .emptySegment, .dotSegment, .nul, .segmentTooLong(bytes: 300), .fileAndFolder(path: "f"),
    ]

    func testEachRefusalIsWordedAfterTheName() {
        var seen: Set<String> = []
        for refusal in Self.refusals {
            let report = ErrorReport(TransferError.unsafeName("../x", reason: refusal))
            XCTAssertTrue(report.message.hasPrefix("../x: skipped, refused: "), report.message)
            XCTAssertFalse(report.message.contains("\n"), report.message)
            XCTAssertEqual(report.failureClass, .failed)
            XCTAssertTrue(seen.insert(ErrorReport.words(refusal)).inserted, "\(refusal) shares its words")
        }
        XCTAssertTrue(ErrorReport.words(.segmentTooLong(bytes: 300)).contains("300 bytes"))
        XCTAssertTrue(ErrorReport.words(.fileAndFolder(path: "f")).contains("needs f as a folder"))
    }
}
