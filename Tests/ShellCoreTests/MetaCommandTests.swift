import Storage
import XCTest

@testable import ShellCore

/// `meta`'s words: what it decodes from a command line, what it refuses (a usage error,
/// exit 64), and the lines a change prints.
@MainActor
final class MetaCommandTests: XCTestCase {
    func decode(_ words: [String]) throws -> MetaCommand {
        try MetaCommand(CommandArguments(try ParsedCommand.parse(MetaCommand.spec, words: words)))
    }

    func testDecodesKeysToSetAndRemoveAndTheContentType() async throws {
        let meta = try decode(["doc.txt", "Color=red", "note=a=b; c", "-d", "draft", "-d", "old_key", "--content-type", "text/plain", "color=blue"])
        XCTAssertEqual(meta.name, "doc.txt")
        XCTAssertEqual(meta.change.set, ["color": "blue", "note": "a=b; c"], "a key given twice keeps its last value, in any case")
        XCTAssertEqual(meta.change.remove, ["draft", "old_key"])
        XCTAssertEqual(meta.change.contentType, "text/plain")
        XCTAssertTrue(meta.asksForChange)
        XCTAssertFalse(try decode(["doc.txt"]).asksForChange)
        XCTAssertTrue(try decode(["-n", "doc.txt", "a=1"]).isDryRun)
    }

    func testBadKeysValuesAndTypesAreUsageErrors() async throws {
        let cases: [([String], String)] = [
            (["x", "color"], "color is not KEY=VALUE (-d KEY removes a key)"),
            (["x", "bad key=1"], "bad key is not a metadata key: ASCII letters, digits, -, _ and ., at most 128 bytes"),
            (["x", "=1"], "'' is not a metadata key: ASCII letters, digits, -, _ and ., at most 128 bytes"),
            (["x", "ü=1"], "ü is not a metadata key: ASCII letters, digits, -, _ and ., at most 128 bytes"),
            (
                ["x", String(repeating: "k", count: 129) + "=1"],
                String(repeating: "k", count: 129) + " is not a metadata key: ASCII letters, digits, -, _ and ., at most 128 bytes"
            ),
            (["x", "-d", "a:b"], "a:b is not a metadata key: ASCII letters, digits, -, _ and ., at most 128 bytes"),
            (["x", "color="], "the value of color must be text without control characters (-d color removes the key)"),
            (["x", "color=a\nb"], "the value of color must be text without control characters (-d color removes the key)"),
            (["x", "--content-type", "plain"], "--content-type takes a content type such as text/plain"),
        ]
        for (words, message) in cases {
            XCTAssertThrowsError(try decode(words), "\(words)") { error in
                let error = error as? ShellError
                XCTAssertEqual(error?.message, "meta: \(message)\nusage: \(MetaCommand.spec.synopsis)")
                XCTAssertEqual(error?.exitStatus, ExitStatus.usage)
            }
        }
    }

    /// `upload --metadata` has words of its own: `-d KEY` is `meta`'s, not upload's.
    func testUploadsMetadataOptionSaysItsOwnWords() async throws {
        let cases: [([String], String)] = [
            (["--metadata", "bad", "f"], "--metadata takes KEY=VALUE, not bad"),
            (["--metadata", "color=", "f"], "--metadata color=: the value must be text without control characters"),
            (["--metadata", "bad key=1", "f"], "bad key is not a metadata key: ASCII letters, digits, -, _ and ., at most 128 bytes"),
        ]
        for (words, message) in cases {
            XCTAssertThrowsError(try UploadCommand(CommandArguments(try ParsedCommand.parse(UploadCommand.spec, words: words))), "\(words)") {
                let error = $0 as? ShellError
                XCTAssertEqual(error?.message, "upload: \(message)\nusage: \(UploadCommand.spec.synopsis)")
                XCTAssertFalse(error?.message.contains("-d ") ?? true, "meta's hint in upload's words")
                XCTAssertEqual(error?.exitStatus, ExitStatus.usage)
            }
        }
    }

    func testAChangeIsPrintedLineByLineAndNothingForWhatItLeavesAsItIs() async {
        var info = ObjectInfo(container: "c", name: "doc.txt", bytes: 3, contentType: "text/plain", etag: "e")
        info.metadata = ["Color": "red", "Size": "large", "Keep": "kept"]
        let change = MetadataChange(set: ["color": "red", "owner": "me\u{1B}[31m"], remove: ["size", "absent", "SIZE"], contentType: "text/x-new")
        XCTAssertEqual(
            MetadataLines.changes(change, of: info),
            ["Content-Type: text/x-new (was text/plain)", "Meta-owner: me\\e[31m", "Meta-Size: removed (was large)"])
        XCTAssertEqual(change.applied(to: info).metadata, ["color": "red", "owner": "me\u{1B}[31m", "Keep": "kept"])
        XCTAssertEqual(MetadataLines.changes(MetadataChange(set: ["COLOR": "red"], remove: ["nope"]), of: info), [])
        XCTAssertTrue(MetadataChange(set: ["COLOR": "red"], remove: ["nope"], contentType: "text/plain").leavesUnchanged(info))
        XCTAssertFalse(change.leavesUnchanged(info))
    }

    func testTheListingIsTheTypeTheHeadersThenTheMetadataEscaped() async {
        var info = ObjectInfo(container: "c", name: "doc.txt", bytes: 3, contentType: "text/plain", etag: "e")
        info.metadata = ["b": "2", "a": "1\u{7}"]
        info.headers = ["Content-Disposition": "attachment", "Cache-Control": "no-cache"]
        XCTAssertEqual(
            MetadataLines.listing(info),
            ["Content-Type: text/plain", "Cache-Control: no-cache", "Content-Disposition: attachment", "Meta-a: 1\\x07", "Meta-b: 2"])
        XCTAssertEqual(
            JSONRecord.metadata(info).line,
            #"{"kind":"object","name":"doc.txt","path":"/c/doc.txt","container":"c","content_type":"text/plain","#
                + #""headers":{"Cache-Control":"no-cache","Content-Disposition":"attachment"},"metadata":{"a":"1\u0007","b":"2"}}"#)
    }
}
