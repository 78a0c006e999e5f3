import Browser
import Foundation
import Storage
import XCTest

/// Search over several containers at once, or in one listed in key ranges, gives exactly
/// what a sequential search gives, and a literal start of a term lists only that.
@MainActor
final class SearchScaleTests: XCTestCase {
    private var root = ""
    private let containers = ["c1", "c2", "c3", "c4", "c5"]

    override func setUp() async throws {
        root = NSTemporaryDirectory() + "objsh-search-" + UUID().uuidString
        for (number, container) in containers.enumerated() {
            var names = (0..<40).map { String(format: "2024/06/img%04d.jpg", $0 * (number + 1)) }
            names += (0..<30).map { String(format: "2024/07/IMG%04d.JPG", $0) }
            names += (0..<20).map { "notes/n\($0).txt" } + (0..<10).map { "日本/\($0).txt" } + ["Beach \(number).jpg"]
            for name in names {
                let path = root + "/" + container + "/" + name
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(name.utf8)))
            }
        }
    }

    override func tearDown() async throws { try? FileManager.default.removeItem(atPath: root) }

    /// Every container in order, listed one page after the other, filtered.
    func reference(_ term: String, store: any ObjectStore) async throws -> [String] {
        let matcher = SearchMatcher(term: term)
        var found: [String] = []
        for container in containers {
            for try await page in store.objectPages(in: container) {
                for case .object(let object) in page where matcher.matches(object.name) { found.append(container + "/" + object.name) }
            }
        }
        return found
    }

    func search(_ term: String, store: any ObjectStore) async throws -> [String] {
        let pane = SearchPane(store: store, term: term, scope: .root, openedFrom: .root)
        var found: [String] = []
        try await pane.eachMatch { container, objects in found += objects.map { container + "/" + $0.name } }
        return found
    }

    func testResultsEqualASequentialSearch() async throws {
        // Pages of 7: several containers at once, each one stream; one container alone
        // (`--in c3`) splits into ranges.
        let store = SmallPages(base: FileStore(root: root), pageSize: 7)
        for term in ["img00", "*.jpg", "2024/06/*", "日本/*", "beach", "n1*", "nothing-matches"] {
            let expected = try await reference(term, store: store)
            let found = try await search(term, store: store)
            XCTAssertEqual(found, expected, term)
            let pane = SearchPane(store: store, term: term, scope: Location(segments: ["c3"]), openedFrom: .root)
            var inOne: [String] = []
            try await pane.eachMatch { container, objects in inOne += objects.map { container + "/" + $0.name } }
            XCTAssertEqual(inOne, expected.filter { $0.hasPrefix("c3/") }, term)
        }
        let all = try await search("*.jpg", store: store)
        XCTAssertEqual(all.count, 5 * 71, "40 .jpg, 30 .JPG (case does not count) and one Beach .jpg in each container")
    }

    func testALiteralStartListsOnlyThatPrefix() async throws {
        let counting = CountingStore(root: root)
        let store = SmallPages(base: counting, pageSize: 7)
        _ = try await store.listContainers(ListingQuery())
        counting.reset()
        let found = try await search("2024/07/*", store: store)
        XCTAssertEqual(found.count, 5 * 30)
        let listings = counting.requests.keys.filter { $0.hasPrefix("listObjects") }
        XCTAssertFalse(listings.isEmpty)
        for key in listings { XCTAssertTrue(key.hasSuffix(" 2024/07/"), "listed more than the prefix: \(key)") }
        XCTAssertNil(SearchMatcher(term: "Photos/2024/*").namePrefix, "a letter may differ in case: no prefix")
        XCTAssertNil(SearchMatcher(term: "2024").namePrefix, "no glob: a substring anywhere")
    }

    func testCancellingKeepsWhatWasFoundAndTheNextSearchWorks() async throws {
        let store = SmallPages(base: FileStore(root: root), pageSize: 7)
        let pane = SearchPane(store: store, term: "*", scope: .root, openedFrom: .root)
        let task = Task {
            var found = 0
            do {
                try await pane.eachMatch { _, objects in
                    found += objects.count
                    withUnsafeCurrentTask { $0?.cancel() }
                }
            } catch {
                XCTAssertTrue(error is CancellationError || error as? StorageError == .cancelled, "\(error)")
            }
            return found
        }
        let kept = await task.value
        XCTAssertGreaterThan(kept, 0)
        XCTAssertLessThan(kept, 5 * 101)
        let again = try await search("*", store: store)
        XCTAssertEqual(again.count, 5 * 101)
    }
}

/// A store whose listing pages are small, as S3's are smaller than Swift's.
final class SmallPages: ForwardingStore {
    let base: any ObjectStore
    let pageSize: Int

    init(base: any ObjectStore, pageSize: Int) {
        self.base = base
        self.pageSize = pageSize
    }

    var maximumPageSize: Int { pageSize }

    func listObjects(in container: String, _ query: ListingQuery) async throws -> [ListingEntry] {
        var query = query
        query.limit = min(query.limit, pageSize)
        return try await base.listObjects(in: container, query)
    }
}
