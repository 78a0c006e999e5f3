import XCTest

@testable import Places

/// A glob tested on a plain ASCII name's bytes answers as the test by `Character` does;
/// other names take the `Character` path.
final class GlobBytesTests: XCTestCase {
    static let patterns = [
        "*.jpg", "*beach*", "photo?.png", "[a-c]*", "[!a-c]*", "[^0-9]?x", "*a*b*c", "\\*literal", "IMG_[0-9][0-9]*.JPG",
        "*[]]*", "[-a]*", "*", "?", "a*", "*ü*", "*é?", "[é-ü]*",
    ]
    static let names = [
        "beach.jpg", "Beach.JPG", "photo1.png", "photo12.png", "abc", "xyz", "9ax", "Qax", "aXbYc", "*literal", "literal",
        "IMG_2024.jpg", "img_2.JPG", "a]b", "-z", "", "a", "über", "cafe\u{301}x", "café", "a\r\nb", "x\ry", "ÉTÉ",
    ]

    func testBytesAnswerAsCharactersDo() {
        for pattern in Self.patterns {
            for folding in [false, true] {
                let glob = Glob(pattern, foldingCase: folding)
                for name in Self.names {
                    let byCharacter = Glob.match(glob.tokens, Array(folding ? name.lowercased() : name))
                    XCTAssertEqual(glob.matches(name), byCharacter, "\(pattern) \(name) folding \(folding)")
                    if let byBytes = glob.byteMatch(name) { XCTAssertEqual(byBytes, byCharacter, "\(pattern) \(name)") }
                }
            }
        }
    }

    func testOnlyPlainASCIITakesTheBytePath() {
        let glob = Glob("*b*", foldingCase: true)
        XCTAssertNotNil(glob.byteMatch("abc"))
        XCTAssertNil(glob.byteMatch("a\r\nb"), "CR LF is one character")
        XCTAssertNil(glob.byteMatch("über"))
        XCTAssertNil(Glob("*ü*").byteMatch("abc"), "a literal beyond ASCII")
    }
}
