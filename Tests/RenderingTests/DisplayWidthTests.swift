import Rendering
import XCTest

final class DisplayWidthTests: XCTestCase {
    func testWidthTable() {
        let cases: [(String, Int, String)] = [
            ("", 0, "empty"),
            ("abc", 3, "ASCII"),
            ("with space", 10, "ASCII with space"),
            ("caf\u{E9}", 4, "precomposed accent"),
            ("cafe\u{301}", 4, "combining accent"),
            ("a\u{301}\u{302}\u{303}", 1, "stacked combining marks"),
            ("日本語", 6, "CJK ideographs"),
            ("한국어", 6, "Hangul syllables"),
            ("\u{1100}\u{1161}\u{11A8}", 2, "Hangul conjoining jamo"),
            ("ひらがなカタカナ", 16, "kana"),
            ("ｶﾀｶﾅ", 4, "halfwidth katakana"),
            ("ＡＢＣ１", 8, "fullwidth forms"),
            ("。、", 4, "CJK punctuation"),
            ("😀", 2, "emoji"),
            ("🎉 party", 8, "emoji then text"),
            ("👍🏽", 2, "emoji with skin tone"),
            ("👨‍👩‍👧‍👦", 2, "ZWJ family"),
            ("🏳️‍🌈", 2, "ZWJ flag"),
            ("🇯🇵", 2, "flag"),
            ("🇯🇵🇺🇸", 4, "two flags"),
            ("❤", 1, "text-presentation heart"),
            ("❤️", 2, "heart with VS16"),
            ("1️⃣", 2, "keycap"),
            ("⌚", 2, "BMP emoji presentation"),
            ("a\u{200B}b", 2, "zero-width space"),
            ("a\u{FE0E}", 1, "variation selector on ASCII"),
            ("…", 1, "ellipsis"),
            ("│─┼", 3, "box drawing"),
            ("𠀀", 2, "CJK extension B"),
        ]
        for (text, expected, label) in cases {
            XCTAssertEqual(DisplayWidth.width(of: text), expected, label)
        }
    }

    func testTruncateTable() {
        let cases: [(String, Int, String)] = [
            ("hello world", 11, "hello world"),
            ("hello world", 20, "hello world"),
            ("hello world", 5, "hell…"),
            ("hello", 1, "…"),
            ("h", 1, "h"),
            ("hello", 0, ""),
            ("hello", -3, ""),
            ("日本語", 6, "日本語"),
            ("日本語", 5, "日本…"),
            ("日本語", 4, "日…"),
            ("日本語", 2, "…"),
            ("cafe\u{301}s", 5, "cafe\u{301}s"),
            ("cafe\u{301}s", 4, "caf…"),
            ("e\u{301}xyz", 2, "e\u{301}…"),
            ("👨‍👩‍👧‍👦family", 3, "👨‍👩‍👧‍👦…"),
            ("👨‍👩‍👧‍👦family", 2, "…"),
            ("🇯🇵🇺🇸", 3, "🇯🇵…"),
        ]
        for (text, width, expected) in cases {
            XCTAssertEqual(DisplayWidth.truncate(text, toWidth: width), expected, "\(text) @ \(width)")
        }
    }

    func testPadTable() {
        XCTAssertEqual(DisplayWidth.pad("ab", toWidth: 4), "ab  ")
        XCTAssertEqual(DisplayWidth.pad("日本語", toWidth: 4), "日… ")
        XCTAssertEqual(DisplayWidth.pad("日本", toWidth: 4), "日本")
        XCTAssertEqual(DisplayWidth.pad("", toWidth: 3), "   ")
        XCTAssertEqual(DisplayWidth.pad("abc", toWidth: 0), "")
    }

    /// Deterministic pseudo-random strings from a pool of tricky clusters.
    private func sampleStrings() -> [String] {
        let pool = [
            "a", "Z", " ", "é", "e\u{301}", "日", "한", "ｶ", "Ａ", "😀", "👍🏽", "👨‍👩‍👧‍👦",
            "🇯🇵", "❤️", "1️⃣", "\u{200B}", "/", "…", "\u{1100}\u{1161}", "ق", "\\e",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<300).map { _ in
            (0..<next(16)).map { _ in pool[next(pool.count)] }.joined()
        }
    }

    func testTruncateNeverExceedsWidthNorSplitsClusters() {
        for text in sampleStrings() {
            let clusters = Array(text)
            let fullWidth = DisplayWidth.width(of: text)
            for width in 0...24 {
                let cut = DisplayWidth.truncate(text, toWidth: width)
                let cutWidth = DisplayWidth.width(of: cut)
                XCTAssertLessThanOrEqual(cutWidth, max(0, width), "\(text) @ \(width)")
                if fullWidth <= width {
                    XCTAssertEqual(cut, text)
                    continue
                }
                guard width > 0 else {
                    XCTAssertEqual(cut, "")
                    continue
                }
                XCTAssertTrue(cut.hasSuffix("…"), "\(text) @ \(width)")
                let kept = Array(cut.dropLast())
                XCTAssertEqual(kept, Array(clusters.prefix(kept.count)), "split cluster: \(text) @ \(width)")
                // The kept prefix is as long as possible: only a wide cluster may leave a gap.
                XCTAssertGreaterThanOrEqual(cutWidth, width - 1 - 1, "\(text) @ \(width)")

                let padded = DisplayWidth.pad(text, toWidth: width)
                XCTAssertEqual(DisplayWidth.width(of: padded), width, "pad \(text) @ \(width)")
                XCTAssertTrue(padded.hasPrefix(cut))
            }
        }
    }
}
