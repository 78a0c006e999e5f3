import Rendering
import XCTest

final class TerminalEscapingTests: XCTestCase {
    private func escape(scalar value: UInt32) -> String {
        TerminalEscaping.escape(String(Character(Unicode.Scalar(value)!)))
    }

    func testEveryC0ControlAndDEL() {
        let named: [UInt32: String] = [0x09: "\\t", 0x0A: "\\n", 0x0D: "\\r", 0x1B: "\\e"]
        for value in Array(UInt32(0x00)...0x1F) + [0x7F] {
            let hex = String(value, radix: 16, uppercase: true)
            let expected = named[value] ?? "\\x" + (hex.count == 1 ? "0" + hex : hex)
            XCTAssertEqual(escape(scalar: value), expected, "U+\(hex)")
        }
        XCTAssertEqual(escape(scalar: 0x00), "\\x00")
        XCTAssertEqual(escape(scalar: 0x07), "\\x07")
        XCTAssertEqual(escape(scalar: 0x7F), "\\x7F")
    }

    func testEveryC1Control() {
        for value in UInt32(0x80)...0x9F {
            let hex = String(value, radix: 16, uppercase: true)
            XCTAssertEqual(escape(scalar: value), "\\u{\(hex)}")
        }
        XCTAssertEqual(escape(scalar: 0x85), "\\u{85}")
        XCTAssertEqual(escape(scalar: 0x9B), "\\u{9B}")
    }

    func testEscapeSequenceIsDefused() {
        XCTAssertEqual(TerminalEscaping.escape("evil\u{1B}[31mred\u{1B}[0m"), "evil\\e[31mred\\e[0m")
        XCTAssertEqual(TerminalEscaping.escape("\u{1B}]0;title\u{07}"), "\\e]0;title\\x07")
    }

    func testBidiControlsAreNeutralised() {
        XCTAssertEqual(TerminalEscaping.escape("invoice\u{202E}fdp.exe"), "invoice\\u{202E}fdp.exe")
        for value in Array(UInt32(0x202A)...0x202E) + Array(UInt32(0x2066)...0x2069) {
            let hex = String(value, radix: 16, uppercase: true)
            XCTAssertEqual(escape(scalar: value), "\\u{\(hex)}")
        }
        for value: UInt32 in [0x061C, 0x200E, 0x200F, 0x2028, 0x2029] {
            XCTAssertTrue(escape(scalar: value).hasPrefix("\\u{"), "U+\(value)")
        }
    }

    func testNewlineAndOtherWhitespaceInNames() {
        XCTAssertEqual(TerminalEscaping.escape("line\nbreak.txt"), "line\\nbreak.txt")
        XCTAssertEqual(TerminalEscaping.escape("a\r\nb\tc"), "a\\r\\nb\\tc")
    }

    func testPrintableTextIsUnchanged() {
        let samples = ["", "plain.txt", "with space", "back\\slash", "東京タワー", "👨‍👩‍👧‍👦", "e\u{301}", "a\u{200D}b"]
        for sample in samples {
            XCTAssertEqual(TerminalEscaping.escape(sample), sample)
        }
    }

    func testOutputNeverContainsControls() {
        var all = String.UnicodeScalarView()
        for value in UInt32(0)...0xA0 { all.append(Unicode.Scalar(value)!) }
        for value in UInt32(0x2000)...0x206F { all.append(Unicode.Scalar(value)!) }
        let escaped = TerminalEscaping.escape(String(all))
        for scalar in escaped.unicodeScalars {
            let value = scalar.value
            XCTAssertFalse(value < 0x20 || (0x7F...0x9F).contains(value), "raw control U+\(value)")
            XCTAssertFalse((0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value))
        }
    }
}
