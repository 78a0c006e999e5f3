import XCTest

@testable import Places

/// The names below a place: what a copy, a download, a sync and a listing call an object
/// below its container or folder, and the object a name below a place stands for.
final class LocationNamesTests: XCTestCase {
    /// Names a plain `hasPrefix`/`dropFirst` on characters gets wrong, or a prefix of
    /// another name: each is taken byte for byte.
    static let names = [
        "a.txt", "a b/c d.txt", "ü/é.txt", "100%.txt", "a+b.txt", "pre", "pre.txt", "pre/x", "nested/deeper/", "x//y", "/lead",
        "\u{301}combining", "e\u{301}.txt", "",
    ]
    static let folders = [
        Location(segments: ["c"]), Location(segments: ["c", "photos"]), Location(segments: ["c", "a b", "ü"]),
        Location(segments: ["c", "a", ""]), Location(segments: ["c", "", "x"]),
    ]

    func testANameBelowAPlaceIsTheObjectNameWithoutItsPrefix() {
        for folder in Self.folders {
            XCTAssertEqual(folder.prefixBytes, folder.prefix.utf8.count, folder.description)
            for name in Self.names {
                let object = folder.prefix + name
                XCTAssertEqual(folder.relativeName(of: object), name, "\(folder) \(name)")
                XCTAssertEqual(folder.relativeName(of: object, in: "c"), name, "\(folder) \(name)")
                XCTAssertEqual(folder.objectName(for: name), object, "\(folder) \(name)")
            }
        }
    }

    func testFromTheRootANameStartsWithItsContainer() {
        XCTAssertEqual(Location.root.relativeName(of: "a/b.txt", in: "c"), "c/a/b.txt")
        XCTAssertEqual(Location.root.relativeName(of: "x", in: "My Photos"), "My Photos/x")
    }

    func testACopyBelowAnotherPlaceKeepsTheNameBelow() {
        let source = Location(segments: ["c", "pre"])
        let target = Location(segments: ["d", "copy", "ü"])
        for name in Self.names {
            let moved = target.objectName(for: source.relativeName(of: source.objectName(for: name)))
            XCTAssertEqual(moved, "copy/ü/" + name, name)
            XCTAssertEqual(target.relativeName(of: moved), name, name)
        }
    }

    func testThePathOfAPlaceWithinAnother() {
        let photos = Location(segments: ["c", "photos"])
        XCTAssertEqual(photos.relativeName(of: Location(segments: ["c", "photos", "2024", "summer"])), "2024/summer")
        XCTAssertEqual(photos.relativeName(of: photos), "")
        XCTAssertEqual(Location.root.relativeName(of: photos), "c/photos")
    }

    func testAContainerIsNeitherTheRootNorAFolder() {
        XCTAssertTrue(Location(segments: ["c"]).isContainer)
        XCTAssertFalse(Location.root.isContainer)
        XCTAssertFalse(Location(segments: ["c", "f"]).isContainer)
        XCTAssertEqual(Location(segments: ["c"]).prefix, "")
    }
}
