import Foundation
import XCTest

/// `sync --delete` at a terminal: it says how many objects and bytes only DEST holds
/// and asks; a no keeps them, a yes deletes them.
final class InteractiveSyncTests: XCTestCase {
    var home: URL!
    var sessions: [TmuxSession] = []

    override func setUpWithError() throws {
        guard TmuxSession.isTmuxInstalled else {
            throw TmuxError.failed(["(not installed)"], "tmux is needed for the terminal tests; scripts/test installs it")
        }
        home = FileManager.default.temporaryDirectory.appendingPathComponent("objsh-pty-sync-\(UUID().uuidString)")
        try write("store/c/keep", "same")
        try write("store/c/old/extra.txt", "only in the store")
        try write("src/keep", "same")
        try write("src/new", "new")
    }

    override func tearDownWithError() throws {
        sessions.forEach { $0.stop() }
        try? FileManager.default.removeItem(at: home)
    }

    func write(_ name: String, _ text: String) throws {
        let url = home.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func testDeleteSaysHowMuchAndAsks() throws {
        let store = home.appendingPathComponent("store").path
        let prompt = "objsh store:/> "
        let session = try TmuxSession(home: home, arguments: ["--cluster", store], environment: [:])
        sessions.append(session)
        try session.waitForLastLine(prompt)
        let line = "sync --delete file:\(home.appendingPathComponent("src").path) /c"
        try session.type(line)
        try session.press("Enter")
        try session.waitFor("the question") { $0.contains("delete 1 object (17 B) that only /c holds? [y/N] ") }
        try session.type("n")
        try session.press("Enter")
        try session.waitFor("the refusal") { $0.contains("sync: nothing deleted") }
        try session.waitFor("the summary") { $0.contains("sync: sent 1 (3 B), copied 0 (0 B), deleted 0 (0 B), same 1, failed 0;") }
        try session.waitForLastLine(prompt)
        let extra = home.appendingPathComponent("store/c/old/extra.txt").path
        XCTAssertTrue(FileManager.default.fileExists(atPath: extra), "sync deleted after a no")
        XCTAssertTrue(FileManager.default.fileExists(atPath: home.appendingPathComponent("store/c/new").path))
        try session.type(line)
        try session.press("Enter")
        try session.waitFor("the question again") { $0.components(separatedBy: "[y/N]").count == 3 }
        try session.type("y")
        try session.press("Enter")
        try session.waitFor("the deletion") { $0.contains("deleted 1 (17 B), same 2, failed 0;") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: extra))
    }
}
