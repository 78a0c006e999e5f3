import Listing
import Storage
import Synchronization
import XCTest

extension StorageContract {
    /// Names that cluster in one range, and names that sort right around the split
    /// points a first page of them suggests (`k1` is a guess; `k1-`, `k10` sit by it).
    /// No name is also a folder's name, which the `file` store cannot hold.
    static let splitNames = [
        "k0", "k09", "k1", "k1-", "k1.", "k10", "k1é", "k2-", "k2/x", "k2/y", "k20", "k3/a/b", "k日本/x", "k日本x",
        "c/0000", "c/0001", "c/0002", "c/0003", "c/0004", "c/0005", "c/0006", "c/0007", "c/0008", "c/0009", "c/0010",
        "z", "😀",
    ]

    /// `endBefore` cuts a listing before the first entry that does not sort before it.
    public func checkEndBefore() async throws {
        let container = try await containerWith(Self.tree, base: "ends")
        func names(_ query: ListingQuery) async throws -> [String] {
            try await store.listObjects(in: container, query).map { entry in
                if case .subdir(let name) = entry { return "dir:" + name }
                return entry.name
            }
        }
        var result = try await names(ListingQuery(endBefore: "docs/b/"))
        XCTAssertEqual(result, ["docs-old/x.txt", "docs/a.txt"])
        result = try await names(ListingQuery(endBefore: "docs/a.txt"))
        XCTAssertEqual(result, ["docs-old/x.txt"], "the bound itself is left out")
        result = try await names(ListingQuery(delimiter: "/", endBefore: "photos/"))
        XCTAssertEqual(result, ["dir:docs-old/", "dir:docs/"])
        result = try await names(ListingQuery(delimiter: "/", marker: "docs-old/", endBefore: "readme.md"))
        XCTAssertEqual(result, ["dir:docs/", "dir:photos/"])
        result = try await names(ListingQuery(marker: "docs/a.txt", limit: 10, endBefore: "photos/2024/2.jpg"))
        XCTAssertEqual(result, ["docs/b/c.txt", "docs/b/d.txt", "photos/2024/1.jpg"])
        result = try await names(ListingQuery(prefix: "photos/", limit: 2, endBefore: "z"))
        XCTAssertEqual(result, ["photos/2024/1.jpg", "photos/2024/2.jpg"])
        result = try await names(ListingQuery(marker: "photos/", endBefore: "docs/"))
        XCTAssertEqual(result, [], "a bound before the marker leaves nothing")
        result = try await names(ListingQuery(endBefore: ""))
        XCTAssertEqual(result, [], "nothing sorts before the empty name")
    }

    /// `endBefore` in byte order, with UTF-8 names, and across pages.
    public func checkEndBeforeInByteOrder() async throws {
        let container = try await containerWith(Self.awkwardNames, base: "endbytes")
        let sorted = Self.awkwardNames.sorted { $0.precedesInByteOrder($1) }
        for bound in ["é", "日本", "a/b", "a/", "emoji😀", "ｚ"] {
            let listed = try await store.listObjects(in: container, ListingQuery(endBefore: bound)).map(\.name)
            XCTAssertEqual(listed, sorted.filter { $0.precedesInByteOrder(bound) }, "before \(bound)")
        }
        var paged: [String] = []
        for try await page in store.objectPages(in: container, pageSize: 2, after: "a-b", endBefore: "é") { paged += page.map(\.name) }
        XCTAssertEqual(paged, sorted.filter { "a-b".precedesInByteOrder($0) && $0.precedesInByteOrder("é") })
    }

    /// A listing in key ranges side by side gives exactly the sequential listing:
    /// same entries, same order, none twice, none missing.
    public func checkParallelListingMatchesSequential() async throws {
        let split = try await containerWith(Self.splitNames.shuffled(), base: "split")
        let tree = try await containerWith(Self.tree, base: "ptree")
        let bytes = try await containerWith(Self.awkwardNames, base: "pbytes")
        let ranges = RangeCounter(base: store)
        for (container, prefixes) in [(split, ["", "k", "c/"]), (tree, ["", "docs/"]), (bytes, [""])] {
            for delimiter in [nil, "/"] as [Character?] {
                for prefix in prefixes {
                    let sequential = try await allEntries(container, prefix: prefix, delimiter: delimiter)
                    for (pageSize, concurrency) in [(1, 1), (2, 3), (3, 2), (5, 4)] {
                        let listing = ParallelListing(
                            store: ranges, container: container, prefix: prefix, delimiter: delimiter,
                            pageSize: pageSize, concurrency: concurrency)
                        var parallel: [ListingEntry] = []
                        for try await page in listing { parallel += page }
                        XCTAssertEqual(
                            parallel, sequential, "\(container) prefix \(prefix) delimiter \(String(describing: delimiter)) page \(pageSize)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(ranges.rangeRequests, 0, "small pages must have made the listing split")
    }

    /// The seeded many-object container, listed in ranges with the store's own pages.
    public func checkParallelListingOfManyObjects(count: Int = 25_000) async throws {
        let container = try await fixture.seedManyObjects(count)
        let ranges = RangeCounter(base: store)
        var seen = 0
        for try await page in ParallelListing(store: ranges, container: container) {
            for entry in page {
                guard entry.name == ContractFixture.seededName(seen) else {
                    return XCTFail("entry \(seen) is \(entry.name), not \(ContractFixture.seededName(seen))")
                }
                seen += 1
            }
        }
        XCTAssertEqual(seen, count)
        XCTAssertGreaterThan(ranges.rangeRequests, 0, "a full first page must make the listing split")
        // Each range costs a request that finds its end: no more ranges than keep 4 busy.
        XCTAssertLessThanOrEqual(ranges.rangeEnds.count, 2 * 4, "range ends: \(ranges.rangeEnds.sorted())")
        var folders: [ListingEntry] = []
        for try await page in ParallelListing(store: store, container: container, delimiter: "/", pageSize: 4) { folders += page }
        let sequentialFolders = try await allEntries(container, delimiter: "/")
        XCTAssertEqual(folders, sequentialFolders)
    }
}

/// Passes every call on, counting listing requests bounded by `endBefore`.
final class RangeCounter: ForwardingStore {
    let base: any ObjectStore
    private let count = Mutex(0)
    private let ends = Mutex(Set<String>())

    init(base: any ObjectStore) { self.base = base }

    var rangeRequests: Int { count.withLock { $0 } }
    /// The distinct `endBefore` bounds asked for: one a range that does not run to the end.
    var rangeEnds: Set<String> { ends.withLock { $0 } }

    func listObjects(in container: String, _ query: ListingQuery) async throws -> [ListingEntry] {
        if let end = query.endBefore {
            count.withLock { $0 += 1 }
            _ = ends.withLock { $0.insert(end) }
        }
        return try await base.listObjects(in: container, query)
    }
}
