import Foundation
import XCTest

/// Background jobs at a real terminal (tmux): `get &` gives the prompt back at once, the
/// shell browses while it runs, a half-typed line is left alone when the job ends (its
/// notice comes before the next prompt), and `kill %1` leaves no file.
final class InteractiveJobTests: XCTestCase {
    var home: URL!
    var session: TmuxSession?

    override func setUpWithError() throws {
        guard TmuxSession.isTmuxInstalled else {
            throw TmuxError.failed(["(not installed)"], "tmux is needed for the terminal tests; scripts/test installs it")
        }
        home = FileManager.default.temporaryDirectory.appendingPathComponent("objsh-jobs-\(UUID().uuidString)")
        for folder in ["store/c/docs", "down"] {
            try FileManager.default.createDirectory(at: home.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
    }

    override func tearDownWithError() throws {
        session?.stop()
        try? FileManager.default.removeItem(at: home)
    }

    func testAGetInTheBackgroundWhileBrowsingThenKill() throws {
        let bytes = Data((0..<(6 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try bytes.write(to: home.appendingPathComponent("store/c/big.bin"))
        let down = home.appendingPathComponent("down")
        let prompt = "objsh store:/c> "
        // Each 1 MiB of the file store waits 300 ms: the download runs for about two seconds.
        let shell = try TmuxSession(
            home: home, arguments: ["--cluster", home.appendingPathComponent("store").path],
            environment: ["OBJSH_TEST_READ_DELAY_MS": "300"])
        session = shell
        try shell.waitForLastLine("objsh store:/> ")
        try shell.type("cd c; lcd \(down.path)\n")
        try shell.waitForLastLine(prompt)
        try shell.type("get big.bin &\n")
        try shell.waitForLastLine(prompt)
        try shell.type("jobs\n")
        try shell.waitFor("the job, running") { $0.contains("[1] running  get big.bin  ") }
        try shell.type("cd docs\n")
        try shell.waitForLastLine("objsh store:/c/docs> ")
        // A half-typed line while the job ends: left byte for byte, no notice in it.
        try shell.type("ls ../bi")
        try waitUntil("the download to land") { FileManager.default.fileExists(atPath: down.appendingPathComponent("big.bin").path) }
        XCTAssertEqual(try shell.lastLine(), "objsh store:/c/docs> ls ../bi")
        XCTAssertFalse(try shell.screen().contains("[1] done"))
        try shell.type("g.bin\n")
        let told = try shell.waitForLastLine("objsh store:/c/docs> ")
        XCTAssertTrue(told.contains("[1] done  get big.bin  "), told)
        XCTAssertEqual(try Data(contentsOf: down.appendingPathComponent("big.bin")), bytes)

        try shell.type("get ../big.bin again.bin &\n")
        try shell.waitForLastLine("objsh store:/c/docs> ")
        try shell.type("kill %1\n")
        let killed = try shell.waitForLastLine("objsh store:/c/docs> ")
        XCTAssertTrue(killed.contains("[1] killed  get ../big.bin again.bin  "), killed)
        XCTAssertFalse(FileManager.default.fileExists(atPath: down.appendingPathComponent("again.bin").path), "no file where the get writes")
        try shell.type("exit\n")
        try shell.waitFor("the shell to leave") { $0.contains("EXITED rc=0") }
    }

    /// `exit` and Ctrl-D while a job runs ask: Enter keeps typing, `c` cancels the job
    /// (no file left), `w` waits for it and then leaves.
    func testExitWithAJobRunningAsksToWaitOrCancel() throws {
        let bytes = Data((0..<(6 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        try bytes.write(to: home.appendingPathComponent("store/c/big.bin"))
        let down = home.appendingPathComponent("down")
        let question = "1 job still runs: [w]ait for it, [c]ancel, or Enter to keep typing?"
        for answer in ["c", "w"] {
            // Each 1 MiB of the file store waits 500 ms: the download runs for about three seconds.
            let shell = try shellInC(readDelay: 500)
            try shell.type("get big.bin &\nexit\n")
            try shell.waitForLastLine(question + " ")
            try shell.press("Enter")
            try shell.waitForLastLine("objsh store:/c> ")
            try shell.press("C-d")
            try shell.waitForLastLine(question + " ")
            try shell.type(answer + "\n")
            let left = try shell.waitFor("the shell to leave", timeout: 20) { $0.contains("EXITED rc=0") }
            let file = down.appendingPathComponent("big.bin")
            if answer == "c" {
                XCTAssertTrue(left.contains("[1] killed  get big.bin  "), left)
                XCTAssertFalse(FileManager.default.fileExists(atPath: file.path), "a cancelled get leaves no file")
            } else {
                XCTAssertTrue(left.contains("[1] done  get big.bin  "), left)
                XCTAssertEqual(try Data(contentsOf: file), bytes)
            }
            shell.stop()
        }
    }

    /// Ctrl-C in `wait` stops the waiting only; in `fg` it cancels the job (no file left).
    func testCtrlCInWaitStopsWaitingAndInFgCancelsTheJob() throws {
        try Data(repeating: 3, count: 6 << 20).write(to: home.appendingPathComponent("store/c/big.bin"))
        let down = home.appendingPathComponent("down")
        let shell = try shellInC(readDelay: 1000)
        let prompt = "objsh store:/c> "
        try shell.type("get big.bin &\n")
        try shell.waitForLastLine(prompt)
        try shell.typeAndWaitForEcho("wait", after: prompt)
        try shell.press("Enter")
        try shell.waitFor("wait to start") { $0.hasSuffix("> wait\n") || (try? shell.cursorIsBelowTheText()) == true }
        try shell.press("C-c")
        try shell.waitForLastLine(prompt)
        try shell.type("jobs\n")
        XCTAssertTrue(try shell.waitForLastLine(prompt).contains("[1] running  get big.bin  "))
        try shell.type("fg %1\n")
        try shell.waitFor("the job's progress line") { ($0.split(separator: "\n").last ?? "").contains(" / 6.0 MiB  ") }
        try shell.press("C-c")
        let killed = try shell.waitForLastLine(prompt, timeout: 20)
        XCTAssertTrue(killed.contains("[1] killed  get big.bin  "), killed)
        XCTAssertFalse(FileManager.default.fileExists(atPath: down.appendingPathComponent("big.bin").path))
    }

    /// A job asks nothing: at a terminal, `rm -r docs &` (which would ask) does nothing
    /// and says to add -f or run it without &; with -f it deletes.
    func testAJobThatWouldAskDoesNothingAndSaysToAddF() throws {
        let file = home.appendingPathComponent("store/c/docs/a.txt")
        try Data("a\n".utf8).write(to: file)
        let shell = try shellInC()
        let prompt = "objsh store:/c> "
        try shell.type("rm -r docs &\n")
        try shell.waitForLastLine(prompt)
        try shell.type("wait\n")
        let refused = try shell.waitFor("the refusal") { $0.contains("[1] failed (status 64)  rm -r docs  ") }
        XCTAssertTrue(refused.contains("a job asks nothing, so nothing was done: add -f, or run it without &"), refused)
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), "nothing deleted")
        try shell.type("rm -r -f docs &\n")
        try shell.waitForLastLine(prompt)
        // Numbered 1 again: the table was empty.
        try shell.type("wait\n")
        try shell.waitFor("the deletion") { $0.contains("[1] done  rm -r -f docs  ") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    }

    /// Ctrl-C at a `[y/N]` question answers no and ends the question's line: what comes
    /// next starts on a line of its own (it went on after `[y/N] `).
    func testCtrlCAtAQuestionEndsItsLine() throws {
        let file = home.appendingPathComponent("store/c/docs/a.txt")
        try Data("a\n".utf8).write(to: file)
        let shell = try shellInC()
        let prompt = "objsh store:/c> "
        try shell.type("rm -r docs\n")
        try shell.waitFor("the question") { $0.contains("[y/N] ") }
        try shell.press("C-c")
        let after = try shell.waitForLastLine(prompt)
        let asked = after.split(separator: "\n").first { $0.contains("[y/N]") }.map(String.init) ?? ""
        let rest = asked[asked.range(of: "[y/N]")!.upperBound...].trimmingCharacters(in: .whitespaces)
        XCTAssertTrue(rest.isEmpty || rest == "^C", "the next words went on the question's line: \(asked)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), "nothing deleted")
    }

    /// objsh on the file store in tmux, in /c with the local folder `down`; with
    /// `readDelay`, each 1 MiB a download receives waits that many milliseconds; with
    /// `listingDelay`, each page of an object listing waits that many; `jobControl`: as
    /// `TmuxSession` says.
    func shellInC(readDelay: Int = 0, listingDelay: Int = 0, jobControl: Bool = false) throws -> TmuxSession {
        var environment: [String: String] = [:]
        if readDelay > 0 { environment["OBJSH_TEST_READ_DELAY_MS"] = "\(readDelay)" }
        if listingDelay > 0 { environment["OBJSH_TEST_LISTING_DELAY_MS"] = "\(listingDelay)" }
        let shell = try TmuxSession(
            home: home, arguments: ["--cluster", home.appendingPathComponent("store").path], environment: environment,
            jobControl: jobControl)
        session = shell
        try shell.waitForLastLine("objsh store:/> ")
        try shell.type("cd c; lcd \(home.appendingPathComponent("down").path)\n")
        try shell.waitForLastLine("objsh store:/c> ", timeout: 20)
        return shell
    }

    func waitUntil(_ description: String, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(20)
        while !condition() {
            guard Date() < deadline else { throw TmuxError.timedOut(description) }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }
}
