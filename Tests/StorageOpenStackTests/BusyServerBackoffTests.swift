import FaultProxyHarness
import Foundation
import Places
import Storage
import StorageContract
import StorageHTTP
import StorageOpenStack
import Synchronization
import Transfers
import Workers
import XCTest

/// A server that answers busy (503, SlowDown) to many requests, through
/// `scripts/fault-proxy` in front of the real Swift server: the store counts the busy
/// answers, a transfer's width shrinks instead of hammering it, and every object still
/// lands whole.
final class BusyServerBackoffTests: XCTestCase {
    private let container = "busy-" + String(UInt32.random(in: 0...UInt32.max), radix: 36)

    /// A store whose every request goes through `proxy`; short waits keep the test quick.
    private func store(through proxy: FaultProxy) throws -> SwiftStore {
        var endpoint = try TestServer.endpoint()
        let upstream = try XCTUnwrap(FaultProxy.port(of: endpoint.authURL!))
        endpoint.authURL = proxy.rewrite(endpoint.authURL!, upstreamPort: upstream)
        let options = SwiftStoreOptions(
            connectTimeout: 2, readTimeout: 5,
            retry: RetryPolicy(maximumTries: 12, initialBackoff: 0.02, maximumBackoff: 0.1))
        return try SwiftStore(endpoint: endpoint, options: options)
    }

    private func proxy(share: Double) throws -> FaultProxy {
        let upstream = try XCTUnwrap(FaultProxy.port(of: try TestServer.endpoint().authURL!))
        return try FaultProxy(upstreamPort: upstream, faults: .random(share: share, seed: 41, kinds: ["503", "slowdown-1"]))
    }

    /// A third of the requests answered busy: the width of 32 objects at once narrows, fewer
    /// run at once late in the run than at its start, and every PUT lands.
    func testAStormOfBusyAnswersNarrowsTheWidth() async throws {
        let plain = try SwiftStore(endpoint: try TestServer.endpoint())
        try await plain.createContainer(container)
        let proxy = try proxy(share: 0.3)
        let store = try store(through: proxy)
        let width = TransferWidth(pinned: nil, store: store)
        let names = (0..<64).map { String(format: "o%03d", $0) }
        let widestLate: Int
        do {
            widestLate = try await Self.put(names, into: container, store: store, width: width)
        } catch {
            XCTFail("\(error)")
            widestLate = 0
        }
        let busy = store.load?.busyAnswers ?? 0
        XCTAssertGreaterThan(busy, 10, "the proxy answered busy: \(proxy.injected.count) faults")
        XCTAssertLessThanOrEqual(width.lowest, 4, "the width came down from 32")
        XCTAssertLessThan(widestLate, 32, "late jobs ran fewer at once than the start")
        let listed = try? await plain.listObjects(in: container, ListingQuery(limit: 1_000)).map(\.name)
        XCTAssertEqual(listed, names)
        await store.shutdown()
        _ = try? await Deleter(store: plain).deleteAll(under: Location(segments: [container]))
        try? await plain.deleteContainer(container)
        await plain.shutdown()
    }

    /// PUTs `names` (each its own name's bytes) `width` at once; returns how many ran at
    /// once at most in the last third of the run.
    static func put(_ names: [String], into container: String, store: SwiftStore, width: TransferWidth) async throws -> Int {
        let running = Mutex(0)
        let widestLate = Mutex(0)
        try await WorkerPool.forEach(names.enumerated(), width: width) { index, name in
            let now = running.withLock {
                $0 += 1
                return $0
            }
            if index >= names.count * 2 / 3 { widestLate.withLock { $0 = max($0, now) } }
            defer { running.withLock { $0 -= 1 } }
            _ = try await store.putObject(container: container, name: name, bytes: Array(name.utf8), contentType: nil)
        }
        return widestLate.withLock { $0 }
    }

    /// `get -r`'s engine through the same storm: every object comes down verified.
    func testAFolderDownloadGetsThroughAStorm() async throws {
        let plain = try SwiftStore(endpoint: try TestServer.endpoint())
        try await plain.createContainer(container)
        let names = (0..<40).map { String(format: "d/o%03d", $0) }
        for name in names { _ = try await plain.putObject(container: container, name: name, bytes: Array(name.utf8), contentType: nil) }
        let proxy = try proxy(share: 0.3)
        let store = try store(through: proxy)
        let folder = NSTemporaryDirectory() + "objsh-busy-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let count = try? await FolderDownloader(store: store).download(
            from: Location(segments: [container, "d"]), into: folder, overwrite: false, progress: nil
        ) { failure in XCTFail("\(failure)") }
        XCTAssertEqual(count, names.count)
        for name in names {
            XCTAssertEqual(FileManager.default.contents(atPath: folder + "/" + name.dropFirst(2)), Data(name.utf8))
        }
        XCTAssertGreaterThan(store.load?.busyAnswers ?? 0, 0)
        await store.shutdown()
        _ = try? await Deleter(store: plain).deleteAll(under: Location(segments: [container]))
        try? await plain.deleteContainer(container)
        await plain.shutdown()
    }
}
