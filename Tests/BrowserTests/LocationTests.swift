import Browser
import XCTest

/// Paths as users type them, and the exact form for names a plain path cannot say.
@MainActor
final class LocationTests: XCTestCase {
    let photos = Location(segments: ["photos"])

    func testPlainPathsCollapseDotsAndRepeatedSlashes() async throws {
        XCTAssertEqual(try photos.resolving("2024//summer/./../winter/").segments, ["photos", "2024", "winter"])
        XCTAssertEqual(try photos.resolving("../../..").segments, [])
        XCTAssertEqual(try photos.resolving("/music").segments, ["music"])
        XCTAssertEqual(try photos.resolving("//").segments, [])
    }

    func testExactPathsTakeTheNameByteForByte() async throws {
        let cases: [(String, [String])] = [
            ("//c", ["c"]), ("//c/", ["c"]),
            ("//c/a//b.txt", ["c", "a", "", "b.txt"]),
            ("//c//leading.txt", ["c", "", "leading.txt"]),
            ("//c//", ["c", ""]),
            ("//c/a//", ["c", "a", ""]),
            ("//c/d/./e", ["c", "d", ".", "e"]),
            ("//c/d/../f", ["c", "d", "..", "f"]),
            ("//c/x/", ["c", "x"]),
        ]
        for (path, segments) in cases {
            XCTAssertEqual(try photos.resolving(path).segments, segments, path)
        }
        XCTAssertThrowsError(try photos.resolving("///x"))
    }

    func testEveryFolderPrintsAPathThatResolvesBackToIt() async throws {
        let folders: [[String]] = [
            [], ["c"], ["c", "a"], ["c", "a", ""], ["c", ""], ["c", "", ""], ["c", "d", "."],
            ["c", "d", ".."], ["c", "", "x", ""], ["My Photos", "été"],
        ]
        for segments in folders {
            let folder = Location(segments: segments)
            XCTAssertEqual(try Location.root.resolving(folder.description), folder, folder.description)
            if let entry = folder.entryName, !folder.isRoot {
                // A listing's folder entry is typed back as NAME/ from the parent folder.
                XCTAssertEqual(try folder.parent!.resolving(entry + "/"), folder, entry)
            }
        }
    }

    func testObjectsPrintAPathThatResolvesBackToThem() async throws {
        for name in ["a.txt", "a//b.txt", "/leading.txt", "d/./e", "d/../f", "a/b/c.txt"] {
            let object = Location(container: "c", objectName: Substring(name))
            XCTAssertEqual(try Location.root.resolving(object.objectPath), object, name)
            XCTAssertEqual(String(object.prefix.dropLast()), name.hasSuffix("/") ? String(name.dropLast()) : name)
        }
    }

    func testRelativePathsWorkInsideAnExactFolder() async throws {
        let inside = try Location.root.resolving("//c/a//")
        XCTAssertEqual(try inside.resolving("b.txt").prefix, "a//b.txt/")
        XCTAssertEqual(try inside.resolving("..").segments, ["c", "a"])
        XCTAssertEqual(inside.description, "//c/a//")
        XCTAssertEqual(inside.folderTitle, "//c/a//")
        XCTAssertEqual(Location(segments: ["c", "a"]).folderTitle, "c/a/")
    }
}
