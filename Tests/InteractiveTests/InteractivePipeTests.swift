import Foundation
import XCTest

/// Pipes, `>` and `!` at a real terminal (tmux): a pipeline's output is a script's (one
/// entry a line), `!` gets the terminal and the local folder, a reader that ends first is
/// no error, TAB offers programs after `|` and files after `>`, and the rc file's
/// aliases are there at the first prompt with its errors told by line.
final class InteractivePipeTests: XCTestCase {
    let rootPrompt = "objsh sample:/> "
    var home: URL!
    var session: TmuxSession?

    override func setUpWithError() throws {
        guard TmuxSession.isTmuxInstalled else {
            throw TmuxError.failed(["(not installed)"], "tmux is needed for the terminal tests; scripts/test installs it")
        }
        home = FileManager.default.temporaryDirectory.appendingPathComponent("objsh-pipes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("config/objsh"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        session?.stop()
        try? FileManager.default.removeItem(at: home)
    }

    func testPipesRedirectionLocalCommandsAndTheRCFile() throws {
        try "alias years 'ls photos/2024'\nnosuch\nlcd \(home.path)\n".write(
            to: home.appendingPathComponent("config/objsh/rc"), atomically: true, encoding: .utf8)
        // A PATH of the programs the test uses only: TAB after `| so` must find one program,
        // and /usr/bin alone holds soelim and sotruss beside sort.
        let bin = home.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        for program in ["sort", "tr", "head", "cat"] {
            let target = try XCTUnwrap(["/usr/bin/", "/bin/"].map { $0 + program }.first { FileManager.default.isExecutableFile(atPath: $0) })
            try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent(program).path, withDestinationPath: target)
        }
        let shell = try TmuxSession(home: home, environment: ["SHELL": "/bin/sh", "PATH": bin.path])
        session = shell
        let started = try shell.waitForLastLine(rootPrompt)
        // The long path may wrap at the window's edge: compared without blanks and line ends.
        XCTAssertTrue(started.filter { !$0.isWhitespace }.contains("objsh/rc:line2:nosuch:unknowncommand"), started)

        try shell.type("years | sort -r | tr a-z A-Z\n")
        let sorted = try shell.waitFor("the sorted pipeline") { $0.contains("AUTUMN/") }
        XCTAssertTrue(sorted.contains("SUMMER/\nSPRING/\nAUTUMN/"), "one entry a line, no columns: \(sorted)")
        try shell.type("ls -R | head -1 > first.txt; !cat first.txt; echo status=$?\n")
        try shell.waitFor("the first name, through a local command") { $0.contains("status=0") }
        try shell.type("ls -l | sort > fi")
        try shell.press("Tab")
        try shell.waitForLastLine(rootPrompt + "ls -l | sort > first.txt ")
        try shell.press("C-u")
        try shell.type("ls | so")
        try shell.press("Tab")
        try shell.waitForLastLine(rootPrompt + "ls | sort ")
        try shell.press("C-u")
        // `!` alone: a shell on the terminal, in the local folder; the prompt comes back after it.
        try shell.type("!\n")
        try shell.type("echo in=$(pwd)\n")
        try shell.waitFor("the local shell's answer") { $0.contains("in=" + self.home.path) }
        try shell.type("exit 4\n")
        try shell.waitForLastLine(rootPrompt)
        try shell.type("exit\n")
        try shell.waitFor("the shell to leave") { $0.contains("EXITED rc=0") }
    }
}
