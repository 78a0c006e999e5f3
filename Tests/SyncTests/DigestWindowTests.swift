import Foundation
import Storage
import XCTest

@testable import Sync

/// The digest cache holds only the names a comparison has in flight, however many
/// files the tree holds, and still spares the second run every read; a run that
/// stopped half-way keeps the old records of the names it did not reach.
final class DigestWindowTests: XCTestCase {
    private var base = ""
    private let files = 240

    override func setUp() async throws {
        base = NSTemporaryDirectory() + "objsh-digest-window-" + UUID().uuidString
        for side in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: base + "/" + side + "/d", withIntermediateDirectories: true)
            for index in 0..<files {
                let path = base + "/" + side + (index % 3 == 0 ? "/d/" : "/") + "f\(index)"
                try Data("content \(index)".utf8).write(to: URL(fileURLWithPath: path))
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: path)
            }
        }
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: base)
    }

    /// Compares the two identical trees through fresh caches; gives the caches and the verdicts.
    func compare(window: Int) async throws -> (caches: [DigestCache], same: Int, total: Int) {
        let caches = Locked<[DigestCache]>([])
        var comparison = Comparison(source: .local(root: base + "/a"), destination: .local(root: base + "/b")) { [base] root in
            let cache = DigestCache(root: root, folder: base + "/cache")
            caches.withLock { $0.append(cache) }
            return cache
        }
        comparison.window = window
        var same = 0
        var total = 0
        try await comparison.run { verdict in
            total += 1
            if case .same = verdict { same += 1 }
        }
        comparison.saveDigests(complete: true)
        return (caches.withLock { $0 }, same, total)
    }

    func testTheCacheHoldsOnlyTheNamesInFlight() async throws {
        let window = 4
        let first = try await compare(window: window)
        XCTAssertEqual(first.total, files)
        XCTAssertEqual(first.same, files)
        XCTAssertEqual(first.caches.map(\.counters.filesRead), [files, files])
        for cache in first.caches { XCTAssertLessThanOrEqual(cache.peakHeld, window + 1, "entries held at once") }

        let second = try await compare(window: window)
        XCTAssertEqual(second.same, files)
        XCTAssertEqual(second.caches.map(\.counters.filesRead), [0, 0], "an unchanged tree is read again")
        for cache in second.caches {
            XCTAssertGreaterThan(cache.peakHeld, 0)
            XCTAssertLessThanOrEqual(cache.peakHeld, window + 1, "entries held at once, the old file read alongside")
        }
    }

    func testARunStoppedHalfWayKeepsTheNamesItDidNotReach() async throws {
        let root = base + "/a"
        let names = try FileManager.default.subpathsOfDirectory(atPath: root).filter { !$0.hasSuffix("d") }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        XCTAssertEqual(names.count, files)
        let whole = DigestCache(root: root, folder: base + "/cache")
        try await ask(whole, names)
        whole.save(complete: true)

        let stopped = DigestCache(root: root, folder: base + "/cache")
        try await ask(stopped, Array(names.prefix(10)))
        stopped.save(complete: false)
        let after = DigestCache(root: root, folder: base + "/cache")
        try await ask(after, names)
        XCTAssertEqual(after.counters.filesRead, 0, "the names a stopped run did not reach were forgotten")
        after.save(complete: true)

        let partial = DigestCache(root: root, folder: base + "/cache")
        try await ask(partial, Array(names.prefix(10)))
        partial.save(complete: true)
        let again = DigestCache(root: root, folder: base + "/cache")
        try await ask(again, names)
        XCTAssertEqual(again.counters.filesRead, files - 10, "a complete run keeps only the names it saw")
    }

    /// Asks the digests of `names` in order, as a comparison does, each settled after.
    func ask(_ cache: DigestCache, _ names: [String]) async throws {
        for name in names {
            cache.expect(name)
            _ = try await cache.digests(of: try XCTUnwrap(try LocalFileStat.of(root: cache.root, relative: name)), partSizes: [])
            cache.settle(through: name)
        }
    }
}
