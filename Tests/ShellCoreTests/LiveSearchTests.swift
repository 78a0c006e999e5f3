import Foundation
import XCTest

/// In an interactive session at a terminal, search results show as they are found,
/// redrawn in place, and the final screen takes their place; a script or a pipe gets
/// only the final screen.
@MainActor
final class LiveSearchTests: XCTestCase {
    var harness: TranscriptHarness!

    override func setUp() async throws { harness = try TranscriptHarness() }
    override func tearDown() async throws { harness.remove() }

    func testResultsGrowInPlaceAndTheFinalScreenTakesTheirPlace() async throws {
        let opening = try await harness.run("", width: 100, rows: 10).stdout
        let batch = try await harness.run("search jpg", width: 100, rows: 10)
        let live = try await harness.run("search jpg", width: 100, rows: 10, live: true)
        XCTAssertEqual(live.status, 0, live.stderr)
        XCTAssertEqual(live.stderr, "")

        XCTAssertTrue(batch.stdout.hasPrefix(opening), batch.stdout)
        let final = String(batch.stdout.dropFirst(opening.count))
        XCTAssertTrue(final.contains("search jpg  14 matches"), final)
        XCTAssertFalse(batch.stdout.contains("\u{1B}"), "a script gets no cursor movement")
        XCTAssertFalse(batch.stdout.contains("searching"), "a script gets no partial screen")

        XCTAssertTrue(live.stdout.hasPrefix(opening), live.stdout)
        XCTAssertTrue(live.stdout.hasSuffix(final), "the live session ends on the same final screen:\n\(live.stdout)")
        let frames = String(live.stdout.dropFirst(opening.count).dropLast(final.count))
        // "My Photos" comes first and holds three: the first frame is drawn as soon as they are known.
        XCTAssertTrue(frames.contains("[search: jpg]"), frames)
        XCTAssertTrue(frames.contains("search jpg  3 found so far, searching…"), frames)

        // The frames end by going back up over the last one and clearing it, for the final screen.
        let erase = try XCTUnwrap(frames.range(of: "\r\u{1B}[", options: .backwards), frames)
        XCTAssertTrue(frames.hasSuffix("A\u{1B}[J"), frames)
        let up = Int(frames[erase.upperBound...].prefix { $0.isNumber })
        let drawn = frames[..<erase.lowerBound].components(separatedBy: "\u{1B}[J").dropLast()
        let lastFrameLines = (drawn.last ?? "").components(separatedBy: "\u{1B}[2K").count - 1
        XCTAssertGreaterThan(lastFrameLines, 3)
        XCTAssertEqual(up, lastFrameLines, "the erase goes up exactly over the last frame")
        // Every frame row is cleared, then written, and nothing else moves down: no scrolling flood.
        XCTAssertEqual(frames.components(separatedBy: "\n").count, frames.components(separatedBy: "\u{1B}[2K").count)
        XCTAssertTrue(drawn.dropFirst().allSatisfy { $0.hasPrefix("\r\u{1B}[") }, "each later frame starts by going back up")
    }

    func testQuietAndJSONGetNoPartialScreen() async throws {
        // With -q the results are the answer, a line each, with no frame drawn.
        let quiet = try await harness.run("search jpg", quiet: true, live: true)
        XCTAssertFalse(quiet.stdout.contains("\u{1B}"), quiet.stdout)
        XCTAssertTrue(quiet.stdout.hasSuffix(".jpg\n"), quiet.stdout)
        let json = try await harness.run("search jpg", json: true, live: true)
        XCTAssertFalse(json.stdout.contains("\u{1B}"), json.stdout)
        XCTAssertFalse(json.stdout.contains("searching"), json.stdout)
        XCTAssertEqual(json.stdout.split(separator: "\n").count, 14, "every result, one JSON line each")
    }
}
