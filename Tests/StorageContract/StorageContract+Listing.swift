import Storage
import XCTest

extension StorageContract {
    static let tree = [
        "docs/a.txt", "docs/b/c.txt", "docs/b/d.txt", "docs-old/x.txt",
        "photos/2024/1.jpg", "photos/2024/2.jpg", "photos/cat.jpg", "readme.md",
    ]

    public func checkPrefixDelimiterMarkerLimit() async throws {
        let container = try await containerWith(Self.tree, base: "tree")
        func names(_ query: ListingQuery) async throws -> [String] {
            try await store.listObjects(in: container, query).map { entry in
                if case .subdir(let name) = entry { return "dir:" + name }
                return entry.name
            }
        }
        var result = try await names(ListingQuery(delimiter: "/"))
        XCTAssertEqual(result, ["dir:docs-old/", "dir:docs/", "dir:photos/", "readme.md"])
        result = try await names(ListingQuery(prefix: "docs/", delimiter: "/"))
        XCTAssertEqual(result, ["docs/a.txt", "dir:docs/b/"])
        result = try await names(ListingQuery(prefix: "docs/b/", delimiter: "/"))
        XCTAssertEqual(result, ["docs/b/c.txt", "docs/b/d.txt"])
        result = try await names(ListingQuery(prefix: "photos/", delimiter: "/"))
        XCTAssertEqual(result, ["dir:photos/2024/", "photos/cat.jpg"])
        result = try await names(ListingQuery(prefix: "docs"))
        XCTAssertEqual(result, ["docs-old/x.txt", "docs/a.txt", "docs/b/c.txt", "docs/b/d.txt"])
        result = try await names(ListingQuery(prefix: "nothing"))
        XCTAssertEqual(result, [])
        result = try await names(ListingQuery(marker: "docs/a.txt", limit: 2))
        XCTAssertEqual(result, ["docs/b/c.txt", "docs/b/d.txt"])
        result = try await names(ListingQuery(delimiter: "/", marker: "docs-old/"))
        XCTAssertEqual(result, ["dir:docs/", "dir:photos/", "readme.md"])
        result = try await names(ListingQuery(delimiter: "/", limit: 1))
        XCTAssertEqual(result, ["dir:docs-old/"])
        result = try await names(ListingQuery(prefix: "photos/", delimiter: "/", marker: "photos/2024/", limit: 5))
        XCTAssertEqual(result, ["photos/cat.jpg"])
        result = try await names(ListingQuery(marker: "readme.md"))
        XCTAssertEqual(result, [])
        result = try await names(ListingQuery(marker: "p"))
        XCTAssertEqual(result, ["photos/2024/1.jpg", "photos/2024/2.jpg", "photos/cat.jpg", "readme.md"])
    }

    public func checkPagingWithSmallPages() async throws {
        let container = try await containerWith(Self.tree, base: "pages")
        let all = try await allEntries(container, pageSize: 3).map(\.name)
        XCTAssertEqual(all, Self.tree.sorted { $0.precedesInByteOrder($1) })
        let folded = try await allEntries(container, delimiter: "/", pageSize: 1).map(\.name)
        XCTAssertEqual(folded, ["docs-old/", "docs/", "photos/", "readme.md"])
    }

    public func checkNamesEndingInSlash() async throws {
        let container = fixture.container("markers")
        try await store.createContainer(container)
        try await store.createFolderMarker(container: container, name: "empty folder/")
        try await store.createFolderMarker(container: container, name: "日本/")
        let flat = try await store.listObjects(in: container, ListingQuery())
        XCTAssertEqual(flat.map(\.name), ["empty folder/", "日本/"])
        if case .object(let marker) = flat.first {
            XCTAssertEqual(marker.bytes, 0)
            XCTAssertEqual(marker.contentType, ContentType.directory)
        } else {
            XCTFail("a folder marker lists as an object without a delimiter: \(flat)")
        }
        let folded = try await store.listObjects(in: container, ListingQuery(delimiter: "/"))
        XCTAssertEqual(folded, [.subdir("empty folder/"), .subdir("日本/")])
        let info = try await store.objectInfo(container: container, name: "empty folder/")
        XCTAssertEqual(info.bytes, 0)
        XCTAssertEqual(info.contentType, ContentType.directory)
        await assertThrows(StorageError.self, { try await store.createFolderMarker(container: container, name: "no-slash") }) {
            guard case .invalidName = $0 else { return XCTFail("expected invalidName, got \($0)") }
        }
    }

    public func checkContainerListing() async throws {
        let names = fixture.containerNames.map(fixture.container)
        for name in names { try await store.createContainer(name) }
        let listed = try await store.listContainers(ListingQuery(prefix: fixture.containerPrefix)).map(\.name)
        let sorted = names.sorted { $0.precedesInByteOrder($1) }
        XCTAssertEqual(listed, sorted)
        let afterFirst = try await store.listContainers(ListingQuery(prefix: fixture.containerPrefix, marker: sorted[0], limit: 2))
        XCTAssertEqual(afterFirst.map(\.name), Array(sorted[1...2]))
        var paged: [String] = []
        for try await page in store.containerPages(prefix: fixture.containerPrefix, pageSize: 2) { paged += page.map(\.name) }
        XCTAssertEqual(paged, listed)
        await assertThrows(StorageError.self, { try await store.createContainer(names[0]) }) {
            XCTAssertEqual($0, .containerExists(names[0]))
        }
    }

    public func checkManyObjects(count: Int = 25_000) async throws {
        let container = try await fixture.seedManyObjects(count)
        var seen = 0
        var previous = ""
        for try await page in store.objectPages(in: container) {
            XCTAssertLessThanOrEqual(page.count, store.maximumPageSize)
            for entry in page {
                XCTAssertEqual(entry.name, ContractFixture.seededName(seen))
                XCTAssertTrue(previous.precedesInByteOrder(entry.name))
                previous = entry.name
                seen += 1
                if seen > count { return XCTFail("more entries than objects") }
            }
        }
        XCTAssertEqual(seen, count)
        let folders = try await allEntries(container, delimiter: "/")
        XCTAssertEqual(folders.count, (count + 999) / 1000)
        XCTAssertEqual(folders.first, .subdir("f000/"))
        // The eighth folder, or the last when there are fewer.
        let folder = min(7, (count - 1) / 1000)
        let inside = try await allEntries(container, prefix: String(format: "f%03d/", folder), delimiter: "/")
        XCTAssertEqual(inside.count, min(1000, count - folder * 1000))
        XCTAssertEqual(inside.first?.name, ContractFixture.seededName(folder * 1000))
    }
}

/// Fails unless `body` throws an `E`, then hands the error to `check`.
public func assertThrows<E: Error>(
    _ type: E.Type, _ body: () async throws -> Void, file: StaticString = #filePath, line: UInt = #line, _ check: (E) -> Void
) async {
    do {
        try await body()
        XCTFail("expected \(E.self) to be thrown", file: file, line: line)
    } catch let error as E {
        check(error)
    } catch {
        XCTFail("expected \(E.self), got \(error)", file: file, line: line)
    }
}
