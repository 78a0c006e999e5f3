import Foundation
import XCTest

/// SIGKILL at a terminal, in the middle of a `cd` and of an `ls`, and after a save of the
/// history file that never reached its rename: the next run starts, has the whole history
/// and works.
final class KillTests: XCTestCase {
    var home: URL!
    var sessions: [TmuxSession] = []

    override func setUpWithError() throws {
        guard TmuxSession.isTmuxInstalled else {
            throw TmuxError.failed(["(not installed)"], "tmux is needed for the terminal tests; scripts/test installs it")
        }
        home = FileManager.default.temporaryDirectory.appendingPathComponent("objsh-pty-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: history.deletingLastPathComponent(), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        sessions.forEach { $0.stop() }
        try? FileManager.default.removeItem(at: home)
    }

    var history: URL { home.appendingPathComponent("state/objsh/history") }

    func testKilledInACdAnAnLsAndASaveTheNextRunHasItsHistoryAndWorks() throws {
        // What a run killed between writing its temporary history and renaming it leaves.
        let abandoned = history.path + ".tmp.\(try Self.idOfAFinishedProcess())"
        _ = FileManager.default.createFile(atPath: abandoned, contents: Data("half a hist".utf8))
        // Object listings wait ten minutes, so each command below is under way when killed.
        for line in ["cd music", "ls /photos"] {
            try killInTheMiddle(of: line)
        }
        let shell = try start(environment: [:])
        XCTAssertFalse(FileManager.default.fileExists(atPath: abandoned), "the dead run's temporary history is still there")
        try shell.press("Up")
        try shell.waitForLastLine("objsh sample:/> ls /photos")
        try shell.press("Up")
        try shell.waitForLastLine("objsh sample:/> cd music")
        try shell.press("Enter")
        try shell.waitForLastLine("objsh sample:/music> ")
        try shell.typeAndWaitForEcho("ls", after: "objsh sample:/music> ")
        try shell.press("Enter")
        try shell.waitFor("the listing") { $0.contains("Björk/") }
        try shell.waitForLastLine("objsh sample:/music> ")
        try shell.press("C-d")
        try shell.waitFor("the exit status") { $0.contains("EXITED rc=0") }
        let lines = try String(contentsOf: history, encoding: .utf8)
        XCTAssertEqual(lines.split(separator: "\n").suffix(3), [Self.saved("ls /photos"), Self.saved("cd music"), "ls"], lines)
    }

    /// Types `line` in a new session whose listings stall, waits until the history file has
    /// it (the command has started), then SIGKILLs objsh.
    private func killInTheMiddle(of line: String) throws {
        let shell = try start(environment: ["OBJSH_TEST_LISTING_DELAY_MS": "600000"])
        try shell.typeAndWaitForEcho(line, after: "objsh sample:/> ")
        try shell.press("Enter")
        try shell.waitFor("\(line) in the history file") { _ in
            ((try? String(contentsOf: self.history, encoding: .utf8)) ?? "").contains(Self.saved(line))
        }
        kill(try shell.programID(), SIGKILL)
        try shell.waitFor("the kill") { $0.contains("EXITED rc=137") }
        shell.stop()
    }

    private func start(environment: [String: String]) throws -> TmuxSession {
        let session = try TmuxSession(home: home, arguments: ["--cluster", "sample"], environment: environment)
        sessions.append(session)
        try session.waitForLastLine("objsh sample:/> ")
        return session
    }

    /// A line as libedit writes it to the history file (strvis: a space is \040).
    static func saved(_ line: String) -> Substring {
        Substring(line.replacingOccurrences(of: " ", with: "\\040"))
    }

    /// The id of a process that has run and been reaped: no process has it now.
    static func idOfAFinishedProcess() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}
