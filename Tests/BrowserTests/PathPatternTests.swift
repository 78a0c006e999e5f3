import Storage
import XCTest

@testable import Browser

/// Globs within a segment, `**` across segments, escapes, and where a pattern's listing starts.
@MainActor
final class PathPatternTests: XCTestCase {
    func testGlobWildcardsSetsAndEscapes() async {
        let cases: [(String, String, Bool)] = [
            ("*.log", "app.log", true), ("*.log", "app.log.gz", false), ("a?c", "abc", true), ("a?c", "ac", false),
            ("[a-c]x", "bx", true), ("[a-c]x", "dx", false), ("[!a-c]x", "dx", true), ("[^a]x", "ax", false),
            ("[]]x", "]x", true), ("a\\*b", "a*b", true), ("a\\*b", "aXb", false), ("a\\?", "a?", true),
            ("a[", "a[", true), ("東*", "東京.log", true), ("?.log", "東.log", true), ("🎉*", "🎉 party.gif", true),
            ("*", "", true), ("a**b", "ab", true), ("\\\\", "\\", true),
        ]
        for (pattern, name, expected) in cases {
            XCTAssertEqual(Glob(pattern).matches(name), expected, "\(pattern) against \(name)")
        }
        XCTAssertTrue(Glob("*.LOG", foldingCase: true).matches("app.log"))
        XCTAssertFalse(Glob("*.LOG").matches("app.log"))
    }

    func testWildcardsAndLiterals() async {
        XCTAssertTrue(Glob.hasWildcard("a*"))
        XCTAssertTrue(Glob.hasWildcard("[ab]"))
        XCTAssertFalse(Glob.hasWildcard("a\\*"))
        XCTAssertFalse(Glob.hasWildcard("a["))
        XCTAssertEqual(Glob("a\\*b").literal, "a*b")
        XCTAssertEqual(Glob("IMG_\\[1]*.jpg").literalPrefix, "IMG_[1]")
        XCTAssertNil(Glob("a*").literal)
    }

    func testTheBaseIsTheLiteralPathBeforeTheFirstWildcard() async throws {
        let here = Location(segments: ["photos", "2024"])
        let pattern = try XCTUnwrap(try PathPattern("summer/IMG_*.jpg", in: here))
        XCTAssertEqual(pattern.base, Location(segments: ["photos", "2024", "summer"]))
        XCTAssertEqual(pattern.listingPrefix, "IMG_")
        XCTAssertTrue(pattern.isOneLevel)
        let up = try XCTUnwrap(try PathPattern("../20*/*", in: here))
        XCTAssertEqual(up.base, Location(segments: ["photos"]))
        XCTAssertEqual(up.listingPrefix, "20")
        XCTAssertFalse(up.isOneLevel)
        let absolute = try XCTUnwrap(try PathPattern("/p*", in: here))
        XCTAssertEqual(absolute.base, .root)
        XCTAssertNil(try PathPattern("a\\*b.txt", in: here), "an escaped * is a plain name")
        XCTAssertThrowsError(try PathPattern("a*/../b", in: here)) { error in
            XCTAssertEqual(error as? BrowserError, .invalidPath("a*/../b", .upAfterWildcard))
        }
    }

    func testTwoStarsSpanAnyNumberOfSegments() async throws {
        let pattern = try XCTUnwrap(try PathPattern("logs/**/*.log", in: Location(segments: ["c"])))
        XCTAssertEqual(pattern.base, Location(segments: ["c", "logs"]))
        XCTAssertEqual(pattern.listingPrefix, "")
        XCTAssertFalse(pattern.isOneLevel)
        let below = try XCTUnwrap(try PathPattern("**/*.log", in: Location(segments: ["c", "logs"])))
        for name in ["a.log", "x/a.log", "x/y/z/a.log"] { XCTAssertTrue(below.matches(relative: name), name) }
        for name in ["a.txt", "x/a.log/b"] { XCTAssertFalse(below.matches(relative: name), name) }
        XCTAssertTrue(try XCTUnwrap(try PathPattern("a/*/c", in: Location(segments: ["c"]))).matches(relative: "b/c"))
        XCTAssertFalse(try XCTUnwrap(try PathPattern("a/*/c", in: Location(segments: ["c"]))).matches(relative: "b/x/c"))
    }
}
