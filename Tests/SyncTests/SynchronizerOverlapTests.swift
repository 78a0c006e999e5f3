import Foundation
import Places
import Storage
import Synchronization
import Transfers
import XCTest

@testable import Sync

/// Sync sends while its comparison goes on judging, and the names in flight stay
/// within the comparison's window and the sending slots: the comparison neither waits
/// for each batch sent nor runs ahead of the sends through the whole tree.
final class SynchronizerOverlapTests: XCTestCase {
    private var base = ""
    private let files = 120

    override func setUp() async throws {
        base = NSTemporaryDirectory() + "objsh-sync-overlap-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: base + "/tree", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: base + "/store", withIntermediateDirectories: true)
        for index in 0..<files {
            try Data("file \(index)".utf8).write(to: URL(fileURLWithPath: base + "/tree/f\(1000 + index)"))
        }
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: base)
    }

    func testTheComparisonGoesOnWhileNamesAreSent() async throws {
        let store = FileStore(root: base + "/store")
        try await store.createContainer("c")
        let digests = CountingDigests(root: base + "/tree")
        let source = SyncPlace.local(root: base + "/tree")
        let destination = SyncPlace.remote(store: store, folder: Location(segments: ["c"]))
        var comparison = Comparison(source: source, destination: destination) { _ in digests }
        comparison.window = 4
        let route = try XCTUnwrap(SyncRoute.between(source, destination, uploads: UploadOptions(), progress: nil, crossing: nil))
        let inFlight = comparison.window + route.parallel
        let sent = Mutex(0)
        let overshoot = Mutex<[String]>([])
        let synchronizer = Synchronizer(comparison: comparison, route: route, progress: nil)
        let (totals, _) = try await synchronizer.send(collectingDeletes: false) { event in
            guard case .sent = event else { return }
            let begun = digests.expected
            let count = sent.withLock {
                $0 += 1
                return $0
            }
            // Every name begun and not yet done is sending or waiting to: at most the window.
            if begun > count + inFlight { overshoot.withLock { $0.append("\(begun) names begun, \(count) sent") } }
            // The first name sent is held until the comparison has begun as many as it may.
            if count == 1 { XCTAssertTrue(digests.wait(forExpected: inFlight), "the comparison waited for the name sending") }
        }
        XCTAssertEqual(totals.sent, files)
        XCTAssertEqual(totals.failed, 0)
        XCTAssertEqual(overshoot.withLock { $0 }, [], "the comparison ran ahead of the sends")
        XCTAssertEqual(digests.expected, files)
    }
}

/// Reads files as `FileDigests` does, and counts the names a comparison expects.
final class CountingDigests: FileDigesting {
    let reader: FileDigests
    private let count = Mutex(0)

    init(root: String) { reader = FileDigests(root: root) }

    var expected: Int { count.withLock { $0 } }
    var counters: HashCounters { reader.counters }

    func digests(of file: LocalFileStat, partSizes: [Int64]) async throws -> FileDigest {
        try await reader.digests(of: file, partSizes: partSizes)
    }

    func checksum(of file: LocalFileStat, _ algorithm: ContentChecksum.Algorithm) async throws -> String {
        try await reader.checksum(of: file, algorithm)
    }

    func expect(_ name: String) { count.withLock { $0 += 1 } }

    /// Waits (up to a minute, for a loaded machine) until `target` names were expected.
    func wait(forExpected target: Int) -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while expected < target {
            guard Date() < deadline else { return false }
            usleep(1000)
        }
        return true
    }
}
