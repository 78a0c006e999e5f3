import Clusters
import Foundation
import Storage
import XCTest

@testable import ShellCore

/// The shell's local folder on the file store: `lcd` moves it and never the process's
/// working directory; `get`, `upload`, `lls`, `lpwd` and TAB start from it, and a
/// command keeps the one it started with.
@MainActor
final class LocalFolderTests: XCTestCase {
    var root = ""
    var first = ""
    var second = ""
    var shell: Shell!
    let output = CapturedOutput()

    override func setUp() async throws {
        let made = NSTemporaryDirectory() + "objsh-local-folder-" + UUID().uuidString
        for folder in ["store", "first/sub", "second"] {
            try FileManager.default.createDirectory(atPath: made + "/" + folder, withIntermediateDirectories: true)
        }
        // lpwd names a folder as getcwd does: links resolved.
        root = try XCTUnwrap(
            realpath(made, nil).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            })
        first = root + "/first"
        second = root + "/second"
        try "object\n".write(toFile: root + "/x.txt", atomically: true, encoding: .utf8)
        try "notes\n".write(toFile: first + "/notes.txt", atomically: true, encoding: .utf8)
        var settings = ShellSettings()
        settings.quiet = true
        let store = root + "/store"
        let catalog = ClusterCatalog(clusters: [Cluster(name: "local", endpoint: .directory(path: store), origin: "built-in")])
        shell = Shell(settings: settings, output: output, catalog: catalog) { _ in FileStore(root: store) }
        try await shell.start(cluster: catalog.cluster(named: "local")!)
        try await run("mkdir c", "cd c", "upload \(root)/x.txt")
    }

    override func tearDown() async throws { try? FileManager.default.removeItem(atPath: root) }

    /// Runs each line (words split at spaces) as the shell would; returns what they wrote.
    @discardableResult
    func run(_ lines: String...) async throws -> String {
        let before = output.standardOutput.count
        for line in lines { _ = try await shell.run(line.split(separator: " ").map(String.init)) }
        return String(output.standardOutput.dropFirst(before))
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    func testLcdMovesWhereGetWritesAndLeavesTheProcessWhereItWas() async throws {
        let processFolder = FileManager.default.currentDirectoryPath
        let got = try await run("lcd \(first)", "get x.txt")
        XCTAssertEqual(FileManager.default.currentDirectoryPath, processFolder)
        XCTAssertEqual(try String(contentsOfFile: first + "/x.txt", encoding: .utf8), "object\n")
        XCTAssertFalse(exists(processFolder + "/x.txt"))
        XCTAssertTrue(got.hasPrefix("downloaded x.txt to x.txt ("), got)
        let intoFolder = try await run("get x.txt sub/")
        XCTAssertTrue(exists(first + "/sub/x.txt"))
        XCTAssertTrue(intoFolder.hasPrefix("downloaded x.txt to sub/x.txt ("), intoFolder)
    }

    func testAnErrorNamesTheLocalFileAsTypedNotByItsAbsolutePath() async throws {
        try await run("lcd \(first)", "get x.txt")
        do {
            try await run("get x.txt")
            XCTFail("a second get without -f replaced the file")
        } catch let error as ShellError {
            XCTAssertEqual(error.printableMessage, "get: x.txt: exists (use -f to overwrite)")
        }
    }

    func testGetIntoAMissingFolderNamesTheFolderNotItsHiddenPartialFile() async throws {
        try await run("lcd \(first)")
        do {
            try await run("get x.txt missing/")
            XCTFail("a get into a missing folder succeeded")
        } catch let error as ShellError {
            XCTAssertEqual(error.printableMessage, "get: missing: no such folder to write into")
        }
        XCTAssertFalse(exists(first + "/missing"))
    }

    func testRelativeUploadReadsFromTheShellsFolder() async throws {
        try await run("lcd \(first)", "upload notes.txt", "get notes.txt \(second)")
        XCTAssertEqual(try String(contentsOfFile: second + "/notes.txt", encoding: .utf8), "notes\n")
    }

    func testLpwdAndLlsFollowLcdAndARelativeLcdStartsFromTheLastOne() async throws {
        let answer = try await run("lcd \(root)", "lcd first", "lpwd", "lls")
        XCTAssertEqual(answer, "\(first)\n" + "notes.txt\nsub/\n")
        XCTAssertEqual(shell.localFolder, first)
    }

    func testAFailedLcdKeepsTheFolder() async throws {
        try await run("lcd \(first)")
        do {
            try await run("lcd notes.txt")
            XCTFail("lcd entered a file")
        } catch let error as ShellError {
            XCTAssertEqual(error.printableMessage, "lcd: notes.txt: not a directory")
        }
        XCTAssertEqual(shell.localFolder, first)
    }

    func testUntilTheFirstLcdTheFolderIsTheProcesssOwn() async throws {
        let processFolder = FileManager.default.currentDirectoryPath
        defer { FileManager.default.changeCurrentDirectoryPath(processFolder) }
        XCTAssertEqual(shell.localFolder, processFolder)
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(second))
        XCTAssertEqual(shell.localFolder, second)
    }

    /// What a job needs: a command started before an `lcd` writes where it started.
    func testACommandKeepsTheFolderItStartedInWhenTheShellMovesOn() async throws {
        try await run("lcd \(first)")
        let context = CommandContext(shell: shell, console: shell.console)
        try await run("lcd \(second)")
        XCTAssertEqual(context.localFolder, first)
        XCTAssertEqual(shell.localFolder, second)
        let get = try GetCommand(CommandArguments(ParsedCommand.parse(GetCommand.spec, words: ["x.txt"])))
        _ = try await get.run(context)
        XCTAssertTrue(exists(first + "/x.txt"))
        XCTAssertFalse(exists(second + "/x.txt"))
    }

    func testTabListsLocalNamesInTheShellsFolder() async throws {
        try await run("lcd \(first)")
        let line = "upload no"
        let result = await Completer.complete(line: line, cursor: line.count, context: shell.completionContext())
        XCTAssertEqual(result.replacement, "notes.txt ")
        let inFolder = await Completer.complete(line: "lls s", cursor: 5, context: shell.completionContext())
        XCTAssertEqual(inFolder.replacement, "sub/")
    }
}
