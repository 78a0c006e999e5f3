import Foundation
import XCTest

/// Colour only where a person reads it: folders and errors painted in an interactive
/// session at a terminal; no escape sequence at all into a pipe or with NO_COLOR, unless
/// `--color=always` asks.
final class ColorTests: XCTestCase {
    static let commands = "ls\nls -l photos\ninfo\n-cd nowhere\n"

    func testAPipeGetsNoEscapeSequenceWithOrWithoutNoColor() throws {
        for environment in [[:], ["NO_COLOR": "1"]] {
            for options in [[], ["--color=auto"]] {
                let (status, output, errors) = try Self.run(["--cluster", "sample"] + options, input: Self.commands, environment: environment)
                XCTAssertEqual(status, 0, errors)
                XCTAssertTrue(output.contains("photos/") && errors.contains("nowhere"), output + errors)
                for (name, bytes) in [("output", output), ("errors", errors)] {
                    XCTAssertFalse(bytes.utf8.contains(0x1B), "an escape byte in the \(name) with \(options) \(environment)")
                }
            }
        }
    }

    func testColorAlwaysPaintsFoldersAndErrorsIntoAPipe() throws {
        let (_, output, errors) = try Self.run(["--cluster", "sample", "-q", "--color=always"], input: Self.commands, environment: [:])
        XCTAssertTrue(output.contains("\u{1B}[1;34mphotos/\u{1B}[0m"), output)
        XCTAssertTrue(output.contains("\u{1B}[1;34m2023/\u{1B}[0m"), "ls -l paints folders too:\n\(output)")
        XCTAssertTrue(output.contains("\ncover.png") || output.contains("  cover.png"), "objects stay plain:\n\(output)")
        XCTAssertTrue(errors.hasPrefix("\u{1B}[31mobjsh: line 4: cd: nowhere"), errors)
        let never = try Self.run(["--cluster", "sample", "--color=never"], input: Self.commands, environment: [:])
        XCTAssertFalse((never.output + never.errors).utf8.contains(0x1B))
    }

    func testATerminalPaintsFoldersAndErrorsUnlessNoColor() throws {
        guard TmuxSession.isTmuxInstalled else { throw XCTSkip("tmux is needed for the terminal tests") }
        for noColor in ["", "1"] {
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("objsh-color-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: home) }
            let shell = try TmuxSession(home: home, environment: ["NO_COLOR": noColor])
            defer { shell.stop() }
            try shell.waitForLastLine("objsh sample:/> ")
            try shell.type("ls\r")
            try shell.waitFor("the listing") { $0.contains("photos/") && $0.hasSuffix("objsh sample:/> ") || $0.contains("\nobjsh sample:/> ") }
            try shell.type("cd nowhere\r")
            try shell.waitFor("the error") { $0.contains("no such container") }
            try shell.waitForLastLine("objsh sample:/> ")
            let shown = try shell.transcriptWithAttributes()
            if noColor.isEmpty {
                XCTAssertTrue(shown.contains("\u{1B}[1m\u{1B}[34mphotos/") || shown.contains("\u{1B}[1;34mphotos/"), "no blue folder:\n\(shown)")
                XCTAssertTrue(shown.contains("\u{1B}[31mcd: nowhere: no such container"), "no red error:\n\(shown)")
            } else {
                XCTAssertFalse(shown.contains("\u{1B}["), "NO_COLOR=1, yet the screen has attributes:\n\(shown)")
            }
        }
    }

    static func run(_ arguments: [String], input: String, environment: [String: String]) throws -> (status: Int32, output: String, errors: String) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("objsh-color-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try TmuxSession.binary())
        process.arguments = arguments
        process.environment = [
            "HOME": home.path, "XDG_DATA_HOME": home.path + "/data", "XDG_STATE_HOME": home.path + "/state",
            "XDG_CONFIG_HOME": home.path + "/config", "TERM": "xterm-256color", "PATH": "/usr/bin:/bin",
        ]
        .merging(environment) { $1 }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        // Standard error is small: read after standard output is done.
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output, errors)
    }
}
