import XCTest

@testable import Places

/// The one rule for a name below a place written below a local folder.
final class LocalNameTests: XCTestCase {
    func testPlainNamesMapToThemselves() throws {
        XCTAssertEqual(try LocalName.path("a.txt"), "a.txt")
        XCTAssertEqual(try LocalName.path("a/b/c.txt"), "a/b/c.txt")
        XCTAssertEqual(try LocalName.path("a\\b"), "a\\b", "a backslash that climbs nowhere is an ordinary byte")
        XCTAssertEqual(try LocalName.path("..a/b..c/..."), "..a/b..c/...", "dots that are not a whole segment are a name")
        XCTAssertEqual(try LocalName.path(String(repeating: "n", count: 255)), String(repeating: "n", count: 255))
        XCTAssertEqual(try LocalName.path("é/e\u{301}"), "é/e\u{301}")
    }

    func testAFolderMarkerIsItsFolder() throws {
        XCTAssertEqual(try LocalName.path("a/"), "a")
        XCTAssertEqual(try LocalName.path("a/b/"), "a/b")
    }

    func testEachHostileNameIsRefusedForItsReason() {
        let cases: [(String, LocalNameRefusal)] = [
            ("..", .climbs), ("../x", .climbs), ("a/../../x", .climbs), ("a/..", .climbs), ("../", .climbs),
            ("..\\x", .climbs), ("a\\..\\..\\x", .climbs), ("x\\..", .climbs), ("a/..\\b", .climbs),
            ("/abs", .absolute), ("/", .absolute), ("//x", .absolute),
            ("a//b", .emptySegment), ("a//", .emptySegment), ("", .emptySegment),
            ("a/./b", .dotSegment), (".", .dotSegment), ("./a", .dotSegment), ("a/.", .dotSegment),
            ("a\u{0}b", .nul), ("../\u{0}", .nul),
            (String(repeating: "n", count: 256), .segmentTooLong(bytes: 256)),
            ("a/" + String(repeating: "é", count: 128) + "/b", .segmentTooLong(bytes: 256)),
            (String(repeating: "n", count: 300) + "/../x", .climbs),
        ]
        for (name, reason) in cases {
            XCTAssertThrowsError(try LocalName.path(name), name.debugDescription) {
                XCTAssertEqual($0 as? LocalNameRefusal, reason, name.debugDescription)
            }
        }
    }

    func testALocationMapsItsObjectsBelowIt() throws {
        let folder = Location(segments: ["c", "photos"])
        XCTAssertEqual(try folder.localPath(of: "photos/2024/a.jpg", in: "c"), "2024/a.jpg")
        XCTAssertThrowsError(try folder.localPath(of: "photos/../x", in: "c")) { XCTAssertEqual($0 as? LocalNameRefusal, .climbs) }
        XCTAssertEqual(try Location.root.localPath(of: "a/b", in: "c"), "c/a/b")
        XCTAssertThrowsError(try Location.root.localPath(of: "../x", in: "c")) { XCTAssertEqual($0 as? LocalNameRefusal, .climbs) }
        XCTAssertThrowsError(try Location(segments: ["c"]).localPath(of: "/abs", in: "c")) {
            XCTAssertEqual($0 as? LocalNameRefusal, .absolute)
        }
    }

    /// Names met in byte order: a file, then a name below it or its marker, is refused.
    func testAPathIsAFileOrAFolderNeverBoth() throws {
        var claims = LocalPathClaims()
        try claims.claim("a", isFolder: false)
        try claims.claim("a-b", isFolder: false)
        try claims.claim("a.c", isFolder: false)
        XCTAssertThrowsError(try claims.claim("a", isFolder: true)) { XCTAssertEqual($0 as? LocalNameRefusal, .fileAndFolder(path: "a")) }
        XCTAssertThrowsError(try claims.claim("a/b", isFolder: false)) {
            XCTAssertEqual($0 as? LocalNameRefusal, .fileAndFolder(path: "a"))
        }
        XCTAssertThrowsError(try claims.claim("a/b/c", isFolder: false)) {
            XCTAssertEqual($0 as? LocalNameRefusal, .fileAndFolder(path: "a"))
        }
        try claims.claim("b/c", isFolder: false)
        XCTAssertThrowsError(try claims.claim("b/c/d", isFolder: false)) {
            XCTAssertEqual($0 as? LocalNameRefusal, .fileAndFolder(path: "b/c"))
        }
        try claims.claim("b/cd", isFolder: false)
        try claims.claim("c", isFolder: true)
        try claims.claim("c/d", isFolder: false)
        try claims.claim("", isFolder: true)
    }
}
