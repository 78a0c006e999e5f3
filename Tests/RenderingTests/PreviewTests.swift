import XCTest

@testable import Rendering

/// The lines an info pane previews: split at line feeds, escaped as `less` escapes, and
/// laid out under the facts in the room they leave, behind a gutter.
final class PreviewTests: XCTestCase {
    func testLinesAreSplitWithoutTheirLineEnds() {
        XCTAssertEqual(PreviewLines.lines(of: Array("one\r\ntwo\n\nfour\n".utf8), isWhole: true), ["one", "two", "", "four"])
        XCTAssertEqual(PreviewLines.lines(of: Array("\n".utf8), isWhole: true), [""], "one empty line")
        XCTAssertEqual(PreviewLines.lines(of: [], isWhole: true), [])
        XCTAssertEqual(PreviewLines.lines(of: Array("last\r".utf8), isWhole: true), ["last^M"], "a lone CR at the end is content")
    }

    func testAReadThatStoppedMidwayShowsNoCutCharacterAndNoLineNotSeen() {
        let bytes = Array("a\n日本".utf8)
        XCTAssertEqual(PreviewLines.lines(of: Array(bytes.dropLast()), isWhole: false), ["a", "日"])
        XCTAssertEqual(PreviewLines.lines(of: Array("a\nb\n".utf8), isWhole: false), ["a", "b"])
        XCTAssertEqual(PreviewLines.lines(of: Array("a\r".utf8), isWhole: false), ["a"], "the CR of a CRLF the read cut")
        XCTAssertEqual(PreviewLines.lines(of: Array(bytes.dropLast()), isWhole: true), ["a", "日<E6><9C>"], "the object ends there")
    }

    func testEscapesAndBadBytesAreMadeVisibleAndTabsExpand() {
        let hostile: [UInt8] = Array("\u{1B}[2J\u{1B}]0;title\u{07}x\tx\n".utf8) + [0xFF, 0x41, 0xC3] + Array("\n\u{202E}rtl\u{9B}".utf8)
        let lines = PreviewLines.lines(of: hostile, isWhole: true)
        XCTAssertEqual(lines, ["^[[2J^[]0;title^Gx" + String(repeating: " ", count: 6) + "x", "<FF>A<C3>", "\\u{202E}rtl\\u{9B}"])
        XCTAssertFalse(lines.joined().unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        XCTAssertEqual(
            PreviewLines.lines(of: Array("日\tx".utf8), isWhole: true), ["日" + String(repeating: " ", count: 6) + "x"], "a stop counts cells")
    }

    func testThePreviewTakesTheRoomTheFactsLeave() {
        let fields = [PaneField(label: "Bytes", value: "9"), PaneField(label: "Type", value: "text/plain")]
        let lines = (1...9).map { "line \($0)" }
        XCTAssertEqual(
            body(fields, .lines(lines), width: 20, height: 6),
            ["  Bytes: 9", "  Type:  text/plain", "", "  ┊ line 1", "  ┊ line 2", "  ┊ line 3"])
        XCTAssertEqual(
            body(fields, .lines([String(repeating: "x", count: 40)]), width: 20, height: 6).last,
            "  ┊ " + String(repeating: "x", count: 15) + "…", "cut to the width")
        XCTAssertEqual(
            body(fields, .note("binary: image/png, 1.0 KiB"), width: 40, height: 6),
            ["  Bytes: 9", "  Type:  text/plain", "", "  binary: image/png, 1.0 KiB"])
    }

    func testFactsComeFirstAndAPreviewWithNoRoomIsLeftOut() {
        let fields = (1...4).map { PaneField(label: "F\($0)", value: "v") }
        XCTAssertEqual(body(fields, .lines(["x"]), width: 20, height: 5).count, 4, "one line left: no room")
        XCTAssertEqual(body(fields, .lines(["x"]), width: 20, height: 3).last, "  … 2 more")
        XCTAssertEqual(
            body(fields, .lines(["\u{1B}[31mred"]), width: 20, height: 8).last, "  ┊ \\e[31mred",
            "a line not escaped before is escaped here")
    }

    private func body(_ fields: [PaneField], _ preview: PanePreview, width: Int, height: Int) -> [String] {
        PaneRenderer.body(.fields(fields, preview: preview), width: width, height: height).map { $0.rendered(color: false) }
    }
}
