import Foundation
import Storage
import XCTest

/// The behaviour every `ObjectStore` must share, so the shell never cares which one
/// it talks to. Each backend's test case calls every `check…` method from a test of
/// its own (one test per check keeps failures apart).
public struct StorageContract: Sendable {
    public let store: any ObjectStore
    public let fixture: ContractFixture

    public init(store: any ObjectStore, fixture: ContractFixture) {
        self.store = store
        self.fixture = fixture
    }

    /// Names whose byte order differs from a naive or Unicode-aware order, and names
    /// that need percent-encoding in a URL.
    public static let awkwardNames = [
        "a-b", "a/b", "a.txt", "aa", "Z", "é", "日本", "with space", "q?mark", "hash#tag",
        "100%", "plus+and&amp", "semi;colon=eq", "emoji😀",
    ]

    /// Makes a container and puts one small object per name in it.
    public func containerWith(_ names: [String], base: String) async throws -> String {
        let container = fixture.container(base)
        try await store.createContainer(container)
        let scratch = try ScratchFiles()
        defer { scratch.remove() }
        for (index, name) in names.enumerated() {
            let path = try scratch.file("o\(index)", Array("content of \(name)\n".utf8))
            _ = try await store.putObject(container: container, name: name, fileAt: path, contentType: nil)
        }
        return container
    }

    /// Every entry of a listing, paged by `pageSize`.
    public func allEntries(_ container: String, prefix: String = "", delimiter: Character? = nil, pageSize: Int = 10_000) async throws
        -> [ListingEntry]
    {
        var entries: [ListingEntry] = []
        for try await page in store.objectPages(in: container, prefix: prefix, delimiter: delimiter, pageSize: pageSize) {
            entries += page
        }
        return entries
    }

    public func checkEmptyContainer() async throws {
        let container = fixture.container("empty")
        try await store.createContainer(container)
        let entries = try await store.listObjects(in: container, ListingQuery())
        XCTAssertEqual(entries, [])
        let withDelimiter = try await store.listObjects(in: container, ListingQuery(prefix: "x/", delimiter: "/"))
        XCTAssertEqual(withDelimiter, [])
        let info = try await store.containerInfo(container)
        XCTAssertEqual(info.objectCount, fixture.keepsCounts ? 0 : nil)
        XCTAssertEqual(info.bytes, fixture.keepsCounts ? 0 : nil)
    }

    public func checkByteOrderAndAwkwardNames() async throws {
        let container = try await containerWith(Self.awkwardNames.shuffled(), base: "bytes")
        let names = try await allEntries(container).map(\.name)
        let expected = Self.awkwardNames.sorted { $0.precedesInByteOrder($1) }
        XCTAssertEqual(names, expected)
        // Byte order: `-` (2D) < `.` (2E) < `/` (2F); upper case before lower; UTF-8 after ASCII.
        XCTAssertEqual(Array(names.prefix(2)), ["100%", "Z"])
        XCTAssertEqual(Array(names.drop { $0 != "a-b" }.prefix(4)), ["a-b", "a.txt", "a/b", "aa"])
        for name in Self.awkwardNames {
            let info = try await store.objectInfo(container: container, name: name)
            XCTAssertEqual(info.name, name)
            XCTAssertEqual(info.bytes, Int64("content of \(name)\n".utf8.count), name)
            let listed = try await store.listObjects(in: container, ListingQuery(prefix: name, limit: 1))
            XCTAssertEqual(listed.first?.name, name, "prefix \(name)")
        }
    }
}
