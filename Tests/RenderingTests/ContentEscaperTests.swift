import Rendering
import XCTest

/// Object bytes at a terminal: lines and tabs stay, controls show as `less` shows them,
/// and a character split between two chunks comes out whole.
final class ContentEscaperTests: XCTestCase {
    func testControlsAreShownInCaretNotationAndTextStays() {
        var escaper = ContentEscaper()
        let text = escaper.escape(Array("a\tb\n\u{1B}[31mred\u{07}\u{7F}".utf8))
        XCTAssertEqual(text, "a\tb\n^[[31mred^G^?")
        XCTAssertEqual(escaper.escape(Array("rtl \u{202E}x \u{9B}".utf8)), "rtl \\u{202E}x \\u{9B}")
    }

    func testACharacterSplitBetweenChunksIsKeptWhole() {
        var escaper = ContentEscaper()
        let bytes = Array("日本".utf8)
        XCTAssertEqual(escaper.escape(bytes[0..<2]), "")
        XCTAssertEqual(escaper.escape(bytes[2..<4]), "日")
        XCTAssertEqual(escaper.escape(bytes[4...]), "本")
        XCTAssertEqual(escaper.finish(), "")
    }

    func testBytesThatAreNotUTF8AreShownAsHex() {
        var escaper = ContentEscaper()
        XCTAssertEqual(escaper.escape([0x61, 0xFF, 0x62, 0xC0, 0x41]), "a<FF>b<C0>A")
        XCTAssertEqual(escaper.escape([0xE6, 0x97]), "")
        XCTAssertEqual(escaper.finish(), "<E6><97>")
    }
}
