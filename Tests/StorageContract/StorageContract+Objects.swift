import Storage
import XCTest

extension StorageContract {
    public func checkPutAndMD5() async throws {
        let container = fixture.container("uploads")
        try await store.createContainer(container)
        let scratch = try ScratchFiles()
        defer { scratch.remove() }
        // Over 3 MiB: several read chunks, and a last one that is not full.
        let bytes = ScratchFiles.pattern(count: 3 << 20 + 12_345)
        let path = try scratch.file("big.bin", bytes)
        let name = "nested folder/big ✓.bin"
        let put = try await store.putObject(container: container, name: name, fileAt: path, contentType: nil)
        XCTAssertEqual(put.etag, ScratchFiles.md5(bytes))
        XCTAssertEqual(put.bytes, Int64(bytes.count))
        XCTAssertEqual(put.name, name)
        let info = try await store.objectInfo(container: container, name: name)
        XCTAssertEqual(info.etag, ScratchFiles.md5(bytes))
        XCTAssertEqual(info.bytes, Int64(bytes.count))
        XCTAssertEqual(info.contentType, "application/octet-stream")
        // Replacing an object keeps one object with the new content.
        let smaller = try scratch.file("small.txt", Array("replaced\n".utf8))
        let replaced = try await store.putObject(container: container, name: name, fileAt: smaller, contentType: nil)
        XCTAssertEqual(replaced.etag, ScratchFiles.md5(Array("replaced\n".utf8)))
        let empty = try scratch.file("empty", [])
        let zero = try await store.putObject(container: container, name: "empty.txt", fileAt: empty, contentType: nil)
        XCTAssertEqual(zero.etag, "d41d8cd98f00b204e9800998ecf8427e")
        let listed = try await store.listObjects(in: container, ListingQuery()).map(\.name)
        XCTAssertEqual(listed, ["empty.txt", name])
    }

    public func checkInfoOfEachKind() async throws {
        let container = try await containerWith(["notes.txt", "photos/cat.jpg"], base: "info")
        let object = try await store.objectInfo(container: container, name: "notes.txt")
        XCTAssertEqual(object.container, container)
        XCTAssertEqual(object.contentType, "text/plain")
        XCTAssertEqual(object.etag, ScratchFiles.md5(Array("content of notes.txt\n".utf8)))
        XCTAssertNotNil(object.lastModified)
        XCTAssertNil(object.largeObject)
        let image = try await store.objectInfo(container: container, name: "photos/cat.jpg")
        XCTAssertEqual(image.contentType, "image/jpeg")
        let totals = try await store.containerInfo(container)
        XCTAssertEqual(totals.name, container)
        XCTAssertEqual(totals.objectCount, fixture.keepsCounts ? 2 : nil)
        let bytes = Int64("content of notes.txt\n".utf8.count + "content of photos/cat.jpg\n".utf8.count)
        XCTAssertEqual(totals.bytes, fixture.keepsCounts ? bytes : nil)
        let account = try await store.accountInfo()
        XCTAssertGreaterThanOrEqual(account.containerCount, 1)
    }

    public func checkMissingThings() async throws {
        let missing = fixture.container("missing")
        await assertThrows(StorageError.self, { _ = try await store.listObjects(in: missing, ListingQuery()) }) {
            XCTAssertEqual($0, .noSuchContainer(missing))
        }
        await assertThrows(StorageError.self, { _ = try await store.containerInfo(missing) }) {
            XCTAssertEqual($0, .noSuchContainer(missing))
        }
        await assertThrows(StorageError.self, { _ = try await store.objectInfo(container: missing, name: "x") }) {
            XCTAssertEqual($0, .noSuchContainer(missing))
        }
        let container = try await containerWith(["here.txt"], base: "present")
        await assertThrows(StorageError.self, { _ = try await store.objectInfo(container: container, name: "not here.txt") }) {
            XCTAssertEqual($0, .noSuchObject(container: container, name: "not here.txt"))
        }
        let scratch = try ScratchFiles()
        defer { scratch.remove() }
        let absent = scratch.directory + "/no such file"
        await assertThrows(StorageError.self, { _ = try await store.putObject(container: container, name: "x", fileAt: absent, contentType: nil) }) {
            guard case .unreadableFile(let path, _) = $0 else { return XCTFail("expected unreadableFile, got \($0)") }
            XCTAssertEqual(path, absent)
        }
        let present = try scratch.file("present", [1, 2, 3])
        await assertThrows(StorageError.self, { _ = try await store.putObject(container: missing, name: "x", fileAt: present, contentType: nil) }) {
            XCTAssertEqual($0, .noSuchContainer(missing))
        }
        let after = try await store.listObjects(in: container, ListingQuery()).map(\.name)
        XCTAssertEqual(after, ["here.txt"], "a failed upload leaves nothing behind")
    }
}
