import Foundation
import Places
import Storage
import StorageContract
import StorageOpenStack
import Transfers
import XCTest

/// Ranged downloads from the real Swift server: a plain object and a static large
/// object (uploaded by objsh's own Uploader) come down as ranges several at once,
/// byte for byte; a segment corrupted on the way is caught and named.
final class SwiftRangedDownloadTests: XCTestCase {
    private var store: SwiftStore?
    private var scratch: ScratchFiles?
    private let container = "ranged-" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    private let content = ScratchFiles.pattern(count: 3 << 20 + 4_321)

    override func setUp() async throws {
        let store = try SwiftStore(endpoint: try TestServer.endpoint(), name: "test")
        self.store = store
        scratch = try ScratchFiles()
        try await store.createContainer(container)
    }

    override func tearDown() async throws {
        if let store {
            _ = try? await Deleter(store: store).deleteAll(under: Location(segments: [container]))
            try? await store.deleteContainer(container)
            try? await store.deleteContainer(container + "_segments")
        }
        await store?.shutdown()
        scratch?.remove()
    }

    func ranged(_ store: any ObjectStore, rangeBytes: Int64) -> Downloader {
        var downloader = Downloader(store: store)
        downloader.threshold = 0
        downloader.rangeBytes = rangeBytes
        return downloader
    }

    func upload(_ name: String, segmentBytes: Int64?) async throws -> ObjectInfo {
        let store = try XCTUnwrap(store)
        let path = try XCTUnwrap(scratch).file(name, content)
        try await Uploader(store: store, options: UploadOptions(segmentBytes: segmentBytes))
            .upload([UploadItem(path: path, name: name)], into: container) { _ in }
        return try await store.objectInfo(container: container, name: name)
    }

    func testAPlainObjectComesDownAsRanges() async throws {
        let info = try await upload("plain.bin", segmentBytes: nil)
        XCTAssertNil(info.largeObject)
        let recorder = ReadRecorder(base: try XCTUnwrap(store))
        let target = try XCTUnwrap(scratch).directory + "/plain.out"
        let outcome = try await ranged(recorder, rangeBytes: 512 << 10).download(info, to: target, overwrite: false)
        XCTAssertNil(outcome.note)
        XCTAssertEqual(recorder.readStarts.sorted(), Array(stride(from: 0, to: Int64(content.count), by: 512 << 10)))
        XCTAssertTrue(try Data(contentsOf: URL(fileURLWithPath: target)) == Data(content))
    }

    func testAStaticLargeObjectComesDownSegmentBySegment() async throws {
        let info = try await upload("slo.bin", segmentBytes: 1 << 20)
        XCTAssertEqual(info.largeObject, .staticManifest)
        let store = try XCTUnwrap(store)
        let recorder = ReadRecorder(base: store)
        let target = try XCTUnwrap(scratch).directory + "/slo.out"
        let outcome = try await ranged(recorder, rangeBytes: 1 << 20).download(info, to: target, overwrite: false)
        XCTAssertNil(outcome.note, "verified against the manifest")
        XCTAssertEqual(recorder.readStarts.sorted(), [0, 1 << 20, 2 << 20, 3 << 20], "one range per segment")
        XCTAssertTrue(try Data(contentsOf: URL(fileURLWithPath: target)) == Data(content))

        let other = try XCTUnwrap(scratch).directory + "/corrupt.out"
        do {
            _ = try await ranged(ReadRecorder(base: store, flipByteAt: (2 << 20) + 10), rangeBytes: 1 << 20).download(
                info, to: other, overwrite: false)
            XCTFail("a corrupt segment passed the check")
        } catch TransferError.corrupt(_, let detail) {
            XCTAssertTrue(detail.hasPrefix("segment 3 of 4 "), detail)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: other))
    }
}
