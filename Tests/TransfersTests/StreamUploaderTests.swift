import Crypto
import Foundation
import Storage
import Synchronization
import Transfers
import XCTest

/// `upload - NAME`'s engine against the file store, whose stream upload is a staging file
/// renamed into place; the Swift and S3 sides run in ObjshSwiftShellTests against the real
/// servers. Each test checks the object's bytes and that no staging file is left behind.
final class StreamUploaderTests: XCTestCase {
    private var root = ""

    override func setUp() async throws {
        root = NSTemporaryDirectory() + "objsh-stream-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try await FileStore(root: root).createContainer("c")
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    func testAStreamUpToOneSegmentIsOnePutAndALongerOneGoesInSegments() async throws {
        for (count, segments) in [(0, 0), (999, 0), (1_000, 0), (1_001, 2), (5_500, 6), (6_000, 6)] {
            let bytes = Self.pattern(count)
            let progress = TransferProgress(streaming: "s")
            let stream = MemoryStream(bytes)
            let store = SlowSegments(base: FileStore(root: root), stream: stream)
            let result = try await StreamUploader(store: store, options: UploadOptions(segmentBytes: 1_000, parallel: 3), progress: progress)
                .upload(stream, into: "c", as: "dir/s.bin")
            // The file store keeps a stream whole, so it reports no segments of its own.
            guard case .stored(let info, 0, 0) = result else { return XCTFail("\(result)") }
            XCTAssertEqual(stream.segmentsStored, segments, "\(count) bytes")
            XCTAssertEqual(info.bytes, Int64(count))
            XCTAssertEqual(info.etag, Insecure.MD5.hash(data: bytes).map { String(format: "%02x", $0) }.joined())
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: root + "/c/dir/s.bin")), Data(bytes), "\(count) bytes")
            XCTAssertEqual(progress.snapshot.bytesDone, Int64(count))
            XCTAssertEqual(try stagingFiles(), [])
        }
    }

    func testReadingWaitsWhileParallelSegmentsAreInFlight() async throws {
        let stream = MemoryStream(Self.pattern(20_500))
        let store = SlowSegments(base: FileStore(root: root), stream: stream)
        let result = try await StreamUploader(store: store, options: UploadOptions(segmentBytes: 1_000, parallel: 3))
            .upload(stream, into: "c", as: "s.bin")
        guard case .stored(let info, 0, 0) = result, info.bytes == 20_500 else { return XCTFail("\(result)") }
        XCTAssertEqual(stream.segmentsStored, 21)
        // Segments read and not yet stored when a read starts: at most the 3 in flight,
        // so memory holds at most 4 (the one being read too).
        XCTAssertLessThanOrEqual(stream.mostHeldAtARead, 3)
        XCTAssertGreaterThan(stream.mostHeldAtARead, 0)
    }

    func testAStreamPastTheStoresSegmentsIsRefusedAndLeavesNothing() async throws {
        let store = FewSegments(base: FileStore(root: root))
        do {
            _ = try await StreamUploader(store: store, options: UploadOptions(segmentBytes: 1_000))
                .upload(MemoryStream(Self.pattern(3_001)), into: "c", as: "s.bin")
            XCTFail("a stream of 4 segments went into a store that takes 3")
        } catch let error as TransferError {
            XCTAssertEqual(error, .streamTooLong(segments: 3, segmentBytes: 1_000))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/c/s.bin"))
        XCTAssertEqual(try stagingFiles(), [])
        let exact = try await StreamUploader(store: store, options: UploadOptions(segmentBytes: 1_000))
            .upload(MemoryStream(Self.pattern(3_000)), into: "c", as: "s.bin")
        guard case .stored(let info, _, _) = exact, info.bytes == 3_000 else { return XCTFail("3 segments fit: \(exact)") }
    }

    func testAnInterruptedStreamStoresNothing() async throws {
        for failingRead in [1, 4] {
            do {
                _ = try await StreamUploader(store: FileStore(root: root), options: UploadOptions(segmentBytes: 1_000))
                    .upload(MemoryStream(Self.pattern(9_000), cancelAtRead: failingRead), into: "c", as: "s.bin")
                XCTFail("the interruption was not noticed")
            } catch TransferError.interrupted(let interruption) {
                XCTAssertEqual(interruption, .standardInput(name: "s.bin"))
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/c/s.bin"))
            XCTAssertEqual(try stagingFiles(), [])
        }
    }

    // MARK: - Helpers

    private func stagingFiles() throws -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: root + "/.objsh-staging")) ?? []
    }

    static func pattern(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) } }
}

/// Bytes in memory as a stream; counts what was read and not yet stored at each read,
/// and can throw a cancellation at one read, as Ctrl-C does.
final class MemoryStream: ByteStream {
    private struct State {
        var offset = 0
        var reads = 0
        var stored = 0
        var mostHeld = 0
    }
    private let bytes: [UInt8]
    private let cancelAtRead: Int?
    private let state = Mutex(State())

    init(_ bytes: [UInt8], cancelAtRead: Int? = nil) {
        self.bytes = bytes
        self.cancelAtRead = cancelAtRead
    }

    func read(upTo count: Int) async throws -> [UInt8] {
        try state.withLock { state in
            state.reads += 1
            if state.reads == cancelAtRead { throw CancellationError() }
            let end = min(bytes.count, state.offset + count)
            defer { state.offset = end }
            if state.offset < end { state.mostHeld = max(state.mostHeld, state.reads - 1 - state.stored) }
            return Array(bytes[state.offset..<end])
        }
    }

    func segmentStored() { state.withLock { $0.stored += 1 } }
    var mostHeldAtARead: Int { state.withLock { $0.mostHeld } }
    var segmentsStored: Int { state.withLock { $0.stored } }
}

/// A store whose segments take a while, so an unbounded reader would run far ahead; it
/// tells the stream of each segment stored.
struct SlowSegments: ForwardingStore {
    let base: any ObjectStore
    let stream: MemoryStream

    func uploadLimits() async throws -> UploadLimits { UploadLimits(maxObjectBytes: 1 << 20) }

    func beginStreamUpload(container: String, name: String, segmentBytes: Int64, contentType: String?) async throws -> any LargeUpload {
        SlowUpload(
            base: try await base.beginStreamUpload(container: container, name: name, segmentBytes: segmentBytes, contentType: contentType),
            stream: stream)
    }
}

struct SlowUpload: LargeUpload {
    let base: any LargeUpload
    let stream: MemoryStream

    func storedSegments() async throws -> [Int: SegmentRecord] { [:] }
    func putSegment(index: Int, from slice: FileSlice) async throws -> SegmentRecord { try await base.putSegment(index: index, from: slice) }
    func putSegment(index: Int, bytes: [UInt8]) async throws -> SegmentRecord {
        try await Task.sleep(for: .milliseconds(5))
        let record = try await base.putSegment(index: index, bytes: bytes)
        stream.segmentStored()
        return record
    }
    func complete(_ segments: [SegmentRecord], removingReplaced: Bool) async throws -> ObjectInfo {
        try await base.complete(segments, removingReplaced: removingReplaced)
    }
    func abort() async throws { try await base.abort() }
}

/// The file store with a cluster's limits: 3 segments of at most 1,000 bytes.
struct FewSegments: ForwardingStore {
    let base: any ObjectStore
    func uploadLimits() async throws -> UploadLimits { UploadLimits(maxObjectBytes: 1_000, maxSegments: 3) }
}
