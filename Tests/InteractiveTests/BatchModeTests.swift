import Foundation
import XCTest

/// Piped standard input stays batch mode: no prompt, no echo, no escape sequences.
final class BatchModeTests: XCTestCase {
    func testPipedInputGetsNoPromptAndNoEscapeSequences() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("objsh-batch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try TmuxSession.binary())
        process.arguments = ["--cluster", "sample", "-q"]
        process.environment = [
            "HOME": home.path, "XDG_DATA_HOME": home.path + "/data", "XDG_STATE_HOME": home.path + "/state",
            "TERM": "xterm-256color", "PATH": "/usr/bin:/bin",
        ]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data("cd photos\npwd\n".utf8))
        try input.fileHandleForWriting.close()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let reported = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, reported)
        XCTAssertEqual(printed, "/photos\n")
        XCTAssertFalse((printed + reported).contains("\u{1b}"), "escape sequences in batch output")
        XCTAssertFalse((printed + reported).contains("objsh sample:"), "a prompt in batch mode")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/state/objsh/history"), "batch mode wrote history")
    }
}
