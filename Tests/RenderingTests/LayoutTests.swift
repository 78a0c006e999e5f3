import Foundation
import Rendering
import XCTest

final class LayoutTests: XCTestCase {
    private func render(_ screen: ScreenView, width: Int = 40, height: Int = 8, color: Bool = false) -> [String] {
        ScreenRenderer.render(screen, options: RenderOptions(width: width, height: height, color: color))
    }

    private func pane(_ body: PaneBody) -> ScreenView {
        ScreenView(location: "c:/", left: PaneView(title: "left", summary: "", body: body))
    }

    /// Body lines of the left column, trailing blanks and separator removed.
    private func leftBody(_ screen: ScreenView, width: Int = 40, height: Int = 8) -> [String] {
        render(screen, width: width, height: height).dropFirst(3).map { line in
            let left = line.components(separatedBy: " │").first ?? line
            return String(left.reversed().drop(while: { $0 == " " }).reversed())
        }
    }

    private static let sgr = try! NSRegularExpression(pattern: "\u{1B}\\[[0-9;]*m")

    private func strippingSGR(_ line: String) -> String {
        Self.sgr.stringByReplacingMatches(
            in: line, range: NSRange(line.startIndex..., in: line), withTemplate: "")
    }

    func testEveryLineFitsForWidthSweep() {
        for (name, screen) in SampleScreens.all {
            for width in 20...140 {
                for line in render(screen, width: width, height: 6) {
                    XCTAssertLessThanOrEqual(DisplayWidth.width(of: line), width, "\(name) @ \(width): \(line)")
                    XCTAssertFalse(line.hasSuffix(" "), "\(name) @ \(width): untrimmed line")
                }
                let colored = render(screen, width: width, height: 6, color: true)
                let plain = render(screen, width: width, height: 6)
                for (coloredLine, plainLine) in zip(colored, plain) {
                    let stripped = strippingSGR(coloredLine)
                    XCTAssertLessThanOrEqual(DisplayWidth.width(of: stripped), width, "\(name) @ \(width) color")
                    // Only the reverse-video bar may keep trailing spaces that plain output trims.
                    XCTAssertEqual(String(stripped.reversed().drop(while: { $0 == " " }).reversed()), plainLine)
                }
            }
        }
    }

    func testRuleAndSeparatorSpanTheFullWidth() {
        for width in [20, 41, 80, 131] {
            let lines = render(SampleScreens.browse, width: width)
            let lw = (width - 3) / 2
            let rw = width - 3 - lw
            XCTAssertEqual(lines[2], String(repeating: "─", count: lw) + "─┼─" + String(repeating: "─", count: rw))
            XCTAssertEqual(DisplayWidth.width(of: lines[2]), width)
            for line in lines.dropFirst(1) where line != lines[2] {
                let prefix = line.prefix { $0 != "│" }
                XCTAssertEqual(DisplayWidth.width(of: String(prefix)), lw + 1, "separator column @ \(width)")
            }
        }
    }

    func testSmallSizesAreClamped() {
        XCTAssertEqual(render(SampleScreens.browse, width: 5), render(SampleScreens.browse, width: 20))
        XCTAssertEqual(render(SampleScreens.browse, height: 0), render(SampleScreens.browse, height: 3))
        XCTAssertEqual(render(SampleScreens.browse, height: 3).count, 3 + 3)
    }

    func testLocationLineWithMode() {
        XCTAssertEqual(render(SampleScreens.search, width: 80)[0], "sample:/photos  [search: beach]")
        XCTAssertEqual(render(SampleScreens.search, width: 20)[0], "sample:/photos  [se…")
        let hostile = ScreenView(location: "c:/\u{1B}[2J", mode: "x\ny", left: SampleScreens.photosParent)
        XCTAssertEqual(render(hostile)[0], "c:/\\e[2J  [x\\ny]")
    }

    func testOverflowShowsMoreRow() {
        let rows = (1...10).map { PaneRow(name: "item\($0)") }
        XCTAssertEqual(
            leftBody(pane(.entries(rows, total: 10)), height: 5),
            ["  item1", "  item2", "  item3", "  item4", "  … 6 more"])
        XCTAssertEqual(
            leftBody(pane(.entries(Array(rows.prefix(3)), total: 10))),
            ["  item1", "  item2", "  item3", "  … 7 more"])
        XCTAssertEqual(
            leftBody(pane(.entries(Array(rows.prefix(5)), total: 5)), height: 5),
            ["  item1", "  item2", "  item3", "  item4", "  item5"])
    }

    func testMarkedEntryIsScrolledIntoView() {
        var rows = (1...10).map { PaneRow(name: "item\($0)") }
        rows[8].isMarked = true
        XCTAssertEqual(
            leftBody(pane(.entries(rows, total: 10)), height: 5),
            ["  item6", "  item7", "  item8", "> item9", "  … 6 more"])
    }

    func testEmptyAndMessageBodies() {
        XCTAssertEqual(leftBody(pane(.entries([], total: 0))), ["  (empty)"])
        XCTAssertEqual(leftBody(pane(.fields([]))), ["  (empty)"])
        XCTAssertEqual(leftBody(pane(.message("bad\u{7}thing"))), ["  bad\\x07thing"])
    }

    func testEntryDetailAlignmentAndNarrowColumns() {
        let rows = [
            PaneRow(name: "a.txt", detail: "1.0 KiB"),
            PaneRow(name: "dir", isFolder: true, detail: "2 items"),
            PaneRow(name: "a very long folder name", isFolder: true),
        ]
        // Width 40: left column 18 cells.
        XCTAssertEqual(
            leftBody(pane(.entries(rows, total: 3))),
            ["  a.txt    1.0 KiB", "  dir/     2 items", "  a very long fo…/"])
        // Width 20: left column 8 cells, too narrow for a detail plus 4 cells of name.
        XCTAssertEqual(
            leftBody(pane(.entries(rows, total: 3)), width: 20),
            ["  a.txt", "  dir/", "  a ve…/"])
    }

    func testFieldsArePaddedToLongestLabel() {
        let body = PaneBody.fields([
            PaneField(label: "Size", value: "12 B"),
            PaneField(label: "Type", value: "text/\u{1B}plain"),
            PaneField(label: "ETag", value: "abc"),
            PaneField(label: "X-Meta", value: "v"),
        ])
        XCTAssertEqual(
            leftBody(pane(body), width: 60, height: 3),
            ["  Size:   12 B", "  Type:   text/\\eplain", "  … 2 more"])
    }

    func testOnePaneLeavesRightColumnBlank() {
        let lines = render(SampleScreens.search, width: 40)
        XCTAssertEqual(lines[1], "search results  3… │")
        XCTAssertEqual(lines[2], String(repeating: "─", count: 18) + "─┼─" + String(repeating: "─", count: 19))
        for line in lines.dropFirst(3) { XCTAssertTrue(line.hasSuffix(" │"), line) }
    }

    func testNoRawControlCharactersWithoutColor() {
        for (name, screen) in SampleScreens.all {
            for line in render(screen, width: 132) {
                for scalar in line.unicodeScalars {
                    XCTAssertFalse(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value), "\(name): \(line)")
                    XCTAssertFalse((0x202A...0x202E).contains(scalar.value), "\(name): \(line)")
                }
            }
        }
    }

    func testColorStyles() {
        let lines = render(SampleScreens.root, width: 60, color: true)
        XCTAssertEqual(lines[0], "sample:/locked")
        XCTAssertTrue(lines[1].hasPrefix("\u{1B}[1msample:/  3 containers"), lines[1])
        XCTAssertTrue(lines[3].hasPrefix("  \u{1B}[1;34mempty-bucket/\u{1B}[0m"), lines[3])
        XCTAssertTrue(lines[4].hasPrefix("\u{1B}[7m> \u{1B}[0m\u{1B}[1;34;7mlocked/\u{1B}[0m\u{1B}[7m "), lines[4])
    }
}

final class LowerBoundTotalTests: XCTestCase {
    func testALowerBoundTotalSaysPlusMore() {
        let rows = (0..<5).map { PaneRow(name: "n\($0)") }
        let pane = PaneView(title: "big/", summary: "10000+ entries", body: .entries(rows, total: 10_000), totalIsLowerBound: true)
        let lines = ScreenRenderer.render(ScreenView(location: "x:/big", left: pane), options: RenderOptions(width: 60, height: 4))
        XCTAssertTrue(lines.contains { $0.contains("… 9997+ more") }, lines.joined(separator: "\n"))
    }
}
