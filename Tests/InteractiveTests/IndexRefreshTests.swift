import Foundation
import XCTest

/// `index_refresh`: an interactive session refreshes an old index in the background
/// without holding the prompt, a script never does, and a failed refresh is told once,
/// on its own line before a prompt.
final class IndexRefreshTests: XCTestCase {
    let prompt = "objsh files:/> "
    var home: URL!
    var session: TmuxSession?

    override func setUpWithError() throws {
        guard TmuxSession.isTmuxInstalled else {
            throw TmuxError.failed(["(not installed)"], "tmux is needed for the terminal tests; scripts/test installs it")
        }
        home = FileManager.default.temporaryDirectory.appendingPathComponent("objsh-refresh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("store/box"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home.appendingPathComponent("config/objsh"), withIntermediateDirectories: true)
        let config = "[cluster files]\ntype = file\npath = \(home.path)/store\nindex_refresh = 1s\n"
        try Data(config.utf8).write(to: home.appendingPathComponent("config/objsh/config"))
        try put("box/old.txt")
    }

    override func tearDownWithError() throws {
        session?.stop()
        try? FileManager.default.removeItem(at: home)
    }

    func put(_ name: String) throws {
        try Data("x".utf8).write(to: home.appendingPathComponent("store/" + name))
    }

    /// `objsh -q --cluster files -c SCRIPT` outside the terminal: standard output and status.
    func batch(_ script: String) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try TmuxSession.binary())
        process.arguments = ["-q", "--cluster", "files", "-c", script]
        process.environment = ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config", "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (printed, process.terminationStatus)
    }

    /// Builds the index, adds a name the index lacks, and waits until the index is older than `index_refresh`.
    func buildAnIndexThatIsDue() throws {
        XCTAssertEqual(try batch("index").status, 0)
        let built = Date()
        try put("box/new.txt")
        while Date() < built.addingTimeInterval(1.2) { Thread.sleep(forTimeInterval: 0.05) }
        // A script never refreshes, due or not: its search answers from the index, without the new name.
        XCTAssertEqual(try batch("pwd").status, 0)
        XCTAssertEqual(try batch("search new.txt").output, "")
    }

    func testAnOldIndexIsRefreshedInTheBackground() throws {
        try buildAnIndexThatIsDue()
        let shell = try TmuxSession(home: home, arguments: ["--cluster", "files"], environment: ["XDG_CONFIG_HOME": home.path + "/config"])
        session = shell
        try shell.waitForLastLine(prompt)
        let deadline = Date().addingTimeInterval(20)
        while try batch("search new.txt").output != "box/new.txt\n" {
            guard Date() < deadline else { return XCTFail("the background refresh did not index box/new.txt") }
            Thread.sleep(forTimeInterval: 0.1)
        }
        try shell.type("pwd")
        try shell.press("Enter")
        _ = try shell.waitFor("pwd's answer") { $0.contains(self.prompt + "pwd\n/\n") }
        XCTAssertFalse(try shell.transcript().contains("objsh: "), "no word of a refresh that worked")
    }

    func testAFailedRefreshIsToldOnceBeforeAPrompt() throws {
        try buildAnIndexThatIsDue()
        // The index's lock file turned into a folder: the refresh cannot take the lock.
        let indexes = home.appendingPathComponent(".cache/objsh/index")
        let folder = try FileManager.default.contentsOfDirectory(atPath: indexes.path)[0]
        let lock = indexes.appendingPathComponent(folder + "/lock")
        try FileManager.default.removeItem(at: lock)
        try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: false)
        let shell = try TmuxSession(home: home, arguments: ["--cluster", "files"], environment: ["XDG_CONFIG_HOME": home.path + "/config"])
        session = shell
        try shell.waitForLastLine(prompt)
        let deadline = Date().addingTimeInterval(20)
        while try !shell.transcript().contains("objsh: background index of files: cannot write the index") {
            guard Date() < deadline else { return XCTFail("no word of the failed refresh: \(try shell.transcript())") }
            try shell.press("Enter")
            Thread.sleep(forTimeInterval: 0.1)
        }
        try shell.waitForLastLine(prompt)
        try shell.press("Enter")
        try shell.press("Enter")
        try shell.waitForLastLine(prompt)
        let transcript = try shell.transcript()
        XCTAssertEqual(transcript.components(separatedBy: "background index of files").count, 2, "told once: \(transcript)")
        let line = transcript.split(separator: "\n").first { $0.contains("background index") } ?? ""
        XCTAssertTrue(line.hasPrefix("objsh: background index of files: cannot write the index in "), "a line of its own: \(line)")
    }
}
