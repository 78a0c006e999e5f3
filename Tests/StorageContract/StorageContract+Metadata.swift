import Foundation
import Storage
import XCTest

/// Changes of metadata: what `meta` relies on.
extension StorageContract {
    /// Two keys set, one removed, the content type changed, then one more key removed:
    /// every header not named (another key, Cache-Control, Content-Disposition) is kept,
    /// the bytes too; a large object stays whole. A store that keeps no metadata refuses
    /// and changes nothing.
    public func checkMetadataUpdate() async throws {
        let container = fixture.container("meta")
        try await store.createContainer(container)
        let scratch = try ScratchFiles()
        defer { scratch.remove() }
        let content = ScratchFiles.pattern(count: 10_001)
        let name = "dir/ü +%.txt"
        _ = try await store.putObject(container: container, name: name, fileAt: try scratch.file("f", content), contentType: "text/x-objsh-old")
        guard fixture.keepsMetadata else { return try await checkMetadataRefused(container, name) }
        let before = try await seedHeaders(container, name)
        let change = MetadataChange(set: ["Color": "red", "size": "large"], remove: ["DROP"], contentType: "text/x-objsh-new")
        let returned = try await store.updateMetadata(before, change: change)
        let after = try await store.objectInfo(container: container, name: name)
        XCTAssertEqual(Self.folded(after.metadata), ["keep": "kept", "color": "red", "size": "large"])
        XCTAssertEqual(Self.folded(returned.metadata), Self.folded(after.metadata), "the answer says what the server has")
        XCTAssertEqual(after.contentType, "text/x-objsh-new")
        XCTAssertEqual(returned.contentType, "text/x-objsh-new")
        XCTAssertEqual(after.headers, Self.seededHeaders, "a header not named was dropped")
        XCTAssertEqual(after.bytes, Int64(content.count))
        let bytes = try await read(container, name)
        XCTAssertTrue(bytes == content, "the bytes changed")
        _ = try await store.updateMetadata(after, change: MetadataChange(remove: ["size"]))
        let last = try await store.objectInfo(container: container, name: name)
        XCTAssertEqual(Self.folded(last.metadata), ["keep": "kept", "color": "red"])
        XCTAssertEqual(last.contentType, "text/x-objsh-new", "a content type not named was changed")
        XCTAssertEqual(last.headers, Self.seededHeaders)
        var gone = last
        gone.name = "dir/nope"
        await assertFails(with: .noSuchObject(container: container, name: "dir/nope")) {
            _ = try await store.updateMetadata(gone, change: MetadataChange(set: ["color": "blue"]))
        }
        try await checkLargeObjectMetadata(container, scratch)
    }

    /// A store that keeps no metadata refuses a change, and the object stays as it was.
    func checkMetadataRefused(_ container: String, _ name: String) async throws {
        let head = try await store.objectInfo(container: container, name: name)
        await assertFails(with: .metadataRefused(.notKept(store: store.kind))) {
            _ = try await store.updateMetadata(head, change: MetadataChange(set: ["color": "red"]))
        }
        let after = try await store.objectInfo(container: container, name: name)
        XCTAssertEqual(after.contentType, head.contentType)
        XCTAssertEqual(after.metadata, [:])
    }

    /// Headers both APIs keep beside the metadata, as the contract sets them.
    static let seededHeaders = ["Cache-Control": "max-age=60", "Content-Disposition": "attachment; filename=\"x.txt\""]

    /// Gives the object `seededHeaders` and two keys through the store's own rewrite,
    /// and checks a HEAD then shows them; returns that HEAD.
    func seedHeaders(_ container: String, _ name: String) async throws -> ObjectInfo {
        var head = try await store.objectInfo(container: container, name: name)
        XCTAssertEqual(head.headers, [:])
        head.headers = Self.seededHeaders
        _ = try await store.updateMetadata(head, change: MetadataChange(set: ["keep": "kept", "drop": "gone"]))
        let seeded = try await store.objectInfo(container: container, name: name)
        XCTAssertEqual(seeded.headers, Self.seededHeaders, "the headers were not set")
        XCTAssertEqual(Self.folded(seeded.metadata), ["keep": "kept", "drop": "gone"])
        XCTAssertEqual(seeded.contentType, "text/x-objsh-old")
        return seeded
    }

    /// A segmented object takes new metadata and still reads whole.
    func checkLargeObjectMetadata(_ container: String, _ scratch: ScratchFiles) async throws {
        guard try await store.uploadLimits().maxObjectBytes != nil else { return }
        let (content, _) = try await putLargeObject(container, "big", scratch)
        let head = try await store.objectInfo(container: container, name: "big")
        _ = try await store.updateMetadata(head, change: MetadataChange(set: ["color": "red"], contentType: "application/x-objsh-big"))
        let after = try await store.objectInfo(container: container, name: "big")
        XCTAssertEqual(Self.folded(after.metadata)["color"], "red")
        XCTAssertEqual(after.contentType, "application/x-objsh-big")
        XCTAssertEqual(after.bytes, Int64(content.count))
        let bytes = try await read(container, "big")
        XCTAssertTrue(bytes == content, "the large object lost bytes")
    }

    /// Metadata with lower-cased keys: Swift shows keys capitalized, S3 in lower case.
    static func folded(_ metadata: [String: String]) -> [String: String] {
        Dictionary(metadata.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
    }
}
