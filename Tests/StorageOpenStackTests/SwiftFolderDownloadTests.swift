import Foundation
import Places
import Storage
import StorageContract
import StorageOpenStack
import Synchronization
import Transfers
import XCTest

/// `get -r` against the real Swift server: objects come from the listing engine, and
/// only those the listing cannot tell (an empty object, maybe a DLO's manifest; a
/// static large object) cost a HEAD. The listing's ETag still proves every plain
/// object's bytes.
final class SwiftFolderDownloadTests: XCTestCase {
    private var store: SwiftStore?
    private var scratch: ScratchFiles?
    private let container = "folder-" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    private let plainNames = (0..<12).map { "d/sub/p\($0).txt" }

    override func setUp() async throws {
        let store = try SwiftStore(endpoint: try TestServer.endpoint(), name: "test")
        self.store = store
        let scratch = try ScratchFiles()
        self.scratch = scratch
        try await store.createContainer(container)
        var items = try plainNames.map { UploadItem(path: try scratch.file(Self.flat($0), Array($0.utf8)), name: $0) }
        items.append(UploadItem(path: try scratch.file("empty", []), name: "d/empty"))
        try await Uploader(store: store, options: UploadOptions()).upload(items, into: container) { _ in }
        let large = try scratch.file("large", ScratchFiles.pattern(count: 3 << 20 + 17))
        try await Uploader(store: store, options: UploadOptions(segmentBytes: 1 << 20))
            .upload([UploadItem(path: large, name: "d/large.bin")], into: container) { _ in }
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

    static func flat(_ name: String) -> String { name.replacingOccurrences(of: "/", with: "_") }

    func download(_ store: any ObjectStore, into folder: String) async throws -> (count: Int?, failures: [ObjectFailure]) {
        let failures = Mutex<[ObjectFailure]>([])
        do {
            let count = try await FolderDownloader(store: store).download(
                from: Location(segments: [container, "d"]), into: folder,
                overwrite: false, progress: nil
            ) { failure in
                failures.withLock { $0.append(failure) }
            }
            return (count, failures.withLock { $0 })
        } catch TransferError.someFailed(let failed, _) {
            XCTAssertEqual(failed, failures.withLock { $0.count })
            return (nil, failures.withLock { $0 })
        }
    }

    func testOnlyObjectsTheListingCannotTellAreLookedUp() async throws {
        let counter = HeadCounter(base: try XCTUnwrap(store))
        let folder = try XCTUnwrap(scratch).directory + "/down"
        let (count, failures) = try await download(counter, into: folder)
        XCTAssertEqual(failures.map(\.name), [])
        XCTAssertEqual(count, plainNames.count + 2)
        XCTAssertEqual(counter.heads.sorted(), ["d/empty", "d/large.bin"], "a HEAD for a plain object the listing told")
        for name in plainNames {
            XCTAssertEqual(try String(contentsOfFile: folder + "/" + name.dropFirst(2), encoding: .utf8), name)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: folder + "/empty")), Data())
        XCTAssertTrue(try Data(contentsOf: URL(fileURLWithPath: folder + "/large.bin")) == Data(ScratchFiles.pattern(count: 3 << 20 + 17)))
    }

    func testBytesThatDoNotMatchTheListedETagAreCaughtAndNotKept() async throws {
        // Byte 3 of every read flipped on the way: each object longer than that fails alone.
        let folder = try XCTUnwrap(scratch).directory + "/corrupt"
        let (count, failures) = try await download(ReadRecorder(base: try XCTUnwrap(store), flipByteAt: 3), into: folder)
        XCTAssertNil(count, "a corrupt download passed")
        XCTAssertEqual(Set(failures.map(\.name)), Set(plainNames + ["d/large.bin"]))
        for failure in failures {
            guard case TransferError.corrupt = failure.error else { return XCTFail("\(failure.name): \(failure.error)") }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["empty", "sub"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/sub"), [], "a corrupt file was kept")
    }
}

/// Passes every call on, recording the objects whose `info` (a HEAD) was asked for.
final class HeadCounter: ForwardingStore {
    let base: any ObjectStore
    private let names = Mutex<[String]>([])

    init(base: any ObjectStore) { self.base = base }

    var heads: [String] { names.withLock { $0 } }

    func objectInfo(container: String, name: String, version: String?) async throws -> ObjectInfo {
        names.withLock { $0.append(name) }
        return try await base.objectInfo(container: container, name: name, version: version)
    }
}
