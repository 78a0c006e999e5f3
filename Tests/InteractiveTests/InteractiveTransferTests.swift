import Foundation
import XCTest

/// Transfers at a terminal: the progress line, Ctrl-C that keeps a partial file and
/// says how to go on, and rm -r that asks first.
final class InteractiveTransferTests: XCTestCase {
    var home: URL!
    var sessions: [TmuxSession] = []

    override func setUpWithError() throws {
        guard TmuxSession.isTmuxInstalled else {
            throw TmuxError.failed(["(not installed)"], "tmux is needed for the terminal tests; scripts/test installs it")
        }
        home = FileManager.default.temporaryDirectory.appendingPathComponent("objsh-pty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("store/c"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home.appendingPathComponent("down"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        sessions.forEach { $0.stop() }
        try? FileManager.default.removeItem(at: home)
    }

    func startShell(_ arguments: [String], environment: [String: String] = [:], prompt: String) throws -> TmuxSession {
        let session = try TmuxSession(home: home, arguments: arguments, environment: environment)
        sessions.append(session)
        try session.waitForLastLine(prompt)
        return session
    }

    func testCtrlCStopsAGetKeepsThePartFileAndTheNextGetGoesOn() throws {
        let bytes = Data((0..<(6 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try bytes.write(to: home.appendingPathComponent("store/c/big.bin"))
        let store = home.appendingPathComponent("store").path
        let prompt = "objsh store:/c> "
        // Each 1 MiB chunk of the file store waits 300 ms, so the download is under way for seconds.
        let shell = try startShell(
            ["--cluster", store], environment: ["OBJSH_TEST_READ_DELAY_MS": "300"],
            prompt: "objsh store:/> ")
        try shell.type("cd c")
        try shell.press("Enter")
        try shell.waitForLastLine(prompt)
        try shell.type("lcd \(home.appendingPathComponent("down").path)")
        try shell.press("Enter")
        try shell.waitForLastLine(prompt)
        try shell.type("get big.bin")
        try shell.press("Enter")
        try shell.waitFor("the progress line") { $0.contains("big.bin  ") && $0.contains(" / 6.0 MiB") && $0.contains("/s") }
        try shell.press("C-c")
        // The terminal wraps the long message: compare it without line breaks.
        let stopped = try shell.waitForLastLine(prompt, timeout: 15).replacingOccurrences(of: "\n", with: "")
        XCTAssertTrue(stopped.contains("kept in .big.bin.") && stopped.contains("run the same get again to go on"), stopped)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.appendingPathComponent("down/big.bin").path))
        try shell.type("get big.bin")
        try shell.press("Enter")
        let resumed = try shell.waitFor("the resumed download") { $0.contains("downloaded big.bin") }
        XCTAssertTrue(resumed.contains("resumed at byte"), resumed)
        try shell.waitForLastLine(prompt, timeout: 30)
        XCTAssertEqual(try Data(contentsOf: home.appendingPathComponent("down/big.bin")), bytes)
    }

    func testRmRecursiveSaysWhatItWillDeleteAndAsks() throws {
        let shell = try startShell(["--cluster", "sample"], prompt: "objsh sample:/> ")
        let prompt = "objsh sample:/> "
        try shell.type("rm -r photos/2024")
        try shell.press("Enter")
        try shell.waitFor("the question") { $0.contains("delete 8 objects (") && $0.contains("under /photos/2024? [y/N] ") }
        try shell.type("n")
        try shell.press("Enter")
        try shell.waitFor("the refusal") { $0.contains("rm: nothing deleted") }
        try shell.waitForLastLine(prompt)
        let sample = home.appendingPathComponent("data/objsh/sample/photos/2024").path
        XCTAssertTrue(FileManager.default.fileExists(atPath: sample), "rm deleted after a no")
        try shell.type("rm -r photos/2024")
        try shell.press("Enter")
        try shell.waitFor("the question again") { $0.components(separatedBy: "[y/N]").count == 3 }
        try shell.type("y")
        try shell.press("Enter")
        try shell.waitFor("the deletion") { $0.contains("deleted 8 objects under /photos/2024") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: sample))
    }
}
