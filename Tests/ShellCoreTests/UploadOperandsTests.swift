import Clusters
import Foundation
import Storage
import XCTest

@testable import ShellCore

/// `upload LOCAL... [DEST]` on the file store: several files and local patterns go into
/// a folder with one summary line; a DEST that names no folder takes one file only, and
/// never a second local file's name by surprise.
@MainActor
final class UploadOperandsTests: XCTestCase {
    var root = ""
    var local = ""
    var store = ""
    var shell: Shell!
    let output = CapturedOutput()

    override func setUp() async throws {
        root = NSTemporaryDirectory() + "objsh-upload-operands-" + UUID().uuidString
        local = root + "/local"
        store = root + "/store"
        for folder in [local + "/sub", store + "/c", store + "/other"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        for (name, text) in [("a.log", "aaa\n"), ("b.log", "bb\n"), ("c.txt", "c\n"), ("sub/a.log", "sub a\n"), (".hidden.log", "h\n")] {
            try text.write(toFile: local + "/" + name, atomically: true, encoding: .utf8)
        }
        var settings = ShellSettings()
        settings.quiet = true
        let catalog = ClusterCatalog(clusters: [Cluster(name: "local", endpoint: .directory(path: store), origin: "built-in")])
        shell = Shell(settings: settings, output: output, catalog: catalog) { [store] _ in FileStore(root: store) }
        try await shell.start(cluster: catalog.cluster(named: "local")!)
        try await run("lcd \(local)", "cd /c")
    }

    override func tearDown() async throws { try? FileManager.default.removeItem(atPath: root) }

    /// Runs each line as the shell reads it (quotes, unquoted wildcards); returns what they wrote.
    @discardableResult
    func run(_ lines: String...) async throws -> String {
        let before = output.standardOutput.count
        for line in lines {
            for command in try Tokenizer.commands(in: line) { _ = try await shell.run(command) }
        }
        return String(output.standardOutput.dropFirst(before))
    }

    /// The message a line fails with.
    func failure(_ line: String) async throws -> String {
        do {
            try await run(line)
        } catch let error as ShellError {
            return error.printableMessage
        }
        XCTFail("\(line) did not fail")
        return ""
    }

    func stored(_ path: String) -> String? { try? String(contentsOfFile: store + "/" + path, encoding: .utf8) }

    func testTwoLocalFilesAreRefusedRatherThanOneStoredUnderTheOthersName() async throws {
        let message = try await failure("upload a.log b.log")
        XCTAssertTrue(message.hasPrefix("upload: b.log is a local file too: nothing sent"), message)
        XCTAssertNil(stored("c/b.log"))
        XCTAssertNil(stored("c/a.log"))
        let both = try await run("upload a.log b.log ./")
        XCTAssertEqual(both, "uploaded 2 files (7 bytes) into /c\n")
        XCTAssertEqual(stored("c/a.log"), "aaa\n")
        XCTAssertEqual(stored("c/b.log"), "bb\n")
    }

    func testALocalPatternGoesUpWithOneSummaryLine() async throws {
        let said = try await run("upload *.log logs/")
        XCTAssertEqual(said, "uploaded 2 files (7 bytes) into /c/logs\n")
        XCTAssertEqual(stored("c/logs/a.log"), "aaa\n")
        XCTAssertEqual(stored("c/logs/b.log"), "bb\n")
        XCTAssertNil(stored("c/logs/.hidden.log"), "* does not match a leading dot, as in a shell")
        let quoted = try await failure("upload '*.log' x.log")
        XCTAssertEqual(quoted, "upload: *.log: no such file or directory", "a quoted pattern is a file's name")
    }

    func testAPatternOrSeveralFilesIntoANameThatIsNoFolderIsRefused() async throws {
        let pattern = try await failure("upload *.log all.log")
        XCTAssertTrue(pattern.hasPrefix("upload: all.log is no folder, and several files cannot all be stored as one name"), pattern)
        let several = try await failure("upload a.log c.txt notafolder")
        XCTAssertTrue(several.hasPrefix("upload: notafolder is no folder"), several)
        let none = try await failure("upload *.none")
        XCTAssertEqual(none, "upload: *.none: no local file matches")
        let twins = try await failure("upload a.log sub/a.log d/")
        XCTAssertEqual(twins, "upload: a.log and sub/a.log would both be stored as d/a.log; nothing sent")
        XCTAssertNil(stored("c/all.log"))
        XCTAssertNil(stored("c/d/a.log"))
    }

    func testAnExistingFolderTakesTheFileUnderItsOwnName() async throws {
        try await run("mkdir logs", "upload c.txt logs")
        XCTAssertEqual(stored("c/logs/c.txt"), "c\n")
        try await run("upload c.txt renamed.txt")
        XCTAssertEqual(stored("c/renamed.txt"), "c\n")
    }

    func testATrailingSlashIsAFolderAndAnAbsoluteDestinationWorksFromAnywhere() async throws {
        try await run("upload c.txt x/")
        XCTAssertEqual(stored("c/x/c.txt"), "c\n")
        XCTAssertNil(stored("c/x"))
        try await run("cd /", "upload c.txt /other/deep/y.txt", "cd /c", "upload a.log /other/deep/")
        XCTAssertEqual(stored("other/deep/y.txt"), "c\n")
        XCTAssertEqual(stored("other/deep/a.log"), "aaa\n")
        let missing = try await failure("upload c.txt /nosuch/y.txt")
        XCTAssertEqual(missing, "upload: nosuch: no such container")
    }
}

/// A folder goes up with one line that counts its files (and the identical ones that
/// --skip-identical skipped), not one line a file; -v says each file as well.
extension UploadOperandsTests {
    func testAFolderGoesUpWithOneSummaryLine() async throws {
        let said = try await run("upload sub")
        XCTAssertTrue(said.hasPrefix("uploaded "), said)
        XCTAssertEqual(said.split(separator: "\n").count, 1, said)
        XCTAssertTrue(said.hasSuffix(" into /c/sub\n"), said)
        let again = try await run("upload --skip-identical sub")
        XCTAssertTrue(again.hasPrefix("uploaded 0 files (0 bytes) into /c/sub; "), again)
        XCTAssertTrue(again.hasSuffix(" skipped (identical)\n"), again)
        let each = try await run("upload -v sub")
        XCTAssertTrue(each.hasPrefix("uploaded sub/"), each)
        XCTAssertTrue(each.hasSuffix(" into /c/sub\n"), each)
        XCTAssertGreaterThan(each.split(separator: "\n").count, 1, each)
    }
}
