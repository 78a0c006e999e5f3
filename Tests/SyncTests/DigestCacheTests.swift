import Foundation
import Glibc
import Storage
import XCTest

@testable import Sync

/// The digest cache: a second ask of an unchanged file reads nothing, even from a new
/// cache read back from its file; a changed file (size, time or inode) is read again;
/// part digests at each size asked are kept; a damaged cache file is only a cache.
final class DigestCacheTests: XCTestCase {
    private var root = ""
    private var cache = ""

    override func setUp() async throws {
        let base = NSTemporaryDirectory() + "objsh-digest-cache-" + UUID().uuidString
        root = base + "/tree"
        cache = base + "/cache"
        try FileManager.default.createDirectory(atPath: root + "/d", withIntermediateDirectories: true)
        try write("d/a", String(repeating: "a", count: 3000))
        try write("b", "bee")
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent)
    }

    func write(_ name: String, _ text: String, age: TimeInterval = 3600) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + name))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: root + "/" + name)
    }

    func stat(_ name: String) throws -> LocalFileStat { try XCTUnwrap(try LocalFileStat.of(root: root, relative: name)) }

    /// Asked in name order, as a comparison asks.
    func testAnUnchangedFileIsReadOnceAcrossRuns() async throws {
        let first = DigestCache(root: root, folder: cache)
        _ = try await first.digests(of: try stat("b"), partSizes: [])
        let whole = try await first.digests(of: try stat("d/a"), partSizes: [])
        let parts = try await first.digests(of: try stat("d/a"), partSizes: [1024])
        XCTAssertEqual(parts.md5, whole.md5)
        XCTAssertEqual(parts.parts[1024]?.count, 3 * 16, "three parts of 1024 bytes, 16 bytes of MD5 each")
        XCTAssertEqual(first.counters.filesRead, 3, "the part size was not asked before: read again")
        first.save(complete: true)

        let second = DigestCache(root: root, folder: cache)
        _ = try await second.digests(of: try stat("b"), partSizes: [])
        let again = try await second.digests(of: try stat("d/a"), partSizes: [1024])
        XCTAssertEqual(again, parts)
        XCTAssertEqual(second.counters.filesRead, 0, "an unchanged file was read again")
        second.save(complete: true)

        try write("b", "BEE", age: 60)  // same size, another time
        let third = DigestCache(root: root, folder: cache)
        _ = try await third.digests(of: try stat("b"), partSizes: [])
        _ = try await third.digests(of: try stat("d/a"), partSizes: [1024])
        XCTAssertEqual(third.counters.filesRead, 1, "only the changed file is read")
    }

    /// A file written a moment ago (its two times alike) may change again in the same tick.
    func testAFileJustChangedIsNotRemembered() async throws {
        let path = root + "/b"
        try Data("now".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(utimensat(AT_FDCWD, path, nil, 0), 0, "both times now")
        let written = try stat("b").ctimeNs
        // The clock stands still a millisecond after the write, however slow the machine.
        let first = DigestCache(root: root, folder: cache, clock: { written + 1_000_000 })
        _ = try await first.digests(of: try stat("b"), partSizes: [])
        _ = try await first.digests(of: try stat("b"), partSizes: [])
        XCTAssertEqual(first.counters.filesRead, 2, "a file changed a moment ago may change again in the same clock tick")
    }

    func testADamagedCacheFileIsIgnored() async throws {
        let first = DigestCache(root: root, folder: cache)
        let digest = try await first.digests(of: try stat("b"), partSizes: [])
        first.save(complete: true)
        let file = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: cache + "/digests").first)
        let path = cache + "/digests/" + file
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        try whole.dropLast(5).write(to: URL(fileURLWithPath: path))
        let second = DigestCache(root: root, folder: cache)
        let again = try await second.digests(of: try stat("b"), partSizes: [])
        XCTAssertEqual(again, digest)
        XCTAssertEqual(second.counters.filesRead, 1)
    }

    /// A run killed half-way leaves its temporary file: the next run of the root removes
    /// it once its process is gone, and leaves a running one's alone.
    func testAKilledRunsTemporaryFileIsRemoved() async throws {
        let first = DigestCache(root: root, folder: cache)
        _ = try await first.digests(of: try stat("b"), partSizes: [])
        first.save(complete: true)
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let abandoned = first.path + ".\(ended.processIdentifier).0A1B2C3D.tmp"
        let running = first.path + ".\(getpid()).0A1B2C3D.tmp"
        for path in [abandoned, running] { XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("x".utf8))) }
        let second = DigestCache(root: root, folder: cache)
        _ = try await second.digests(of: try stat("b"), partSizes: [])
        XCTAssertEqual(second.counters.filesRead, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: abandoned), "a killed run's temporary file stays")
        XCTAssertTrue(FileManager.default.fileExists(atPath: running), "a running process's temporary file was removed")
        second.save(complete: true)
        unlink(running)
        let left = try FileManager.default.contentsOfDirectory(atPath: cache + "/digests")
        XCTAssertEqual(left.count, 1, "\(left)")
    }
}
