import Foundation
import XCTest

/// The terminal's one status row at a real terminal (tmux, every byte read back through
/// `pipe-pane`): a foreground upload's progress line, and what the shell writes while it
/// shows (`--debug`'s line for each request). Each line must start on a cleared row; with
/// a row for each status line, the shell's went on after the progress text
/// (`big.bin  0 B / 4.0 MiB  0 B/sdebug: PUT …`), as the result once did after a
/// resumed upload's (`…271.2 MiB/suploaded big4.bin (…`).
final class InteractiveStatusRowTests: XCTestCase {
    var home: URL!
    var container = ""
    var server: [String: String] = [:]
    var session: TmuxSession?

    override func setUpWithError() throws {
        guard TmuxSession.isTmuxInstalled else { throw XCTSkip("tmux is needed for the terminal tests") }
        server = try TmuxSession.swiftServer()
        home = FileManager.default.temporaryDirectory.appendingPathComponent("objsh-row-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        container = "row" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    }

    override func tearDownWithError() throws {
        session?.stop()
        for name in [container, container + "_segments"] {
            _ = try? OSShellCompletionTests.objsh(["--cluster", "env", "-q", "-c", "rm -r -f /\(name)"], home: home, environment: server)
        }
        try? FileManager.default.removeItem(at: home)
    }

    func testWhatTheShellWritesWhileAProgressLineShowsStartsOnAClearedRow() throws {
        try Data((0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 13) }).write(to: home.appendingPathComponent("big.bin"))
        let raw = home.appendingPathComponent("raw.log").path
        // Each 1 MiB segment waits 400 ms first, two redraws of the progress line: the
        // debug line of each segment's PUT comes while the line shows.
        let shell = try TmuxSession(
            home: home, arguments: ["--debug", "--cluster", "env"],
            environment: server.merging(["OBJSH_TEST_SEGMENT_DELAY_MS": "400"]) { $1 }, rawLog: raw)
        session = shell
        try shell.waitForLastLine("objsh env:/> ", timeout: 30)
        let prompt = "objsh env:/\(container)> "
        try shell.type("mkdir \(container); cd \(container); lcd \(home.path)\n")
        try shell.waitForLastLine(prompt, timeout: 30)
        try shell.type("upload --segment-size 1M --parallel 1 big.bin\n")
        try shell.waitForLastLine(prompt, timeout: 60)
        let transcript = try shell.transcript()
        XCTAssertTrue(transcript.contains("uploaded big.bin (4194304 bytes, 4 segments"), transcript)
        let bytes = String(decoding: try Data(contentsOf: URL(fileURLWithPath: raw)), as: UTF8.self)
        // Each progress draw is "\r\e[K" and its text; whatever comes next must clear the row first.
        let draws = bytes.components(separatedBy: "\r\u{1B}[K").filter { $0.hasPrefix("big.bin  ") }
        XCTAssertGreaterThan(draws.count, 2, "the progress line was drawn: \(bytes.debugDescription)")
        XCTAssertGreaterThan(bytes.components(separatedBy: "debug: PUT ").count, 4, "a debug line for each segment")
        for draw in draws {
            XCTAssertFalse(
                draw.contains("\n") || draw.contains("debug:") || draw.contains("uploaded"), "a line after the progress: \(draw.debugDescription)")
        }
    }
}
