import Foundation
import XCTest

/// The interactive shell through a real pseudo-terminal (tmux): line editing, TAB
/// completion, Ctrl-C, Ctrl-D and history, as a person at a terminal sees them.
final class InteractiveShellTests: XCTestCase {
    let rootPrompt = "objsh sample:/> "
    var home: URL!

    override func setUpWithError() throws {
        guard TmuxSession.isTmuxInstalled else {
            throw TmuxError.failed(["(not installed)"], "tmux is needed for the terminal tests; scripts/test installs it")
        }
        home = FileManager.default.temporaryDirectory.appendingPathComponent("objsh-pty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        // The shells first: one that is still running writes its history on the way out.
        sessions.forEach { $0.stop() }
        sessions = []
        try? FileManager.default.removeItem(at: home)
    }

    var sessions: [TmuxSession] = []

    func startShell(environment: [String: String] = [:], outputFile: String? = nil) throws -> TmuxSession {
        let session = try TmuxSession(home: home, environment: environment, outputFile: outputFile)
        sessions.append(session)
        try session.waitForLastLine(rootPrompt)
        return session
    }

    func testTabCompletesContainersNestedFoldersSpacesAndUTF8() throws {
        let shell = try startShell()
        try shell.type("cd ph")
        try shell.press("Tab")
        try shell.waitForLastLine(rootPrompt + "cd photos/")
        try shell.type("20")
        try shell.press("Tab")
        let listed = try shell.waitForLastLine(rootPrompt + "cd photos/202")
        XCTAssertTrue(listed.contains("2023/") && listed.contains("2024/"), listed)
        try shell.type("4/su")
        try shell.press("Tab")
        try shell.waitForLastLine(rootPrompt + "cd photos/2024/summer/")
        try shell.press("C-u")
        try shell.type("cd \"My")
        try shell.press("Tab")
        try shell.waitForLastLine(rootPrompt + "cd \"My Photos/")
        try shell.press("C-u")
        try shell.type("cd photos")
        try shell.press("Enter")
        let photos = "objsh sample:/photos> "
        try shell.waitForLastLine(photos)
        try shell.type("cd hol")
        try shell.press("Tab")
        try shell.waitForLastLine(photos + #"cd holiday\ snaps/"#)
        try shell.press("C-u")
        try shell.type("info 東")
        try shell.press("Tab")
        try shell.waitForLastLine(photos + "info 東京タワー.jpg ")
        try shell.press("Enter")
        try shell.waitFor("the info pane of 東京タワー.jpg") { $0.contains("ETag") || $0.contains("etag") || $0.contains("MD5") }
    }

    func testSeveralMatchesAreListedAndManyAskFirst() throws {
        let shell = try startShell()
        try shell.type("cd photos")
        try shell.press("Enter")
        let photos = "objsh sample:/photos> "
        try shell.waitForLastLine(photos)
        try shell.type("info ")
        // The line reads "info " before TAB is handled too: wait for the listing itself.
        try shell.waitForLastLine(photos + "info ")
        try shell.press("Tab")
        // The panes show these names too, but one a row; the listing has them on one line.
        try shell.waitFor("the listed matches") { screen in
            screen.split(separator: "\n").contains { $0.contains("2023/") && $0.contains("cover.png") }
        }
        let screen = try shell.waitForLastLine(photos + "info ")
        let list = screen.split(separator: "\n").dropLast().last.map(String.init) ?? ""
        for name in ["2023/", "2024/", "cover.png", "holiday snaps/", "東京タワー.jpg", "🎉 party.gif"] {
            XCTAssertTrue(list.contains(name), "\(name) is missing from the listed line: \(list)")
        }
        try shell.press("C-u")
        try shell.type("info /backups/logs/2024/app-1")
        try shell.press("Tab")
        try shell.waitFor("the question before 501 matches") { $0.contains("Display all 501 possibilities? (y or n)") }
        try shell.type("n")
        try shell.waitForLastLine(photos + "info /backups/logs/2024/app-1")
    }

    func testOptionsAndClusterNamesComplete() throws {
        let shell = try startShell()
        try shell.type("ls --j")
        try shell.press("Tab")
        try shell.waitForLastLine(rootPrompt + "ls --json ")
        try shell.press("C-u")
        try shell.type("search --i")
        try shell.press("Tab")
        try shell.waitForLastLine(rootPrompt + "search --in ")
        try shell.press("C-u")
        try shell.type("cluster sa")
        try shell.press("Tab")
        try shell.waitForLastLine(rootPrompt + "cluster sample ")
    }

    func testCtrlCClearsTheLineAndCtrlDLeavesWithStatusZero() throws {
        let shell = try startShell()
        // Ctrl-C is a signal: the terminal sends it at once and drops input not yet
        // read, so it may only follow text that is already on the screen.
        try shell.typeAndWaitForEcho("cd half typed", after: rootPrompt)
        try shell.press("C-c")
        let screen = try shell.waitForLastLine(rootPrompt)
        XCTAssertTrue(screen.contains(rootPrompt + "cd half typed^C"), screen)
        try shell.press("C-d")
        try shell.waitFor("the exit status") { $0.contains("EXITED rc=0") }
    }

    func testCtrlCCancelsASlowListingAndTheShellGoesOn() throws {
        let shell = try startShell(environment: ["OBJSH_TEST_LISTING_DELAY_MS": "20000"])
        try shell.type("ls photos")
        try shell.press("Enter")
        try shell.waitFor("the line to be entered") { _ in (try? shell.cursorIsBelowTheText()) == true }
        let started = Date()
        try shell.press("C-c")
        let screen = try shell.waitForLastLine(rootPrompt, timeout: 5)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "Ctrl-C must not wait for the 20 s page delay")
        XCTAssertTrue(screen.contains("interrupted"), screen)
        XCTAssertFalse(screen.contains("cover.png"), "the cancelled listing printed entries:\n\(screen)")
        try shell.type("pwd")
        try shell.press("Enter")
        // Wait for pwd's answer, not for a prompt: the one before pwd was typed is a prompt too.
        try shell.waitFor("pwd's answer") { $0.contains(rootPrompt + "pwd\n/\n") }
        try shell.waitForLastLine(rootPrompt)
    }

    func testHistoryIsKeptAcrossRuns() throws {
        let first = try startShell()
        try first.type("pwd")
        try first.press("Enter")
        try first.waitFor("pwd's output") { $0.contains("pwd\n/\n") }
        try first.type("cd photos")
        try first.press("Enter")
        try first.waitForLastLine("objsh sample:/photos> ")
        try first.press("C-d")
        try first.waitFor("the exit status") { $0.contains("EXITED rc=0") }
        first.stop()
        let history = try String(contentsOf: home.appendingPathComponent("state/objsh/history"), encoding: .utf8)
        XCTAssertTrue(history.contains("cd\\040photos"), history)

        let second = try startShell()
        try second.press("Up")
        try second.waitForLastLine(rootPrompt + "cd photos")
        try second.press("Up")
        try second.waitForLastLine(rootPrompt + "pwd")
    }

    func testATerminalInputWithOutputElsewhereGetsThePlainReader() throws {
        let output = home.appendingPathComponent("out.txt")
        let shell = try startShell(outputFile: output.path)
        try shell.type("cd ph")
        try shell.press("Tab")
        try shell.press("Enter")
        try shell.waitFor("the error about the tab typed as is") { $0.contains("cd: ph") }
        try shell.type("pwd")
        try shell.press("Enter")
        try shell.press("C-d")
        try shell.waitFor("the exit status") { $0.contains("EXITED rc=0") }
        let printed = try String(contentsOf: output, encoding: .utf8)
        XCTAssertTrue(printed.hasSuffix("\n/\n"), "pwd's output is missing from the file:\n\(printed)")
        XCTAssertFalse(printed.contains("objsh sample:/>"), "the prompt went to standard output")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/state/objsh/history"), "the plain reader keeps no history")
    }
}

/// Ctrl-C during an upload to the real Swift server (large-object path, each segment
/// held back 20 s by the test hook): the shell says what was left and goes on.
final class InteractiveUploadTests: XCTestCase {
    func testCtrlCStopsAnUploadSaysHowToResumeAndTheShellGoesOn() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let auth = environment["OBJSH_TEST_SWIFT_AUTH"], let user = environment["OBJSH_TEST_SWIFT_USER"],
            let key = environment["OBJSH_TEST_SWIFT_KEY"]
        else { throw XCTSkip("no Swift server; run the README's test command") }
        guard TmuxSession.isTmuxInstalled else { throw XCTSkip("tmux is needed for the terminal tests") }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("objsh-pty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try Data(repeating: 7, count: 3 << 20).write(to: home.appendingPathComponent("big.bin"))
        let container = "ctrlc" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let shell = try TmuxSession(
            home: home, arguments: ["--cluster", "env"],
            environment: ["ST_AUTH": auth, "ST_USER": user, "ST_KEY": key, "OBJSH_TEST_SEGMENT_DELAY_MS": "20000"])
        defer { shell.stop() }
        try shell.waitForLastLine("objsh env:/> ")
        try shell.type("mkdir \(container); cd \(container)")
        try shell.press("Enter")
        let prompt = "objsh env:/\(container)> "
        try shell.waitForLastLine(prompt)
        try shell.type("upload --segment-size 1M \(home.path)/big.bin")
        try shell.press("Enter")
        try shell.waitFor("the progress line") { $0.contains("big.bin  0 B / 3.0 MiB") }
        try shell.press("C-c")
        let screen = try shell.waitForLastLine(prompt, timeout: 5)
        XCTAssertTrue(screen.contains("upload interrupted: 0 of 1 files uploaded"), screen)
        XCTAssertTrue(screen.contains("big.bin: 0 of 3 segments stored (kept to resume)"), screen)
        XCTAssertTrue(screen.contains("run the same upload again to resume"), screen)
        try shell.type("pwd")
        try shell.press("Enter")
        // Wait for pwd's answer, not for a prompt: the one before pwd was typed is a prompt too.
        try shell.waitFor("pwd's answer") { $0.contains("pwd\n/\(container)\n") }
        try shell.waitForLastLine(prompt)
    }
}
