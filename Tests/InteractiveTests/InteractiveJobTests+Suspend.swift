import Foundation
import XCTest

/// Ctrl-Z at a real terminal (tmux) beyond a transfer in the foreground: in `fg` it sends
/// the job back; on a pipeline, a redirection or a listing it moves nothing and says why,
/// and the line goes on; a local program it would have stopped goes on too.
extension InteractiveJobTests {
    /// `fg`, then Ctrl-Z: the job goes back to the background, `jobs` shows it running,
    /// and it completes, its bytes whole.
    func testCtrlZInFgSendsTheJobBackAndItCompletes() throws {
        let bytes = Data((0..<(6 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 11 &+ 1) })
        try bytes.write(to: home.appendingPathComponent("store/c/big.bin"))
        // Each 1 MiB waits 1 s: the download runs about six seconds.
        let shell = try shellInC(readDelay: 1000)
        let prompt = "objsh store:/c> "
        try shell.type("get big.bin &\n")
        try shell.waitForLastLine(prompt)
        try shell.type("fg\n")
        try shell.waitFor("the job's progress line in the foreground") { screen in
            let last = screen.split(separator: "\n").last ?? ""
            return last.contains(" / 6.0 MiB  ") && !last.hasPrefix("objsh ")
        }
        try shell.press("C-z")
        let back = try shell.waitForLastLine(prompt)
        XCTAssertTrue(back.contains("[1] get big.bin &"), back)
        try shell.type("jobs\n")
        try shell.waitFor("the job, running") { $0.contains("[1] running  get big.bin  ") }
        try shell.type("wait\n")
        try shell.waitFor("the job to end", timeout: 30) { $0.contains("[1] done  get big.bin  ") }
        XCTAssertEqual(try Data(contentsOf: home.appendingPathComponent("down/big.bin")), bytes)
    }

    /// Ctrl-Z on `ls -R | sort`, `cat big.bin > f`, `get big.bin > f` and a lone `ls -R`:
    /// nothing moves, a line says why, and each line ends as it would have (sort, which
    /// the terminal's Ctrl-Z stopped, is continued).
    func testCtrlZOnAPipeARedirectionOrAListingSaysWhyAndGoesOn() throws {
        let bytes = Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 5) })
        try bytes.write(to: home.appendingPathComponent("store/c/big.bin"))
        try Data("a\n".utf8).write(to: home.appendingPathComponent("store/c/docs/a.txt"))
        // Each page of a listing waits 2 s, each 1 MiB read 1 s.
        let shell = try shellInC(readDelay: 1000, listingDelay: 2000, jobControl: true)
        let prompt = "objsh store:/c> "
        let stays = " goes on (a command with | or > stays in the foreground); Ctrl-C stops it"
        let lines = [
            ("ls -R | sort", "objsh: Ctrl-Z: ls" + stays), ("cat big.bin > cat.bin", "objsh: Ctrl-Z: cat" + stays),
            ("get big.bin > get.txt", "objsh: Ctrl-Z: get" + stays),
            ("ls -R", "objsh: Ctrl-Z: ls goes on (only a transfer or a walk can move to the background); Ctrl-C stops it"),
        ]
        for (line, told) in lines {
            try shell.type(line + "\n")
            try shell.waitFor("the line to start") { $0.contains(prompt + line) && (try? shell.cursorIsBelowTheText()) == true }
            try shell.press("C-z")
            let screen = try shell.waitForLastLine(prompt, timeout: 20)
            let ended = String(screen[try XCTUnwrap(screen.range(of: prompt + line, options: .backwards)).upperBound...])
            XCTAssertTrue(ended.contains(told), ended)
            XCTAssertFalse(ended.contains("[1]"), "nothing became a job: \(ended)")
            if line.hasPrefix("ls -R") { XCTAssertTrue(ended.contains("docs/a.txt"), ended) }
        }
        XCTAssertEqual(try Data(contentsOf: home.appendingPathComponent("down/cat.bin")), bytes)
        XCTAssertEqual(try Data(contentsOf: home.appendingPathComponent("down/big.bin")), bytes)
        try shell.type("jobs\n")
        try shell.waitForLastLine(prompt)
        XCTAssertFalse(try shell.screen().contains("running"))
    }

    /// Ctrl-Z during `!sh …`: the terminal's SIGTSTP stops the local programs (objsh's
    /// process group), and objsh continues them, so the line ends instead of hanging.
    func testCtrlZDuringALocalCommandStopsNothing() throws {
        let shell = try shellInC(jobControl: true)
        let prompt = "objsh store:/c> "
        try shell.type("!echo started; sleep 2; echo resumed\n")
        try shell.waitFor("the command to start") { $0.contains("\nstarted") }
        try shell.press("C-z")
        let ended = try shell.waitForLastLine(prompt, timeout: 20)
        XCTAssertTrue(ended.contains("resumed\n" + prompt), ended)
    }
}
