import Foundation
import XCTest

/// Jobs on the real Swift server at a real terminal (tmux): a 200 MB `get &` runs while
/// `cd`, `ls`, `info` and TAB work at the prompt, and `jobs` shows its progress advance.
final class InteractiveSwiftJobTests: XCTestCase {
    var home: URL!
    var container = ""
    var server: [String: String] = [:]
    var session: TmuxSession?

    override func setUpWithError() throws {
        guard TmuxSession.isTmuxInstalled else { throw XCTSkip("tmux is needed for the terminal tests") }
        server = try TmuxSession.swiftServer()
        home = FileManager.default.temporaryDirectory.appendingPathComponent("objsh-swiftjobs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("down"), withIntermediateDirectories: true)
        container = "jobs" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    }

    override func tearDownWithError() throws {
        session?.stop()
        _ = try? OSShellCompletionTests.objsh(["--cluster", "env", "-q", "-c", "rm -r -f /\(container)"], home: home, environment: server)
        _ = try? OSShellCompletionTests.objsh(["--cluster", "env", "-q", "-c", "rm -r -f /\(container)_segments"], home: home, environment: server)
        try? FileManager.default.removeItem(at: home)
    }

    /// A 200 MB file of a repeated 1 MiB pattern, stored as `/CONTAINER/big.bin`.
    func storeBigObject(megabytes: Int = 200) throws -> URL {
        let file = home.appendingPathComponent("big.bin")
        let block = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 12) })
        FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        for _ in 0..<megabytes { handle.write(block) }
        try handle.close()
        _ = try OSShellCompletionTests.objsh(
            ["--cluster", "env", "-q", "-c", "mkdir \(container); upload \(file.path) /\(container)/"], home: home, environment: server)
        return file
    }

    func testABigGetInTheBackgroundShowsProgressThatAdvancesWhileBrowsing() throws {
        let original = try storeBigObject()
        let down = home.appendingPathComponent("down")
        // Each chunk received waits 1 ms: the download runs some seconds, not one.
        let shell = try TmuxSession(
            home: home, arguments: ["--cluster", "env"], environment: server.merging(["OBJSH_TEST_READ_DELAY_MS": "1"]) { $1 })
        session = shell
        try shell.waitForLastLine("objsh env:/> ")
        let prompt = "objsh env:/\(container)> "
        try shell.type("cd \(container); lcd \(down.path)\n")
        try shell.waitForLastLine(prompt)
        try shell.type("get big.bin &\n")
        try shell.waitForLastLine(prompt)
        let listed = try jobsLineWithFigures(shell)
        XCTAssertTrue(listed.contains(" / 200.0 MiB  "), listed)
        XCTAssertTrue(listed.contains("[1] running  get big.bin  "), listed)
        XCTAssertTrue(listed.contains("/s  0/1 items"), listed)
        let first = try bytesDone(shell)
        // Browsing while it runs: cd, ls, info and TAB.
        try shell.type("cd /; cd \(container)\n")
        try shell.waitForLastLine(prompt)
        try shell.type("ls\n")
        XCTAssertTrue(try shell.waitForLastLine(prompt).contains("big.bin"))
        try shell.type("info b")
        try shell.press("Tab")
        try shell.waitForLastLine(prompt + "info big.bin ")
        try shell.press("Enter")
        try shell.waitFor("info") { $0.contains("209715200") || $0.contains("200.0 MiB") }
        try shell.waitForLastLine(prompt)
        let second = try bytesDone(shell)
        XCTAssertGreaterThan(second, first, "the progress advances between two jobs calls")
        try shell.type("wait %1\n")
        let told = try shell.waitForLastLine(prompt, timeout: 120)
        XCTAssertTrue(told.contains("[1] done  get big.bin  "), told)
        XCTAssertTrue(FileManager.default.contentsEqual(atPath: original.path, andPath: down.appendingPathComponent("big.bin").path))
    }

    /// Ctrl-Z on an upload in the foreground moves it to the background as job 1; `fg`
    /// brings its progress line back, and it completes, its bytes verified.
    func testCtrlZMovesAForegroundUploadToTheBackgroundAndFgBringsItBack() throws {
        let original = try storeBigObject(megabytes: 0)
        let block = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 5) })
        try Data((0..<8).flatMap { _ in block }).write(to: original)
        let down = home.appendingPathComponent("down")
        // Each 1 MiB segment waits 700 ms first: two at a time, the upload runs about three seconds.
        let shell = try TmuxSession(
            home: home, arguments: ["--cluster", "env"], environment: server.merging(["OBJSH_TEST_SEGMENT_DELAY_MS": "700"]) { $1 })
        session = shell
        try shell.waitForLastLine("objsh env:/> ")
        // At the prompt, Ctrl-Z does nothing: objsh is not stopped.
        try shell.press("C-z")
        let prompt = "objsh env:/\(container)> "
        try shell.type("cd \(container); lcd \(home.path)\n")
        try shell.waitForLastLine(prompt)
        let upload = "upload --segment-size 1M --parallel 2 big.bin"
        try shell.type(upload + "\n")
        try shell.waitFor("the progress line") { ($0.split(separator: "\n").last ?? "").contains(" / 8.0 MiB  ") }
        try shell.press("C-z")
        let moved = try shell.waitForLastLine(prompt)
        XCTAssertTrue(moved.contains("[1] \(upload) &"), moved)
        try shell.type("jobs\n")
        XCTAssertTrue(try shell.waitForLastLine(prompt).contains("[1] running  \(upload)  "))
        try shell.type("fg\n")
        try shell.waitFor("the job's progress line in the foreground") { screen in
            let last = screen.split(separator: "\n").last ?? ""
            return last.contains(" / 8.0 MiB  ") && !last.hasPrefix("objsh ")
        }
        let done = try shell.waitForLastLine(prompt, timeout: 60)
        XCTAssertTrue(done.contains("[1] done  \(upload)  "), done)
        try shell.type("get big.bin down/back.bin\n")
        try shell.waitForLastLine(prompt, timeout: 30)
        XCTAssertEqual(try Data(contentsOf: down.appendingPathComponent("back.bin")), try Data(contentsOf: original))
    }

    /// Runs `jobs --json` and reads the job's `bytes_done` (the job still runs).
    /// Types `jobs` until the job's line has its figures. A job's first moments go to
    /// asking the server for the object's size, when there are no figures to show yet
    /// (the stop CI of 8f2e06b listed `[1] running  get big.bin  0 s`).
    func jobsLineWithFigures(_ shell: TmuxSession) throws -> String {
        let deadline = Date().addingTimeInterval(30)
        while true {
            let before = try shell.transcript().components(separatedBy: "[1] running  ").count
            try shell.type("jobs\n")
            let listed = try shell.waitFor("a jobs line", scrollback: true) {
                $0.components(separatedBy: "[1] running  ").count > before
            }
            let line = listed.split(separator: "\n").last { $0.contains("[1] running  ") }.map(String.init) ?? ""
            if line.contains(" / 200.0 MiB  ") || Date() > deadline { return line }
        }
    }

    func bytesDone(_ shell: TmuxSession) throws -> Int64 {
        let records = { (screen: String) in screen.split(separator: "\n").filter { $0.contains(#"{"kind":"job""#) } }
        let before = records(try shell.transcript()).count
        try shell.type("jobs --json\n")
        var found: Int64?
        try shell.waitFor("jobs --json", scrollback: true) { screen in
            let lines = records(screen)
            guard lines.count > before, let line = lines.last, line.contains(#""bytes_total":209715200"#),
                let range = line.range(of: #""bytes_done":"#)
            else { return false }
            found = Int64(line[range.upperBound...].prefix { $0.isNumber })
            return found != nil
        }
        return found ?? 0
    }
}
