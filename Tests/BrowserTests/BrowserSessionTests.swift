import Browser
import Foundation
import Navigation
import Storage
import XCTest

/// The browser on the sample store: what each command moves, and what it fetches.
final class BrowserSessionTests: SampleSessionTestCase {
    static let sample: String = {
        let path = samplePath
        try! SampleData.materialize(at: path)
        // Shared by the whole run, so it goes when the test process ends.
        atexit { try? FileManager.default.removeItem(atPath: BrowserSessionTests.samplePath) }
        return path
    }()
    static let samplePath = NSTemporaryDirectory() + "objsh-browser-sample-\(getpid())"

    func testDeepCdMakesIntermediatePanesWithoutFetchingThem() async throws {
        store.reset()
        try await session.cd("photos/2024/summer/beach")
        XCTAssertEqual(titles, ["sample:/", "photos/", "photos/2024/", "photos/2024/summer/", "photos/2024/summer/beach/"])
        // One request checks the target, then only the two visible panes load:
        // the hidden ones (photos/, photos/2024/) were made but never fetched.
        XCTAssertEqual(
            store.requests,
            [
                "listObjects photos 2024/summer/beach/": 2,  // the check (limit 1) and the right pane
                "listObjects photos 2024/summer/": 1,  // the left pane
            ])
        let hidden = session.container.panes[1...2].map { $0.isContentLoaded }
        XCTAssertEqual(hidden, [false, false], "pre-loading fetches nothing")
    }

    func testGoingBackReloadsOnlyPanesEvictedFromTheCache() async throws {
        try await session.cd("photos")
        try await session.cd("2024")
        try await session.cd("summer")
        try await session.cd("beach")
        // cacheLimit 1: of the hidden [account, photos, 2024], only 2024 keeps its content.
        XCTAssertEqual(session.container.panes.map(\.isContentLoaded), [false, false, true, true, true])
        store.reset()
        try await session.back()
        XCTAssertEqual(store.total, 0, "2024 was cached: going back fetches nothing")
        store.reset()
        try await session.back()
        XCTAssertEqual(store.requests, ["listObjects photos ": 1], "photos was unloaded and loads again")
    }

    func testMissingNamesChangeNothing() async throws {
        try await session.cd("photos")
        let before = titles
        for path in ["nowhere", "/nope", "2024/nope", "../missing"] {
            do {
                try await session.cd(path)
                XCTFail("cd \(path) must fail")
            } catch {
                XCTAssertEqual(titles, before, "cd \(path) moved the panes")
            }
        }
    }

    func testSearchModeRestoresTheCachedPanesWithoutFetching() async throws {
        try await session.cd("documents/日本語")
        try await session.search("メモ")
        XCTAssertEqual(session.searchTerm, "メモ")
        store.reset()
        try await session.search(nil)
        XCTAssertEqual(store.total, 0, "the panes before search come back with their content")
        XCTAssertEqual(titles, ["sample:/", "documents/", "documents/日本語/"])
    }

    func testInfoOnAnObjectOpensFromItsFolder() async throws {
        try await session.info("/photos/2024/README.txt")
        XCTAssertEqual(titles, ["sample:/", "photos/", "photos/2024/", "info 2024/README.txt"])
        XCTAssertEqual(session.currentFolder.description, "/photos/2024")
        try await session.cd("../2023")  // a sibling of the info pane's folder
        XCTAssertEqual(titles, ["sample:/", "photos/", "photos/2023/"])
    }
}

/// Opening a huge folder counts one page only, so it costs one request, not a hundred.
@MainActor
final class LargeFolderTests: XCTestCase {
    func testAPaneOfAHugeFolderStopsCountingAfterOnePage() async throws {
        let root = NSTemporaryDirectory() + "objsh-large-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/big", withIntermediateDirectories: true)
        for index in 0..<(FolderPane.loadedEntries + 500) {
            let fd = open(root + "/big/" + String(format: "o%06d", index), O_WRONLY | O_CREAT, 0o644)
            XCTAssertGreaterThanOrEqual(fd, 0)
            close(fd)
        }
        let store = CountingStore(root: root)
        let session = BrowserSession(clusterName: "t", store: store)
        try await session.open()
        store.reset()
        try await session.cd("big")
        XCTAssertEqual(store.requests, ["listContainers": 1, "listObjects big ": 1], "the check and one page")
        guard case .listing(let listing) = session.right?.content else { return XCTFail("no listing") }
        XCTAssertFalse(listing.isComplete)
        XCTAssertEqual(listing.total, FolderPane.loadedEntries)
        XCTAssertEqual(listing.entries.count, FolderPane.loadedEntries)
        XCTAssertNil(listing.containerObjects, "the file store counts no container without a walk")
    }

    /// Where the account listing counts a container's objects (Swift), the pane of a
    /// huge container says how many there are in all, from the check it makes anyway.
    func testAPaneOfAHugeContainerTellsItsObjectCountFromTheCheck() async throws {
        let root = NSTemporaryDirectory() + "objsh-large-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/big", withIntermediateDirectories: true)
        for index in 0..<(FolderPane.loadedEntries + 1) {
            XCTAssertTrue(FileManager.default.createFile(atPath: root + "/big/" + String(format: "o%06d", index), contents: nil))
        }
        let store = CountingStore(root: root)
        let session = BrowserSession(clusterName: "t", store: ContainerCountsStore(base: store, count: 123_456))
        try await session.open()
        store.reset()
        try await session.cd("big")
        XCTAssertEqual(store.requests, ["listContainers": 1, "listObjects big ": 1], "the check (with the count) and one page")
        guard case .listing(let listing) = session.right?.content else { return XCTFail("no listing") }
        XCTAssertFalse(listing.isComplete)
        XCTAssertEqual(listing.containerObjects, 123_456)
    }
}

/// Gives every container the object count an account listing of Swift would.
final class ContainerCountsStore: ForwardingStore {
    let base: any ObjectStore
    let count: Int

    init(base: any ObjectStore, count: Int) {
        self.base = base
        self.count = count
    }

    func listContainers(_ query: ListingQuery) async throws -> [ContainerSummary] {
        try await base.listContainers(query).map { ContainerSummary(name: $0.name, objectCount: count, bytes: nil) }
    }
}
