import Foundation
import Storage
import Synchronization
import XCTest

@testable import NameIndex

/// A file store that counts object listings per container and can fail one container's
/// listing midway, as a killed or cut-off `index` would stop.
final class ListingCounter: ForwardingStore {
    let base: any ObjectStore
    let listings = Mutex<[String: Int]>([:])
    let failing = Mutex<String?>(nil)

    init(_ base: any ObjectStore) { self.base = base }

    var maximumPageSize: Int { 3 }

    func listObjects(in container: String, _ query: ListingQuery) async throws -> [ListingEntry] {
        listings.withLock { $0[container, default: 0] += 1 }
        if failing.withLock({ $0 }) == container && !query.marker.isEmpty { throw StorageError.cancelled }
        return try await base.listObjects(in: container, query)
    }

    func drain() -> [String: Int] {
        listings.withLock { counts in
            defer { counts = [:] }
            return counts
        }
    }
}

final class RefreshTests: XCTestCase {
    var root = ""
    var store: FileStore!
    var counter: ListingCounter!
    var index: NameIndex!

    override func setUp() async throws {
        root = NSTemporaryDirectory() + "objsh-index-\(UUID().uuidString)"
        store = FileStore(root: root + "/store")
        try FileManager.default.createDirectory(atPath: root + "/store", withIntermediateDirectories: true)
        counter = ListingCounter(store)
        index = NameIndex(path: root + "/index")
        index.blockEntries = 2
        index.chunkEntries = 4
        for container in ["alpha", "beta", "gamma"] {
            try await store.createContainer(container)
            for number in 0..<7 { try await put(container, "dir/\(container)-\(number).txt", bytes: number) }
        }
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    func put(_ container: String, _ name: String, bytes: Int) async throws {
        _ = try await store.putObject(container: container, name: name, bytes: Array(repeating: 65, count: bytes), contentType: nil)
    }

    /// Every object of the index, as `container/name size date`.
    func indexed(_ container: String? = nil) throws -> [String] {
        var lines: [String] = []
        try index.coverage(container: container, prefix: "")?.eachMatch(IndexQuery(runs: []) { _ in true }) { container, objects in
            lines += objects.map { "\(container)/\($0.name) \($0.bytes) \(Int(($0.lastModified?.timeIntervalSince1970 ?? 0) * 1000))" }
        }
        return lines
    }

    /// Every object as the store lists it, in the same words (milliseconds, rounded down as the index keeps them).
    func listed() async throws -> [String] {
        var lines: [String] = []
        for container in ["alpha", "beta", "gamma"] {
            for try await page in store.objectPages(in: container) {
                for case .object(let object) in page {
                    let millis = Int(((object.lastModified?.timeIntervalSince1970 ?? 0) * 1000).rounded(.down))
                    lines.append("\(container)/\(object.name) \(object.bytes) \(millis)")
                }
            }
        }
        return lines
    }

    func testTheIndexEqualsTheListing() async throws {
        XCTAssertNil(index.coverage(container: nil, prefix: ""))
        let report = try await index.refresh(store: counter, container: nil)
        XCTAssertEqual(report.listed, ["alpha", "beta", "gamma"])
        XCTAssertEqual(report.names, 21)
        let expected = try await listed()
        XCTAssertEqual(try indexed(), expected)
        XCTAssertEqual(try indexed("beta"), expected.filter { $0.hasPrefix("beta/") })
    }

    func testARefreshListsOnlyTheContainerThatChanged() async throws {
        _ = try await index.refresh(store: counter, container: nil)
        _ = counter.drain()
        let again = try await index.refresh(store: counter, container: nil)
        XCTAssertEqual(again.listed, [])
        XCTAssertEqual(counter.drain(), ["alpha": 1, "beta": 1, "gamma": 1], "one first page each, to compare")
        try await put("beta", "dir/beta-new.txt", bytes: 3)
        try await store.deleteObject(container: "beta", name: "dir/beta-0.txt")
        try await put("beta", "dir/beta-1.txt", bytes: 40)
        let refreshed = try await index.refresh(store: counter, container: nil)
        XCTAssertEqual(refreshed.listed, ["beta"])
        XCTAssertEqual(refreshed.unchanged, ["alpha", "gamma"])
        let counts = counter.drain()
        XCTAssertEqual(counts["alpha"], 1)
        XCTAssertEqual(counts["gamma"], 1)
        let expected = try await listed()
        XCTAssertEqual(try indexed(), expected)
    }

    func testAContainerGoneIsForgottenAndDropRemovesFiles() async throws {
        _ = try await index.refresh(store: counter, container: nil)
        for name in try await store.objectPages(in: "gamma").reduce([], +).map(\.name) {
            try await store.deleteObject(container: "gamma", name: name)
        }
        try await store.deleteContainer("gamma")
        let report = try await index.refresh(store: counter, container: nil)
        XCTAssertEqual(report.removed, ["gamma"])
        XCTAssertEqual(index.manifest?.containers.keys.sorted(), ["alpha", "beta"])
        let dropped = try await index.drop(container: "alpha")
        XCTAssertEqual(dropped, ["alpha"])
        XCTAssertNil(index.coverage(container: nil, prefix: ""), "the account is no longer whole")
        XCTAssertNotNil(index.coverage(container: "beta", prefix: "dir/"))
        let files = try FileManager.default.contentsOfDirectory(atPath: root + "/index").filter { $0.hasSuffix(".seg") }
        XCTAssertEqual(files.count, 1)
    }

    func testAFailedBuildLeavesTheOldIndexWhole() async throws {
        _ = try await index.refresh(store: counter, container: nil)
        let before = try indexed()
        try await put("beta", "dir/beta-late.txt", bytes: 1)
        counter.failing.withLock { $0 = "beta" }
        do {
            _ = try await index.refresh(store: counter, container: nil, full: true)
            XCTFail("the listing of beta fails")
        } catch StorageError.cancelled {}
        // alpha was committed again; beta is the old one, whole; no stray segment is left.
        XCTAssertEqual(try indexed(), before)
        let files = try FileManager.default.contentsOfDirectory(atPath: root + "/index").filter { $0.hasSuffix(".seg") }
        XCTAssertEqual(files.count, 3)
    }

    func testAFolderIndexCoversOnlyThatFolder() async throws {
        try await put("alpha", "other/x.txt", bytes: 1)
        _ = try await index.refresh(store: counter, container: "alpha", prefix: "other/")
        XCTAssertNil(index.coverage(container: "alpha", prefix: ""))
        XCTAssertNil(index.coverage(container: nil, prefix: ""))
        XCTAssertEqual(try indexed("alpha"), [])  // no coverage of the whole container: nothing answered
        var found: [String] = []
        try index.coverage(container: "alpha", prefix: "other/")?.eachMatch(IndexQuery(runs: ["x"]) { _ in true }) { _, objects in
            found += objects.map(\.name)
        }
        XCTAssertEqual(found, ["other/x.txt"])
    }
}
