import Foundation
import XCTest

/// The real `objsh` binary in batch mode: -c, -f, piped scripts, exit statuses,
/// widths from $COLUMNS, and --cluster with a directory.
final class ObjshCLITests: XCTestCase {
    var home: String!

    override func setUpWithError() throws {
        home = NSTemporaryDirectory() + "objsh-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: home) }

    static var binary: String {
        // .build/debug/objsh, next to the test bundle; scripts/test builds it first.
        var url = Bundle(for: ObjshCLITests.self).bundleURL
        while url.pathComponents.count > 1 && !FileManager.default.fileExists(atPath: url.appendingPathComponent("objsh").path) {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent("objsh").path
    }

    struct Run {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    func objsh(_ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:]) throws -> Run {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: Self.binary), "build objsh first (scripts/test does)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        process.environment = [
            "HOME": home, "XDG_DATA_HOME": home + "/data", "XDG_CONFIG_HOME": home + "/config",
            "XDG_STATE_HOME": home + "/state", "PATH": "/usr/bin:/bin",
        ].merging(extra) { $1 }
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
            status: process.terminationStatus)
    }

    func testCommandsFromTheCommandLineAFileAndAPipeAgree() throws {
        let script = "cd photos\ncd 2024\nback\npwd\n"
        let file = home + "/script.txt"
        try script.write(toFile: file, atomically: true, encoding: .utf8)
        let viaC = try objsh(["--cluster", "sample", "-q", "-c", "cd photos; cd 2024; back; pwd"])
        let viaF = try objsh(["--cluster", "sample", "-q", "-f", file])
        let viaPipe = try objsh(["--cluster", "sample", "-q"], stdin: script)
        for run in [viaC, viaF, viaPipe] {
            XCTAssertEqual(run.stdout, "/photos\n")
            XCTAssertEqual(run.stderr, "")
            XCTAssertEqual(run.status, 0)
        }
    }

    func testAFailingLineStopsTheScriptWithItsLineNumber() throws {
        let run = try objsh(["--cluster", "sample", "-q"], stdin: "pwd\n\n# comment\ncd nowhere\npwd\n")
        XCTAssertEqual(run.stdout, "/\n")
        XCTAssertEqual(run.stderr, "objsh: line 4: cd: nowhere: no such container\n")
        XCTAssertEqual(run.status, 66, "not found")
        let goOn = try objsh(["--cluster", "sample", "-q", "--on-error", "continue"], stdin: "cd nowhere\npwd\n")
        XCTAssertEqual(goOn.stdout, "/\n")
        XCTAssertEqual(goOn.status, 66, "a failure still shows in the status")
        let ignored = try objsh(["--cluster", "sample", "-q"], stdin: "-cd nowhere\npwd\n")
        XCTAssertEqual(ignored.stdout, "/\n")
        XCTAssertEqual(ignored.status, 0, "a leading - ignores the error")
    }

    func testExitStatusesForExitAndBadCommandLines() throws {
        XCTAssertEqual(try objsh(["--cluster", "sample", "-q", "-c", "exit 7; pwd"]).status, 7)
        let bad = try objsh(["--cluster", "nowhere-at-all", "-c", "pwd"])
        XCTAssertEqual(bad.status, 66, "a cluster that is not there is not found, as `cluster NAME` in a script")
        XCTAssertEqual(bad.stderr, "objsh: cluster: nowhere-at-all: no such cluster (known: local, sample)\n")
        XCTAssertEqual(try objsh(["--bogus"]).status, 64)
        let missingFile = try objsh(["--cluster", "sample", "-f", home + "/missing.txt"])
        XCTAssertEqual(missingFile.status, 64)
        XCTAssertTrue(missingFile.stderr.contains("cannot read"), missingFile.stderr)
    }

    func testPanesFollowColumnsAndNeverUseEscapesInBatchOutput() throws {
        for width in [40, 132] {
            let run = try objsh(["--cluster", "sample", "-c", "cd photos"], environment: ["COLUMNS": "\(width)", "TERM": "xterm"])
            let lines = run.stdout.split(separator: "\n")
            XCTAssertFalse(lines.isEmpty)
            XCTAssertTrue(lines.contains { $0.contains("│") && $0.count >= width - 1 }, "no line as wide as \(width):\n\(run.stdout)")
            XCTAssertFalse(run.stdout.contains("\u{1B}"), "escape sequences in batch output")
        }
    }

    func testAnyDirectoryIsAStoreAndLsPipesOneNameALine() throws {
        let store = home + "/mystore"
        for index in 0..<30 {
            try FileManager.default.createDirectory(atPath: store + "/bucket/dir\(index % 3)", withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: store + "/bucket/dir\(index % 3)/file \(index).txt", contents: Data())
        }
        let run = try objsh(["--cluster", store, "-q", "-c", "cluster; ls bucket/dir1"])
        let lines = run.stdout.split(separator: "\n")
        XCTAssertTrue(lines.contains { $0.hasPrefix("* mystore") }, run.stdout)
        XCTAssertEqual(lines.filter { $0.hasPrefix("file ") }.count, 10)
        XCTAssertEqual(run.status, 0)
    }
}
