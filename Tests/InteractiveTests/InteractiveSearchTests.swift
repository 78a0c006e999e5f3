import Foundation
import XCTest

/// A search at a terminal: results show as they are found, redrawn in place, and
/// Ctrl-C stops the search, keeps what it found, and the shell goes on.
final class InteractiveSearchTests: XCTestCase {
    let rootPrompt = "objsh sample:/> "
    var home: URL!
    var session: TmuxSession?

    override func setUpWithError() throws {
        guard TmuxSession.isTmuxInstalled else {
            throw TmuxError.failed(["(not installed)"], "tmux is needed for the terminal tests; scripts/test installs it")
        }
        home = FileManager.default.temporaryDirectory.appendingPathComponent("objsh-pty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        session?.stop()
        try? FileManager.default.removeItem(at: home)
    }

    func testResultsShowAsFoundAndCtrlCStopsTheSearchKeepingThem() throws {
        // Listings of `photos` (the last container) wait ten minutes; the others answer at
        // once, so the search shows what "My Photos" holds and then waits there.
        let shell = try TmuxSession(
            home: home,
            environment: [
                "OBJSH_TEST_LISTING_DELAY_MS": "600000",
                "OBJSH_TEST_LISTING_DELAY_CONTAINER": "photos",
            ])
        session = shell
        try shell.waitForLastLine(rootPrompt)
        try shell.type("search jpg")
        try shell.press("Enter")
        let growing = try shell.waitFor("the results found so far") { $0.contains("search jpg  3 found so far, searching…") }
        XCTAssertTrue(growing.contains("My Photos/Pets/rex.jpg"), growing)
        XCTAssertTrue(growing.contains("[search: jpg]"), growing)

        try shell.press("C-c")
        let stopped = try shell.waitFor("the stopped search") { $0.contains("search jpg  stopped: 3 found so far") }
        XCTAssertTrue(stopped.contains("My Photos/Pets/rex.jpg"), stopped)
        XCTAssertTrue(stopped.contains("My Photos/Family/mom & dad.jpg"), stopped)
        // The prompt says search mode, as the screen's top line does.
        let searchPrompt = "objsh sample:/ [search: jpg]> "
        try shell.waitForLastLine(searchPrompt)
        // The frame of results so far was drawn over, not scrolled: it is nowhere in the window's history.
        let transcript = try shell.transcript()
        XCTAssertFalse(transcript.contains("searching…"), transcript)
        XCTAssertEqual(transcript.components(separatedBy: "stopped: 3 found so far").count, 2, transcript)

        try shell.type("pwd")
        try shell.press("Enter")
        // Wait for pwd's answer, not for a prompt: the one before pwd was typed is a prompt too.
        try shell.waitFor("pwd's answer") { $0.contains(searchPrompt + "pwd\n/  [search: jpg; paths start at /]\n") }
        try shell.waitForLastLine(searchPrompt)
        try shell.type("back")
        try shell.press("Enter")
        // Out of search mode: the screen's top line is the location alone again.
        try shell.waitFor("the panes before the search") { $0.contains(searchPrompt + "back\nsample:/\n") }
        try shell.waitForLastLine(rootPrompt)
    }
}
