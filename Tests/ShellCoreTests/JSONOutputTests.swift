import Browser
import Foundation
import Rendering
import ShellCore
import Storage
import XCTest

/// `--json`: every line parses back with a JSON parser and says what the store holds.
@MainActor
final class JSONOutputTests: XCTestCase {
    var harness: TranscriptHarness!
    var store: FileStore!

    override func setUp() async throws {
        harness = try TranscriptHarness()
        store = FileStore(root: harness.sampleRoot)
    }

    override func tearDown() async throws { harness.remove() }

    /// Each line of `text` as a JSON object; fails the test on any line that is not one.
    func records(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        try text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { row in
            let parsed = try JSONSerialization.jsonObject(with: Data(row.utf8))
            return try XCTUnwrap(parsed as? [String: Any], "not a JSON object: \(row)", file: file, line: line)
        }
    }

    func testLsOfAFolderIsItsListing() async throws {
        let result = try await harness.run("ls --json photos/2024/summer", quiet: true)
        XCTAssertEqual(result.stderr, "")
        let rows = try records(result.stdout)
        let truth = try await store.listObjects(in: "photos", ListingQuery(prefix: "2024/summer/", delimiter: "/"))
        XCTAssertEqual(rows.count, truth.count)
        for (row, entry) in zip(rows, truth) {
            switch entry {
            case .subdir(let prefix):
                XCTAssertEqual(row["kind"] as? String, "folder")
                XCTAssertEqual(row["path"] as? String, "/photos/" + prefix.dropLast())
            case .object(let object):
                XCTAssertEqual(row["kind"] as? String, "object")
                XCTAssertEqual(row["path"] as? String, "/photos/" + object.name)
                XCTAssertEqual(row["bytes"] as? Int64, object.bytes)
                XCTAssertEqual(row["content_type"] as? String, object.contentType)
                XCTAssertEqual(row["etag"] as? String, object.etag)
                XCTAssertEqual(row["last_modified"] as? String, object.lastModified.map(ISODate.format))
            case .container:
                XCTFail("a container in a container listing")
            }
            XCTAssertEqual(row["name"] as? String, PaneEntry(entry, in: Location(segments: ["photos", "2024", "summer"]))?.name)
        }
    }

    func testLsOfTheRootHasEachContainersCountAndBytes() async throws {
        let rows = try records(try await harness.run("ls --json /", quiet: true).stdout)
        let truth = try await store.listContainers(ListingQuery())
        XCTAssertEqual(rows.map { $0["name"] as? String }, truth.map(\.name))
        for (row, container) in zip(rows, truth) {
            XCTAssertEqual(row["kind"] as? String, "container")
            XCTAssertEqual(row["count"] as? Int, container.objectCount)
            XCTAssertEqual(row["bytes"] as? Int64, container.bytes)
        }
    }

    func testInfoOfEachKind() async throws {
        let result = try await harness.run(
            "info --json\ninfo --json photos\ninfo --json photos/2024\ninfo --json \"photos/🎉 party.gif\"", quiet: true)
        let rows = try records(result.stdout)
        XCTAssertEqual(rows.map { $0["kind"] as? String }, ["account", "container", "folder", "object"])
        let account = try await store.accountInfo()
        XCTAssertEqual(rows[0]["count"] as? Int, account.objectCount)
        XCTAssertEqual(rows[0]["containers"] as? Int, account.containerCount)
        let photos = try await store.containerInfo("photos")
        XCTAssertEqual(rows[1]["count"] as? Int, photos.objectCount)
        XCTAssertEqual(rows[1]["bytes"] as? Int64, photos.bytes)
        XCTAssertEqual(rows[2]["path"] as? String, "/photos/2024")
        XCTAssertEqual(rows[2]["count"] as? Int, 8)
        let party = try await store.objectInfo(container: "photos", name: "🎉 party.gif")
        XCTAssertEqual(rows[3]["name"] as? String, "🎉 party.gif")
        XCTAssertEqual(rows[3]["etag"] as? String, party.etag)
        XCTAssertEqual(rows[3]["bytes"] as? Int64, party.bytes)
        XCTAssertEqual(rows[3]["content_type"] as? String, party.contentType)
    }

    func testSearchClusterAndPwdWithJSONOnTheCommandLine() async throws {
        let result = try await harness.run("search --in photos beach\ncluster\ncd photos\npwd\ninfo missing.png", json: true)
        let rows = try records(result.stdout)
        XCTAssertEqual(
            rows.filter { $0["kind"] as? String == "object" }.compactMap { $0["name"] as? String },
            [
                "photos/2024/summer/beach/IMG_0001 beach.jpg", "photos/2024/summer/beach/IMG_0002 beach at sunset.jpg",
                "photos/2024/summer/beach/IMG_0003.jpg",
            ])
        XCTAssertEqual(rows.filter { $0["kind"] as? String == "cluster" }.map { $0["name"] as? String }, ["local", "sample"])
        XCTAssertEqual(rows.first { $0["kind"] as? String == "cluster" && $0["current"] as? Bool == true }?["name"] as? String, "sample")
        XCTAssertEqual(rows.last?["path"] as? String, "/photos")
        XCTAssertFalse(result.stdout.contains("│"), "--json on the command line prints no panes")
        XCTAssertEqual(result.status, 66)
        XCTAssertTrue(
            result.stderr.hasSuffix("info: missing.png: no such object or folder in photos\n") || result.stderr.contains("missing.png"),
            result.stderr)
    }

    func testStringsAreEscapedForATerminalAndReadBackExactly() async throws {
        let names = [
            "plain.txt", "quote \" and \\ back", "esc\u{1B}[31mred", "bell\u{07}", "c1 \u{9B}31m", "rtl \u{202E}gpj.exe",
            "new\nline", "日本語 🎉",
        ]
        for name in names {
            var line = JSONLine()
            line.add(.name, name)
            let text = line.line
            XCTAssertFalse(
                text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" },
                "a control character reached the output: \(text)")
            let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            XCTAssertEqual(parsed?["name"] as? String, name)
        }
    }
}
