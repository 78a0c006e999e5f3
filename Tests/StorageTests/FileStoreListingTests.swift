import XCTest

@testable import Storage

/// The file store's listings follow the OpenStack Swift API exactly.
final class FileStoreListingTests: XCTestCase {
    var temp: TemporaryStore!

    override func setUpWithError() throws {
        temp = try TemporaryStore()
        for name in ["a.txt", "a-b", "a/b", "a/c/d", "a/c/e", "b", "é", "日本", "Z", "with space", "q?x", "h#1", "p%20"] {
            try temp.put("c", name)
        }
    }

    override func tearDown() { temp.remove() }

    func names(_ query: ListingQuery) async throws -> [String] {
        try await temp.store.listObjects(in: "c", query).map { entry in
            if case .subdir(let name) = entry { return "[\(name)]" }
            return entry.name
        }
    }

    func expect(_ query: ListingQuery, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) async throws {
        let actual = try await names(query)
        XCTAssertEqual(actual, expected, file: file, line: line)
    }

    func testFullListingIsInUTF8ByteOrder() async throws {
        let all = try await names(ListingQuery())
        XCTAssertEqual(all, ["Z", "a-b", "a.txt", "a/b", "a/c/d", "a/c/e", "b", "h#1", "p%20", "q?x", "with space", "é", "日本"])
        XCTAssertEqual(all, all.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    func testDelimiterFoldsIntoPseudoFolders() async throws {
        try await expect(ListingQuery(delimiter: "/"), ["Z", "a-b", "a.txt", "[a/]", "b", "h#1", "p%20", "q?x", "with space", "é", "日本"])
        try await expect(ListingQuery(prefix: "a/", delimiter: "/"), ["a/b", "[a/c/]"])
        try await expect(ListingQuery(prefix: "a/c/", delimiter: "/"), ["a/c/d", "a/c/e"])
    }

    func testPrefixThatEndsMidName() async throws {
        try await expect(ListingQuery(prefix: "a"), ["a-b", "a.txt", "a/b", "a/c/d", "a/c/e"])
        try await expect(ListingQuery(prefix: "a/c/", delimiter: "/", marker: "a/c/d"), ["a/c/e"])
        try await expect(ListingQuery(prefix: "a", delimiter: "/"), ["a-b", "a.txt", "[a/]"])
        try await expect(ListingQuery(prefix: "nothing"), [])
    }

    func testMarkerAndLimitPage() async throws {
        try await expect(ListingQuery(limit: 3), ["Z", "a-b", "a.txt"])
        try await expect(ListingQuery(marker: "a.txt", limit: 3), ["a/b", "a/c/d", "a/c/e"])
        try await expect(ListingQuery(marker: "a/c/d", limit: 2), ["a/c/e", "b"])
        // A subdir as the marker skips the whole folder, as Swift's container server does.
        try await expect(ListingQuery(delimiter: "/", marker: "a/", limit: 2), ["b", "h#1"])
        try await expect(ListingQuery(marker: "日本"), [])
        try await expect(ListingQuery(limit: 0), [])
    }

    func testOtherDelimitersFoldToo() async throws {
        try await expect(
            ListingQuery(delimiter: "-"), ["Z", "[a-]", "a.txt", "a/b", "a/c/d", "a/c/e", "b", "h#1", "p%20", "q?x", "with space", "é", "日本"])
    }

    func testEmptyFoldersAreMarkerObjectsAndEmptyContainersListNothing() async throws {
        try temp.makeFolder("c", "m/")
        try temp.makeFolder("e", "")
        try await expect(ListingQuery(prefix: "m"), ["m/"])
        try await expect(ListingQuery(prefix: "m", delimiter: "/"), ["[m/]"])
        try await expect(ListingQuery(prefix: "m/", delimiter: "/"), ["m/"])
        let empty = try await temp.store.listObjects(in: "e", ListingQuery())
        XCTAssertEqual(empty, [])
        let marker = try await temp.store.objectInfo(container: "c", name: "m/")
        XCTAssertEqual(marker.contentType, ContentType.directory)
        XCTAssertEqual(marker.bytes, 0)
    }

    func testPagingThroughTenThousandObjectsMatchesTheFullListing() async throws {
        let many = try TemporaryStore()
        defer { many.remove() }
        var expected: [String] = []
        for folder in 0..<7 { try many.makeFolder("big", "d\(folder)") }
        for index in 0..<10_500 {
            let name = String(format: "d%d/obj-%05d", index % 7, index)
            expected.append(name)
            // Empty files made with open(2): Foundation's writes are slow for ten thousand.
            let fd = open(many.root + "/big/" + name, O_WRONLY | O_CREAT, 0o644)
            XCTAssertGreaterThanOrEqual(fd, 0)
            close(fd)
        }
        expected.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var paged: [String] = []
        var pages = 0
        for try await page in many.store.objectPages(in: "big", pageSize: 1_000) {
            pages += 1
            XCTAssertLessThanOrEqual(page.count, 1_000)
            paged += page.map(\.name)
        }
        XCTAssertEqual(paged, expected)
        XCTAssertEqual(pages, 11)
        var folders: [String] = []
        for try await page in many.store.objectPages(in: "big", delimiter: "/", pageSize: 3) { folders += page.map(\.name) }
        XCTAssertEqual(folders, (0..<7).map { "d\($0)/" })
    }

    func testContainersListInByteOrderWithPrefixMarkerAndLimit() async throws {
        for container in ["b", "B", "ä", "a b"] { try temp.makeFolder(container, "") }
        let all = try await temp.store.listContainers(ListingQuery()).map(\.name)
        XCTAssertEqual(all, ["B", "a b", "b", "c", "ä"])
        let page = try await temp.store.listContainers(ListingQuery(marker: "a b", limit: 2)).map(\.name)
        XCTAssertEqual(page, ["b", "c"])
        let prefixed = try await temp.store.listContainers(ListingQuery(prefix: "a")).map(\.name)
        XCTAssertEqual(prefixed, ["a b"])
    }

    func testMissingContainerIsReported() async throws {
        do {
            _ = try await temp.store.listObjects(in: "nope", ListingQuery())
            XCTFail("listing a missing container must fail")
        } catch let error as StorageError {
            XCTAssertEqual(error, .noSuchContainer("nope"))
        }
    }
}
