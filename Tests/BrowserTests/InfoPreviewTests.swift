import Browser
import Foundation
import Storage
import XCTest

/// The preview under an object's facts: one ranged read of its start, none where the
/// facts say enough, cached with its pane; text or binary from the type and the bytes.
final class InfoPreviewTests: SampleSessionTestCase {
    /// The preview of the right pane, when it is an info pane.
    var preview: ObjectPreview? {
        guard case .sheet(_, let preview)? = session.right?.content else { return nil }
        return preview
    }
    var reads: [String: Int] { store.requests.filter { $0.key.hasPrefix("readObject") } }

    func testATextObjectsInfoReadsItsFirst8KiBOnceWithARange() async throws {
        store.reset()
        try await session.info("/photos/2024/README.txt")
        XCTAssertEqual(reads, ["readObject photos 2024/README.txt 0...8191": 1], "\(store.requests)")
        guard case .text(let lines)? = preview else { return XCTFail("no text preview: \(String(describing: preview))") }
        // Lines of 43 bytes: 190 whole ones in 8 KiB, and the start of the next.
        XCTAssertEqual(lines.count, 191)
        XCTAssertEqual(lines.first, "objsh sample object photos/2024/README.txt")
        XCTAssertEqual(lines.last, "objsh sample object ph")
        store.reset()
        try await session.search("README")
        try await session.search(nil)
        XCTAssertEqual(reads, [:], "the preview is kept with its pane, as the facts are")
        try await session.refresh()
        XCTAssertEqual(reads, ["readObject photos 2024/README.txt 0...8191": 1], "refresh reads it again")
    }

    func testCdOntoASmallObjectReadsItWholeInOneRange() async throws {
        store.reset()
        try await session.cd("/documents/notes.md")
        XCTAssertEqual(reads, ["readObject documents notes.md 0...432": 1])
        XCTAssertEqual(preview, .text(Array(repeating: "objsh sample object documents/notes.md", count: 11) + ["objs"]))
    }

    func testAMediaTypeOrAFolderCostsNoRead() async throws {
        store.reset()
        try await session.info("/photos/cover.png")
        XCTAssertEqual(preview, .binary(contentType: "image/png", bytes: 146_704))
        try await session.info("/photos/2024")
        XCTAssertNil(preview, "a folder has no preview")
        XCTAssertEqual(reads, [:])
    }
}

/// What the bytes and the type make of a preview, on objects made for it.
@MainActor
final class PreviewContentTests: XCTestCase {
    var root = ""
    var store: CountingStore!

    override func setUp() async throws {
        root = NSTemporaryDirectory() + "objsh-preview-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/c", withIntermediateDirectories: true)
        store = CountingStore(root: root)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The preview of a new object `name` holding `bytes`.
    func preview(_ name: String, _ bytes: [UInt8]) async throws -> ObjectPreview {
        try Data(bytes).write(to: URL(fileURLWithPath: root + "/c/" + name))
        let info = try await store.objectInfo(container: "c", name: name)
        store.reset()
        return try await ObjectPreview.read(info, store: store)
    }

    /// An account's Temp-URL-Key (or `-2`), which signs share links, shows only as set.
    func testTheKeysOfShareLinksShowOnlyAsSet() async {
        XCTAssertEqual(
            InfoPane.shownMetadata(["Temp-Url-Key": "k1-5ecret", "temp-url-key-2": "k2-5ecret", "Color": "red"]),
            ["Temp-Url-Key": "<redacted>", "temp-url-key-2": "<redacted>", "Color": "red"])
    }

    func testAHostileTextObjectIsShownEscaped() async throws {
        let hostile = Array("title\u{1B}]0;pwned\u{07}\n\u{1B}[2J\u{1B}[31mred\r\n".utf8) + [0xC3, 0x28, 0xFF] + Array("\u{202E}end".utf8)
        let preview = try await preview("hostile.txt", hostile)
        XCTAssertEqual(preview, .text(["title^[]0;pwned^G", "^[[2J^[[31mred", "<C3>(<FF>\\u{202E}end"]))
        XCTAssertEqual(store.requests, ["readObject c hostile.txt 0...\(hostile.count - 1)": 1])
    }

    func testTheBytesDecideWhatTheTypeDoesNot() async throws {
        let notUTF8: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF, 0xFE]
        let binary = try await preview("data.bin", notUTF8)
        XCTAssertEqual(binary, .binary(contentType: "application/octet-stream", bytes: 10))
        let text = try await preview("untyped.bin", Array("plain words\n".utf8))
        XCTAssertEqual(text, .text(["plain words"]), "octet-stream that is UTF-8 is shown")
        let withNUL = try await preview("nul.txt", Array("text\u{0}more\n".utf8))
        XCTAssertEqual(withNUL, .binary(contentType: "text/plain", bytes: 10), "a NUL makes even text/plain binary")
        XCTAssertEqual(store.requests.count, 1, "each one read")
    }

    func testAnEmptyObjectCostsNoRead() async throws {
        let empty = try await preview("empty.txt", [])
        XCTAssertEqual(empty, .empty)
        XCTAssertEqual(store.total, 0)
    }

    func testAnObjectGoneOrChangedAfterItsHEADIsSaidInThePreview() async throws {
        try Data("v1\n".utf8).write(to: URL(fileURLWithPath: root + "/c/a.txt"))
        let info = try await store.objectInfo(container: "c", name: "a.txt")
        try Data("v2 longer\n".utf8).write(to: URL(fileURLWithPath: root + "/c/a.txt"))
        let changed = try await ObjectPreview.read(info, store: store)
        XCTAssertEqual(changed, .unreadable(.changed(container: "c", name: "a.txt")), "If-Match: the ETag the facts show")
        try FileManager.default.removeItem(atPath: root + "/c/a.txt")
        let gone = try await ObjectPreview.read(info, store: store)
        XCTAssertEqual(gone, .unreadable(.noSuchObject(container: "c", name: "a.txt")))
    }
}
