import Crypto
import Foundation
import Places
import Storage
import Synchronization
import XCTest

@testable import Sync

/// A store that answers HEADs and manifest GETs as a large object's store would, over a
/// file store, and counts them: the judge's rules with the real ETag formulas.
final class ShapedStore: ForwardingStore {
    let base: any ObjectStore
    let kind: String
    let info: ObjectInfo?
    let segmentList: [SegmentRecord]?
    let requests = Mutex(0)

    /// As an S3 store says: an ETag a listing shows may be opaque on HEAD.
    var listedETagsMayBeOpaque: Bool { kind == "s3" }

    init(info: ObjectInfo? = nil, segments: [SegmentRecord]? = nil, kind: String = "file") {
        base = FileStore(root: "/nonexistent")
        self.kind = kind
        self.info = info
        segmentList = segments
    }

    func objectInfo(container: String, name: String, version: String?) async throws -> ObjectInfo {
        requests.withLock { $0 += 1 }
        guard let info else { throw StorageError.noSuchObject(container: container, name: name) }
        return info
    }

    func segments(ofObject container: String, name: String) async throws -> [SegmentRecord]? {
        requests.withLock { $0 += 1 }
        return segmentList
    }
}

final class ContentJudgeTests: XCTestCase {
    private var root = ""
    static let hour: TimeInterval = 3600

    override func setUp() {
        root = NSTemporaryDirectory() + "objsh-judge-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
    }

    static func md5(_ bytes: ArraySlice<UInt8>) -> String { Insecure.MD5.hash(data: bytes).hex }

    static func bytes(_ count: Int, seed: UInt8 = 7) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) } }

    static func pieces(_ bytes: [UInt8], of size: Int) -> [SegmentRecord] {
        stride(from: 0, to: bytes.count, by: size).enumerated().map { index, start in
            let slice = bytes[start..<min(start + size, bytes.count)]
            return SegmentRecord(index: index, bytes: Int64(slice.count), md5: md5(slice))
        }
    }

    /// The file `f` with `bytes`, as a walk finds it.
    func file(_ bytes: [UInt8]) throws -> PlaceEntry {
        try Data(bytes).write(to: URL(fileURLWithPath: root + "/f"))
        let stat = try XCTUnwrap(try LocalTree(root: root).next())
        return PlaceEntry(name: "f", origin: .file(stat))
    }

    func object(_ bytes: Int, etag: String?, large: Bool = false, kind: LargeObjectKind? = nil, age: TimeInterval = 0) -> PlaceEntry {
        var summary = ObjectSummary(
            name: "f", bytes: Int64(bytes), contentType: "", lastModified: Date(timeIntervalSinceNow: -age), etag: etag, isLargeObject: large)
        summary.largeObject = kind
        return PlaceEntry(name: "f", origin: .object(summary))
    }

    func judge(_ from: PlaceEntry, _ to: PlaceEntry, store: any ObjectStore) async throws -> (Verdict, HashCounters) {
        let digests = FileDigests(root: root)
        let judge = ContentJudge(
            source: .local(root: root), destination: .remote(store: store, folder: Location(segments: ["c"])), sourceDigests: digests,
            destinationDigests: nil)
        return (try await judge.judge(from, to), digests.counters)
    }

    func testOtherSizeDiffersWithoutAReadOrRequest() async throws {
        let store = ShapedStore()
        let (verdict, read) = try await judge(try file(Self.bytes(10)), object(11, etag: Self.md5(Self.bytes(11)[...])), store: store)
        XCTAssertEqual(verdict.basis, .size)
        XCTAssertFalse(verdict.isSame)
        XCTAssertEqual(read.filesRead, 0)
        XCTAssertEqual(store.requests.withLock { $0 }, 0)
    }

    func testPlainObjectByMD5() async throws {
        let bytes = Self.bytes(1000)
        let same = try await judge(try file(bytes), object(1000, etag: Self.md5(bytes[...])), store: ShapedStore())
        XCTAssertEqual(same.0.basis, .md5)
        XCTAssertTrue(same.0.isSame)
        XCTAssertEqual(same.1.filesRead, 1)
        XCTAssertEqual(same.1.bytesRead, 1000)
        let changed = try await judge(try file(Self.bytes(1000, seed: 9)), object(1000, etag: Self.md5(bytes[...])), store: ShapedStore())
        XCTAssertFalse(changed.0.isSame)
        XCTAssertEqual(changed.0.basis, .md5)
    }

    func testStaticLargeObjectBySegments() async throws {
        let bytes = Self.bytes(10_000)
        let segments = Self.pieces(bytes, of: 4096)
        let etag = LargeObjectETag.staticManifest(segmentMD5s: segments.map(\.md5))
        let store = ShapedStore(segments: segments)
        let same = try await judge(try file(bytes), object(10_000, etag: etag, large: true), store: store)
        XCTAssertEqual(same.0.basis, .segments(4096))
        XCTAssertTrue(same.0.isSame)
        XCTAssertEqual(store.requests.withLock { $0 }, 1, "one manifest GET")
        var changed = bytes
        changed[5000] ^= 1
        let differs = try await judge(try file(changed), object(10_000, etag: etag, large: true), store: store)
        XCTAssertFalse(differs.0.isSame)
        XCTAssertEqual(differs.0.basis, .segments(4096))
    }

    static let large = (3 << 20) + 1

    /// 3 MiB and a byte in 2 parts: 2 MiB and 3 MiB (and 2 MB, 3 MB) fit; one read tries them all.
    func testMultipartByGuessedParts() async throws {
        let bytes = Self.bytes(Self.large)
        let etag = LargeObjectETag.multipart(partMD5s: Self.pieces(bytes, of: 2 << 20).map(\.md5))
        let store = ShapedStore(info: ObjectInfo(container: "c", name: "f", bytes: Int64(Self.large), contentType: "", etag: etag))
        let same = try await judge(try file(bytes), object(Self.large, etag: etag, large: true), store: store)
        XCTAssertEqual(same.0.basis, .parts(2 << 20, guessed: true))
        XCTAssertTrue(same.0.isSame)
        XCTAssertEqual(same.1.filesRead, 1)
        XCTAssertEqual(store.requests.withLock { $0 }, 0, "no request when a guess gives the ETag")
        var changed = bytes
        changed[(2 << 20) + 5] ^= 1
        // No part size recorded: nothing proves it; the older object is older than the file.
        let unproven = try await judge(try file(changed), object(Self.large, etag: etag, large: true, age: Self.hour), store: store)
        XCTAssertEqual(unproven.0.basis, .sizeAndTime(.unknownPartSize))
        XCTAssertFalse(unproven.0.isSame)
    }

    func testMultipartByRecordedPartSize() async throws {
        let bytes = Self.bytes(Self.large)
        let etag = LargeObjectETag.multipart(partMD5s: Self.pieces(bytes, of: 2 << 20).map(\.md5))
        var info = ObjectInfo(container: "c", name: "f", bytes: Int64(Self.large), contentType: "", etag: etag)
        info.largeObject = .multipartUpload(parts: 2, partBytes: 2 << 20)
        var changed = bytes
        changed[1] ^= 1
        let store = ShapedStore(info: info)
        let differs = try await judge(try file(changed), object(Self.large, etag: etag, large: true), store: store)
        XCTAssertEqual(differs.0.basis, .parts(2 << 20, guessed: false))
        XCTAssertFalse(differs.0.isSame)
        XCTAssertEqual(differs.1.filesRead, 1, "the recorded size was among the guesses: one read")
    }

    /// An ETag that is no MD5 (SSE-KMS) that only a HEAD shows: the store's checksum decides.
    func testOpaqueETagByTheStoresChecksum() async throws {
        let bytes = Self.bytes(1000)
        let sha256 = Data(SHA256.hash(data: bytes)).base64EncodedString()
        var info = ObjectInfo(container: "c", name: "f", bytes: 1000, contentType: "", etag: String(repeating: "ab", count: 16))
        info.opaqueETag = .encrypted("aws:kms")
        info.checksum = ContentChecksum(algorithm: .sha256, base64: sha256)
        let store = ShapedStore(info: info, kind: "s3")
        let listed = object(1000, etag: info.etag, age: Self.hour)
        let same = try await judge(try file(bytes), listed, store: store)
        XCTAssertEqual(same.0.basis, .checksum)
        XCTAssertTrue(same.0.isSame)
        let differs = try await judge(try file(Self.bytes(1000, seed: 3)), listed, store: store)
        XCTAssertEqual(differs.0.basis, .checksum)
        XCTAssertFalse(differs.0.isSame)
        info.checksum = nil
        let unproven = try await judge(try file(bytes), listed, store: ShapedStore(info: info, kind: "s3"))
        XCTAssertEqual(unproven.0.basis, .sizeAndTime(.opaqueETag))
        XCTAssertFalse(unproven.0.isSame, "the object is an hour older than the file")
    }

    func testDynamicLargeObjectBySizeAndTime() async throws {
        let bytes = Self.bytes(100)
        let dlo = LargeObjectKind.dynamicManifest("c_segments/f")
        let newer = try await judge(try file(bytes), object(100, etag: "x", kind: dlo), store: ShapedStore())
        XCTAssertEqual(newer.0.basis, .sizeAndTime(.dynamicManifest))
        XCTAssertTrue(newer.0.isSame, "the object is not older than the file")
        XCTAssertEqual(newer.1.filesRead, 0)
        let older = try await judge(try file(bytes), object(100, etag: "x", kind: dlo, age: Self.hour), store: ShapedStore())
        XCTAssertFalse(older.0.isSame)
    }

    func testStaticLargeObjectAgainstMultipartByTheirPieces() async throws {
        let bytes = Self.bytes(10_000)
        let segments = Self.pieces(bytes, of: 4096)
        let slo = LargeObjectETag.staticManifest(segmentMD5s: segments.map(\.md5))
        let multipart = LargeObjectETag.multipart(partMD5s: segments.map(\.md5))
        let swift = ShapedStore(segments: segments)
        let judge = ContentJudge(
            source: .remote(store: swift, folder: Location(segments: ["c"])),
            destination: .remote(store: ShapedStore(), folder: Location(segments: ["d"])),
            sourceDigests: nil, destinationDigests: nil)
        let same = try await judge.judge(object(10_000, etag: slo, large: true), object(10_000, etag: multipart, large: true))
        XCTAssertEqual(same.basis, .parts(4096, guessed: false))
        XCTAssertTrue(same.isSame)
        let other = LargeObjectETag.multipart(partMD5s: Self.pieces(Self.bytes(10_000, seed: 1), of: 4096).map(\.md5))
        let differs = try await judge.judge(object(10_000, etag: slo, large: true), object(10_000, etag: other, large: true))
        XCTAssertFalse(differs.isSame)
        let plain = try await judge.judge(object(10, etag: Self.md5(Self.bytes(10)[...])), object(10, etag: Self.md5(Self.bytes(10)[...])))
        XCTAssertEqual(plain.basis, .etag)
        XCTAssertTrue(plain.isSame)
    }
}

extension Verdict {
    var basis: Basis? {
        switch self {
        case .same(_, _, let basis), .differs(_, _, let basis): basis
        case .onlyInSource, .onlyInDestination: nil
        }
    }
}
