import XCTest

@testable import Storage

/// Writes land whole or not at all, names never escape the root, info is right.
final class FileStoreWriteTests: XCTestCase {
    var temp: TemporaryStore!

    override func setUpWithError() throws { temp = try TemporaryStore() }
    override func tearDown() { temp.remove() }

    func localFile(_ contents: String) throws -> String {
        let path = temp.root + "-src-" + UUID().uuidString
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testPutObjectStoresTheBytesAndReportsTheirMD5() async throws {
        try await temp.store.createContainer("docs")
        let source = try localFile("hello\n")
        let info = try await temp.store.putObject(container: "docs", name: "deep/er/hello.txt", fileAt: source, contentType: nil)
        XCTAssertEqual(info.etag, "b1946ac92492d2347c6235b4d2611184")
        XCTAssertEqual(info.bytes, 6)
        XCTAssertEqual(info.contentType, "text/plain")
        XCTAssertEqual(try String(contentsOfFile: temp.root + "/docs/deep/er/hello.txt", encoding: .utf8), "hello\n")
        let again = try await temp.store.objectInfo(container: "docs", name: "deep/er/hello.txt")
        XCTAssertEqual(again.etag, info.etag)
        let staging = try FileManager.default.contentsOfDirectory(atPath: temp.root + "/" + FileStore.stagingName)
        XCTAssertEqual(staging, [], "no staging file is left behind")
        let containers = try await temp.store.listContainers(ListingQuery()).map(\.name)
        XCTAssertEqual(containers, ["docs"], "the staging folder is never a container")
    }

    func testFailedUploadLeavesTheOldObject() async throws {
        try temp.put("docs", "keep.txt", "old")
        do {
            _ = try await temp.store.putObject(container: "docs", name: "keep.txt", fileAt: temp.root + "/missing", contentType: nil)
            XCTFail("a missing file cannot be uploaded")
        } catch let error as StorageError {
            guard case .unreadableFile = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try String(contentsOfFile: temp.root + "/docs/keep.txt", encoding: .utf8), "old")
    }

    func testNamesThatWouldEscapeTheRootAreRefused() async throws {
        try await temp.store.createContainer("docs")
        let source = try localFile("x")
        for name in ["../escape", "a/../../b", "./a", "a//b", "", "nul\u{0}byte", String(repeating: "n", count: 256)] {
            do {
                _ = try await temp.store.putObject(container: "docs", name: name, fileAt: source, contentType: nil)
                XCTFail("\(name.debugDescription) must be refused")
            } catch let error as StorageError {
                guard case .invalidName = error else { return XCTFail("\(name.debugDescription): \(error)") }
            }
        }
        for name in ["..", ".", "a/b", "", "x\u{0}"] {
            do {
                try await temp.store.createContainer(name)
                XCTFail("container \(name.debugDescription) must be refused")
            } catch let error as StorageError {
                guard case .invalidName = error else { return XCTFail("\(error)") }
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: (temp.root as NSString).deletingLastPathComponent + "/escape"))
    }

    /// A link inside a container to a folder elsewhere is never a way out of the root:
    /// nothing behind it is read, written or deleted.
    func testLinksToFoldersOutsideTheRootLeadNowhere() async throws {
        try await temp.store.createContainer("docs")
        let outside = temp.root + "-outside-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: outside) }
        try Data("secret\n".utf8).write(to: URL(fileURLWithPath: outside + "/secret.txt"))
        try FileManager.default.createSymbolicLink(atPath: temp.root + "/docs/link", withDestinationPath: outside)
        let store = temp.store
        for attempt in [
            { _ = try await store.objectInfo(container: "docs", name: "link/secret.txt") },
            { _ = try await store.readObject(container: "docs", name: "link/secret.txt", range: nil, ifMatch: nil) { _ in } },
            { try await store.deleteObject(container: "docs", name: "link/secret.txt") },
            { _ = try await store.putObject(container: "docs", name: "link/new.txt", fileAt: try self.localFile("x"), contentType: nil) },
            { try await store.createFolderMarker(container: "docs", name: "link/sub/") },
        ] as [() async throws -> Void] {
            do {
                try await attempt()
                XCTFail("an operation went through a link out of the root")
            } catch is StorageError {}
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside), ["secret.txt"])
        let listed = try await store.listObjects(in: "docs", ListingQuery()).map(\.name)
        XCTAssertEqual(listed, [], "the link is not listed")
    }

    func testLongAndOddNamesRoundTrip() async throws {
        try await temp.store.createContainer("odd")
        let source = try localFile("odd")
        let long = (0..<4).map { _ in String(repeating: "é", count: 120) }.joined(separator: "/")  // 963 bytes
        let names = ["with space.txt", "tab\there", "new\nline", "日本語/メモ 1.txt", "🎉/🎊", long]
        for name in names {
            _ = try await temp.store.putObject(container: "odd", name: name, fileAt: source, contentType: nil)
        }
        let listed = try await temp.store.listObjects(in: "odd", ListingQuery()).map(\.name)
        XCTAssertEqual(listed, names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    func testCreatingAContainerTwiceSaysItExists() async throws {
        try await temp.store.createContainer("twice")
        do {
            try await temp.store.createContainer("twice")
            XCTFail("second create must fail")
        } catch let error as StorageError {
            XCTAssertEqual(error, .containerExists("twice"))
        }
    }

    func testFolderMarkersAndInfoTotals() async throws {
        try await temp.store.createContainer("c")
        try await temp.store.createFolderMarker(container: "c", name: "new folder/")
        try temp.put("c", "a.txt", "12345")
        try temp.put("c", "sub/b.bin", "123")
        let info = try await temp.store.containerInfo("c")
        XCTAssertEqual(info.objectCount, 3, "two files and the empty folder's marker")
        XCTAssertEqual(info.bytes, 8)
        let account = try await temp.store.accountInfo()
        XCTAssertEqual(account.containerCount, 1)
        XCTAssertEqual(account.objectCount, 3)
        do {
            _ = try await temp.store.objectInfo(container: "c", name: "sub/")
            XCTFail("a folder with content is not a marker object")
        } catch let error as StorageError {
            XCTAssertEqual(error, .noSuchObject(container: "c", name: "sub/"))
        }
    }
}
