import Foundation
import XCTest

@testable import Storage

/// One sorted pass of a folder answers every page exactly as reading it in chunks does,
/// and the cache keeps it only while the folder is unchanged, within its bound.
final class SortedDirectoryTests: XCTestCase {
    var temp: TemporaryStore!

    override func setUpWithError() throws {
        temp = try TemporaryStore()
    }

    override func tearDown() { temp.remove() }

    /// Names that sort around `/` (2F), `-` (2D), `.` (2E), upper case, and UTF-8 after ASCII.
    static let names: [String] = {
        var names = ["a", "ab-x", "ab.txt", "ab0", "aa", "Z", "é", "éa", "日本", "日本語", "emoji😀", "with space"]
        for i in 0..<150 { names.append(String(format: "n%04d", i * 7)) }
        return names
    }()
    static let folders = ["ab/", "b/", "日本x/", "n0100/", "zz/"]

    private func makeFolder() throws -> String {
        for name in Self.names { try temp.put("c", name) }
        for folder in Self.folders { try temp.put("c", folder + "inside") }
        return temp.root + "/c"
    }

    func testSortedPassAnswersLikeChunkedReads() throws {
        let path = try makeFolder()
        let sorted = try XCTUnwrap(try SortedDirectory.read(path, limit: 10_000))
        XCTAssertEqual(sorted.count, Self.names.count + Self.folders.count)
        let bounds = [
            "", "a", "ab", "ab/", "ab/x", "ab-", "ab.", "b/z", "n00", "n0100", "n0100/", "n0100/q", "n05", "z", "é", "日本x/", "日本", "\u{10FFFF}",
        ]
        for prefix in bounds {
            for marker in bounds {
                for after in [nil, "ab", "n0100/", "é"] {
                    for count in [1, 1_000] {
                        var filter = ChildFilter(prefix: Array(prefix.utf8), marker: Array(marker.utf8))
                        filter.after = after.map { Array($0.utf8) }
                        let expected = try DirectoryReader.smallestChildren(of: path, relative: "", count: count, filter: filter)
                        let actual = sorted.children(relative: "", count: count, filter: filter)
                        XCTAssertEqual(
                            actual.map(\.key), expected.map(\.key), "prefix \(prefix) marker \(marker) after \(after ?? "-") count \(count)")
                        XCTAssertEqual(actual.map(\.name), expected.map(\.name))
                    }
                }
            }
        }
    }

    func testNestedFolderKeysCarryTheirPath() throws {
        for i in 0..<40 { try temp.put("c", String(format: "deep/x/f%02d", i)) }
        try temp.put("c", "deep/x-y")
        let path = temp.root + "/c/deep/"
        let sorted = try XCTUnwrap(try SortedDirectory.read(path, limit: 10_000))
        let filter = ChildFilter(prefix: Array("deep/x".utf8), marker: Array("deep/x/f10".utf8))
        let expected = try DirectoryReader.smallestChildren(of: path, relative: "deep/", count: 5, filter: filter)
        XCTAssertEqual(sorted.children(relative: "deep/", count: 5, filter: filter).map(\.key), expected.map(\.key))
        // `x-y` sorts before the marker (`-` is 2D, `/` 2F): only the folder follows it.
        XCTAssertEqual(expected.map(\.key), ["deep/x/"])
    }

    func testTooLargeAFolderIsNotReadWhole() throws {
        let path = try makeFolder()
        XCTAssertNil(try SortedDirectory.read(path, limit: 10))
        XCTAssertNil(try SortedDirectoryCache(nameLimit: 10).directory(at: path))
    }

    /// Waits (on the clock, not a guessed sleep) until the folder's last change is settled.
    private func waitUntilSettled(_ path: String) throws {
        let stamp = try XCTUnwrap(DirectoryStamp(path))
        while !stamp.isSettled(before: DirectoryStamp.now()) { usleep(10_000) }
    }

    func testCacheKeepsASettledPassAndDropsItOnChange() throws {
        let path = try makeFolder()
        try waitUntilSettled(path)
        let cache = SortedDirectoryCache(nameLimit: 10_000)
        let first = try XCTUnwrap(try cache.directory(at: path))
        try FileManager.default.removeItem(atPath: path + "/a")  // the pass in the cache still has it
        let after = try XCTUnwrap(try cache.directory(at: path))
        XCTAssertEqual(after.count, first.count - 1, "a removed child must not be served from the cache")
        let all = ChildFilter()
        XCTAssertFalse(after.children(relative: "", count: 1_000, filter: all).contains { $0.key == "a" })
    }

    func testCacheStaysWithinItsBound() throws {
        let path = try makeFolder()
        for i in 0..<100 { try temp.put("d", "o\(i)") }
        let other = temp.root + "/d"
        try waitUntilSettled(path)
        try waitUntilSettled(other)
        let cache = SortedDirectoryCache(nameLimit: Self.names.count + Self.folders.count + 50)
        XCTAssertNotNil(try cache.directory(at: path))
        XCTAssertNotNil(try cache.directory(at: other))  // evicts the first: both do not fit
        XCTAssertEqual(cache.keptNames, 100)
    }

    func testStoreListsALargeFolderPageByPage() async throws {
        let names = (0..<5_000).map { String(format: "obj-%05d-%@", ($0 * 7_919) % 5_000, ["a", "é", "b"][$0 % 3]) }
        for name in names { try temp.put("big", name) }
        var listed: [String] = []
        for try await page in temp.store.objectPages(in: "big", delimiter: "/", pageSize: 700) { listed += page.map(\.name) }
        XCTAssertEqual(listed, names.sorted { $0.precedesInByteOrder($1) })
        let completion = try await temp.store.listObjects(in: "big", ListingQuery(prefix: "obj-0421", delimiter: "/", limit: 1_000))
        XCTAssertEqual(completion.map(\.name), listed.filter { $0.hasPrefix("obj-0421") })
    }
}
