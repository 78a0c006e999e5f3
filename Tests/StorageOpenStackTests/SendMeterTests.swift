import Foundation
import Storage
import StorageHTTP
import StorageOpenStack
import Synchronization
import Transfers
import XCTest

/// A PUT's bytes show on the progress line as they go out, not at its end: the body the
/// store makes for the real Swift server counts into the meter of the task that sends
/// it, a retry takes its count back, and an upload counts every byte once.
final class SendMeterTests: XCTestCase {
    private let file = NSTemporaryDirectory() + "objsh-meter-" + UUID().uuidString
    private let container = "meter-" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    private let size = 3 << 20 + 17

    override func setUp() async throws {
        try Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 13) }).write(to: URL(fileURLWithPath: file))
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: file)
    }

    func testASinglePutCountsItsBytesAsTheyGoAndAnUploadCountsThemOnce() async throws {
        let store = try SwiftStore(endpoint: try TestServer.endpoint(), name: "test")
        defer { Task { await store.shutdown() } }
        try await store.createContainer(container)
        let steps = Mutex<[Int64]>([])
        let meter = SendMeter { bytes in steps.withLock { $0.append(bytes) } }
        _ = try await SendMeter.$current.withValue(meter) {
            try await store.putObject(container: container, name: "one.bin", fileAt: file, contentType: nil)
        }
        let counted = steps.withLock { $0 }
        XCTAssertGreaterThan(counted.count, 10, "counted a chunk at a time, not once at the end")
        XCTAssertEqual(counted.reduce(0, +), Int64(size), "every byte of the body, before the request ended")
        meter.settle()
        XCTAssertEqual(steps.withLock { $0.reduce(0, +) }, 0, "taken back when the request ended")

        let progress = TransferProgress(name: "two.bin", bytesTotal: Int64(size))
        let uploader = Uploader(store: store, options: UploadOptions(), progress: progress)
        try await uploader.upload([UploadItem(path: file, name: "two.bin")], into: container) { _ in }
        XCTAssertEqual(progress.snapshot.bytesDone, Int64(size), "each byte counted once")
        try await store.deleteObject(container: container, name: "one.bin")
        try await store.deleteObject(container: container, name: "two.bin")
        try await store.deleteContainer(container)
    }

    /// A body read again (the retry of a request) takes back what it counted the first time.
    func testARetriedBodyStartsItsCountAgain() async throws {
        let count = Mutex<Int64>(0)
        let meter = SendMeter { bytes in count.withLock { $0 += bytes } }
        let body = SendMeter.$current.withValue(meter) { FileUploadBody(path: file, expectedBytes: Int64(size), digest: UploadDigest()) }
        var first = body.makeAsyncIterator()
        let chunk = try await first.next()
        XCTAssertEqual(count.withLock { $0 }, Int64(chunk?.readableBytes ?? -1))
        var again = body.makeAsyncIterator()
        XCTAssertEqual(count.withLock { $0 }, 0, "the retry's body starts from nothing")
        while try await again.next() != nil {}
        XCTAssertEqual(count.withLock { $0 }, Int64(size))
    }
}
