import Listing
import Storage
import XCTest

extension StorageContract {
    /// Names a names-only listing must give exactly: the tree's folders, a folder
    /// marker, and names with a newline or a tab (a line-per-name format would split
    /// the first), byte order across ASCII and UTF-8.
    static let namesOnlyNames = StorageContract.tree + ["line\nbreak", "tab\there", "é/x", "日本", "z"]

    /// A `namesOnly` listing gives the full listing's entries, same order and kinds
    /// (objects, folders, folder markers), each object as `ObjectSummary.nameOnly` of
    /// it: every store, one shape, so no caller relies on details one store keeps.
    public func checkNamesOnlyListing() async throws {
        let container = try await containerWith(Self.namesOnlyNames.shuffled(), base: "names")
        try await store.createFolderMarker(container: container, name: "photos/2023/")
        for delimiter in [nil, "/"] as [Character?] {
            for prefix in ["", "docs/", "photos/", "l"] {
                for pageSize in [2, 10_000] {
                    let query = ListingQuery(prefix: prefix, delimiter: delimiter, limit: pageSize)
                    let full = try await pagedEntries(container, query)
                    var namesOnly = query
                    namesOnly.namesOnly = true
                    let names = try await pagedEntries(container, namesOnly)
                    let what = "prefix \(prefix) delimiter \(String(describing: delimiter)) page \(pageSize)"
                    XCTAssertFalse(full.isEmpty, what)
                    XCTAssertEqual(names, full.map(\.nameOnly), what)
                }
            }
        }
        let all = try await pagedEntries(container, ListingQuery(namesOnly: true)).map(\.name)
        XCTAssertTrue(all.contains("line\nbreak") && all.contains("photos/2023/"), "\(all)")
    }

    /// A names-only listing in key ranges side by side equals the sequential names-only listing.
    public func checkNamesOnlyParallelListing() async throws {
        let container = try await containerWith(Self.splitNames + ["line\nbreak"], base: "pnames")
        for delimiter in [nil, "/"] as [Character?] {
            let sequential = try await pagedEntries(container, ListingQuery(delimiter: delimiter, namesOnly: true))
            for (pageSize, concurrency) in [(1, 1), (2, 3), (5, 4)] {
                var parallel: [ListingEntry] = []
                let listing = ParallelListing(
                    store: store, container: container, delimiter: delimiter, namesOnly: true,
                    pageSize: pageSize, concurrency: concurrency)
                for try await page in listing { parallel += page }
                XCTAssertEqual(parallel, sequential, "delimiter \(String(describing: delimiter)) page \(pageSize)")
            }
        }
    }

    /// Every page of `query`, following markers from its own until an empty page.
    func pagedEntries(_ container: String, _ query: ListingQuery) async throws -> [ListingEntry] {
        var query = query
        var entries: [ListingEntry] = []
        while true {
            let page = try await store.listObjects(in: container, query)
            guard let last = page.last else { return entries }
            entries += page
            query.marker = last.name
        }
    }
}
