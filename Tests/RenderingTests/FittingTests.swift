import XCTest

@testable import Rendering

/// Nothing important is cut: values wrap, paths lose their middle, headers keep the folder.
final class FittingTests: XCTestCase {
    let etag = "9b2cf535f27731c974343645a39853289b2cf535f27731c974343645a3985328"

    func testA64CharacterETagWrapsWholeAt40And80Columns() {
        for width in [40, 80] {
            let screen = ScreenView(
                location: "x:/c", left: PaneView(title: "c/", body: .entries([], total: 0)),
                right: PaneView(
                    title: "info e",
                    body: .fields([
                        PaneField(label: "ETag", value: etag),
                        PaneField(label: "Bytes", value: "1"),
                    ])))
            let lines = ScreenRenderer.render(screen, options: RenderOptions(width: width, height: 20))
            let right = lines.dropFirst(3).map { line -> String in
                guard let bar = line.range(of: " │ ") else { return "" }
                return String(line[bar.upperBound...])
            }
            let value = right.filter { !$0.contains("Bytes:") }.map { $0.replacingOccurrences(of: "ETag:", with: "") }
                .joined().replacingOccurrences(of: " ", with: "")
            XCTAssertEqual(value, etag, "at \(width) columns the ETag is not whole:\n\(lines.joined(separator: "\n"))")
            XCTAssertFalse(lines.joined().contains("…"), "something was cut at \(width) columns")
            XCTAssertTrue(lines.allSatisfy { DisplayWidth.width(of: $0) <= width })
        }
    }

    func testSearchPathsLoseTheirMiddleNotTheFileName() {
        let path = "archive/2024/projects/very long project name/deliverables/final report.pdf"
        for width in [20, 30, 50] {
            let cut = DisplayWidth.truncateMiddle(path, toWidth: width)
            XCTAssertTrue(cut.hasSuffix("/final report.pdf"), cut)
            XCTAssertTrue(cut.hasPrefix("ar"), cut)
            XCTAssertTrue(cut.contains("…"), cut)
            XCTAssertLessThanOrEqual(DisplayWidth.width(of: cut), width)
        }
        XCTAssertEqual(DisplayWidth.truncateMiddle(path, toWidth: 10), "archive/2…", "the name alone does not fit: cut the end")
        XCTAssertEqual(DisplayWidth.truncateMiddle("photos/2024/", toWidth: 8), "p…/2024/", "a folder path keeps its last folder")
    }

    func testAHeaderKeepsTheFolderName() {
        let pane = PaneView(title: "backups/logs/2024/a very long folder name here/june/", summary: "2 folders", body: .message("x"))
        let header = PaneRenderer.header(pane, width: 30).rendered(color: false)
        XCTAssertTrue(header.hasSuffix("/june/"), header)
        XCTAssertTrue(header.hasPrefix("backups"), header)
        XCTAssertLessThanOrEqual(DisplayWidth.width(of: header), 30)
    }

    func testWrapKeepsEveryClusterAndFitsTheWidth() {
        let text = "日本語のとても長い名前👨‍👩‍👧‍👦 and plain text"
        let pieces = DisplayWidth.wrap(text, toWidth: 7)
        XCTAssertEqual(pieces.joined(), text)
        XCTAssertTrue(pieces.allSatisfy { DisplayWidth.width(of: $0) <= 7 })
    }
}
