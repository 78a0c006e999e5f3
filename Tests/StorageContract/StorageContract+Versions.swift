import Foundation
import Storage
import XCTest

/// Object versions: what `versions`, `ls --versions`, `--version`, `restore` and
/// `rm --version` rely on.
extension StorageContract {
    /// Versioning turned on; an object written four times lists four versions, newest
    /// first, each read byte-exact; the first restored by a copy; a delete keeps the
    /// bytes under a delete marker and a copy undeletes; one version deleted for good;
    /// versioning turned off again. A store without versions refuses every step.
    public func checkVersions() async throws {
        let container = fixture.container("versions")
        try await store.createContainer(container)
        guard fixture.keepsVersions else { return try await checkVersionsRefused(container) }
        let before = try await store.containerInfo(container).versioning
        XCTAssertEqual(before, .off)
        try await store.setVersioning(true, container: container)
        let turnedOn = try await store.containerInfo(container).versioning
        XCTAssertEqual(turnedOn, .on)
        let name = "dir/ü +%.txt"
        let contents = try await writeFourTimes(container, name)
        let versions = try await store.versions(of: name, in: container)
        XCTAssertEqual(versions.map(\.etag), contents.reversed().map { ScratchFiles.md5($0) }, "four versions, newest first")
        XCTAssertEqual(versions.map(\.isCurrent), [true, false, false, false])
        XCTAssertEqual(Set(versions.map(\.id)).count, 4)
        // Pages of one and of three, so a page ends between two versions of one name.
        for pageSize in [1, 3] {
            let paged = try await store.versions(of: name, in: container, pageSize: pageSize)
            XCTAssertEqual(paged, versions, "pages of \(pageSize)")
        }
        for (version, content) in zip(versions, contents.reversed()) {
            let info = try await store.objectInfo(container: container, name: name, version: version.id)
            XCTAssertEqual(info.version, version.id)
            XCTAssertEqual(info.etag, ScratchFiles.md5(content))
            let bytes = try await read(container, name, version: version.id)
            XCTAssertTrue(bytes == content, "version \(version.id) is not byte-exact")
        }
        try await restore(container, name, version: versions[3].id)
        let restored = try await read(container, name)
        XCTAssertTrue(restored == contents[0], "the first version was not restored")
        try await checkDeleteAndUndelete(container, name, first: contents[0])
        try await checkDeleteOneVersion(container, name, version: versions[2].id)
        try await store.setVersioning(false, container: container)
        let turnedOff = try await store.containerInfo(container).versioning
        XCTAssertEqual(turnedOff, .suspended)
    }

    /// The object's four contents, written in turn; the last is current.
    func writeFourTimes(_ container: String, _ name: String) async throws -> [[UInt8]] {
        let scratch = try ScratchFiles()
        defer { scratch.remove() }
        let contents = (1...4).map { Array("version \($0)\n".utf8) + ScratchFiles.pattern(count: 1000 * $0) }
        for (index, content) in contents.enumerated() {
            _ = try await store.putObject(container: container, name: name, fileAt: try scratch.file("v\(index)", content), contentType: nil)
        }
        // A neighbour whose name the object's prefixes: never one of its versions.
        _ = try await store.putObject(container: container, name: name + "x", bytes: Array("x".utf8), contentType: nil)
        return contents
    }

    func read(_ container: String, _ name: String, version: String) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        _ = try await store.readObject(container: container, name: name, version: version, range: nil, ifMatch: nil) { bytes += $0 }
        return bytes
    }

    func restore(_ container: String, _ name: String, version: String) async throws {
        let source = try await store.objectInfo(container: container, name: name, version: version)
        let copy = try await store.copyObject(source, toContainer: container, name: name)
        XCTAssertEqual(copy.etag, source.etag)
        XCTAssertNil(copy.version)
    }

    /// A delete leaves a delete marker as the newest version and the bytes as older
    /// ones; copying the newest older version brings the object back.
    func checkDeleteAndUndelete(_ container: String, _ name: String, first: [UInt8]) async throws {
        let outcome = try await store.deleteObject(container: container, name: name)
        XCTAssertEqual(outcome, .keptAsVersion)
        await assertFails(with: .noSuchObject(container: container, name: name)) {
            _ = try await store.objectInfo(container: container, name: name)
        }
        let deleted = try await store.versions(of: name, in: container)
        XCTAssertEqual(deleted.count, 6)
        XCTAssertEqual(deleted.first?.isDeleteMarker, true)
        XCTAssertEqual(deleted.filter(\.isDeleteMarker).count, 1)
        guard let newest = deleted.first(where: { !$0.isDeleteMarker }) else { return XCTFail("no version kept") }
        try await restore(container, name, version: newest.id)
        let undeleted = try await read(container, name)
        XCTAssertTrue(undeleted == first, "the object did not come back")
        let after = try await store.versions(of: name, in: container)
        XCTAssertEqual(after.first?.isCurrent, true)
        XCTAssertEqual(after.count, 7)
    }

    /// One older version deleted for good: gone from the listing, and unreadable.
    func checkDeleteOneVersion(_ container: String, _ name: String, version: String) async throws {
        try await store.deleteVersion(container: container, name: name, version: version)
        let left = try await store.versions(of: name, in: container)
        XCTAssertFalse(left.contains { $0.id == version })
        XCTAssertEqual(left.count, 6)
        await assertFails(with: .noSuchVersion(container: container, name: name, version: version)) {
            _ = try await store.objectInfo(container: container, name: name, version: version)
        }
        let current = try await read(container, name)
        XCTAssertFalse(current.isEmpty, "deleting an older version touched the current one")
    }

    /// A store without versions refuses each step with the same error, and lists nothing.
    func checkVersionsRefused(_ container: String) async throws {
        let info = try await store.containerInfo(container)
        XCTAssertNil(info.versioning)
        let refusal = StorageError.versionsUnsupported(kind: store.kind)
        _ = try await store.putObject(container: container, name: "a", bytes: Array("a".utf8), contentType: nil)
        await assertFails(with: refusal) { try await store.setVersioning(true, container: container) }
        await assertFails(with: refusal) { _ = try await store.listVersions(in: container, prefix: "", after: nil, limit: 10) }
        await assertFails(with: refusal) { try await store.deleteVersion(container: container, name: "a", version: "1") }
        await assertFails(with: refusal) { _ = try await store.objectInfo(container: container, name: "a", version: "1") }
        await assertFails(with: refusal) { _ = try await read(container, "a", version: "1") }
        let outcome = try await store.deleteObject(container: container, name: "a")
        XCTAssertEqual(outcome, .removed)
    }
}
