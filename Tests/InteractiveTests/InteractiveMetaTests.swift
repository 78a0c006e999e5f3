import Foundation
import XCTest

/// `meta PATTERN` at a real terminal (tmux) on the Swift server: more than one object
/// matched is asked for first, as `rm PATTERN` asks; one object, `-f` and `-n` are not.
final class InteractiveMetaTests: XCTestCase {
    var home: URL!
    var container = ""
    var server: [String: String] = [:]
    var session: TmuxSession?

    override func setUpWithError() throws {
        guard TmuxSession.isTmuxInstalled else { throw XCTSkip("tmux is needed for the terminal tests") }
        server = try TmuxSession.swiftServer()
        home = FileManager.default.temporaryDirectory.appendingPathComponent("objsh-meta-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        container = "metapty" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    }

    override func tearDownWithError() throws {
        session?.stop()
        _ = try? OSShellCompletionTests.objsh(["--cluster", "env", "-q", "-c", "rm -r -f /\(container)"], home: home, environment: server)
        try? FileManager.default.removeItem(at: home)
    }

    func testMetaOfAPatternAsksBeforeChangingMoreThanOneObject() throws {
        let file = home.appendingPathComponent("f.txt")
        try Data("some text\n".utf8).write(to: file)
        let seed = ["mkdir \(container)", "cd /\(container)"] + ["a.txt", "b.txt", "c.log"].map { "upload \(file.path) \($0)" }
        _ = try OSShellCompletionTests.objsh(
            ["--cluster", "env", "-q", "-c", seed.joined(separator: "; ")], home: home, environment: server)
        let shell = try TmuxSession(home: home, arguments: ["--cluster", "env"], environment: server)
        session = shell
        try shell.waitForLastLine("objsh env:/> ")
        let prompt = "objsh env:/\(container)> "
        try shell.type("cd \(container)\n")
        try shell.waitForLastLine(prompt)
        try shell.type("meta *.txt color=red\n")
        try shell.waitFor("the question") { $0.contains("change the metadata of 2 objects matching *.txt? [y/N] ") }
        try shell.type("n\n")
        try shell.waitFor("the refusal") { $0.contains("meta: nothing changed") }
        try shell.waitForLastLine(prompt)
        // One object matched, -n and -f: no question.
        try shell.type("meta c*.log color=red\n")
        try shell.waitFor("one object changed") { $0.contains("changed 1 object matching c*.log") }
        try shell.waitForLastLine(prompt)
        try shell.type("meta -n *.txt color=red\n")
        try shell.waitFor("the dry run") { $0.contains("would change 2 objects matching *.txt") }
        try shell.waitForLastLine(prompt)
        try shell.type("meta *.txt color=red\n")
        try shell.waitFor("the question again") { $0.components(separatedBy: "[y/N]").count == 3 }
        try shell.type("y\n")
        try shell.waitFor("the change") { $0.contains("changed 2 objects matching *.txt\n") }
        try shell.waitForLastLine(prompt)
        try shell.type("meta -f *.txt owner=ann\n")
        try shell.waitForLastLine(prompt)
        let shown = try shell.transcript()
        XCTAssertEqual(shown.components(separatedBy: "[y/N]").count, 3, "-f asked: \(shown)")
        XCTAssertEqual(shown.components(separatedBy: "changed 2 objects matching *.txt").count, 3, shown)
        try shell.type("meta a.txt\n")
        let meta = try shell.waitForLastLine(prompt).lowercased()
        XCTAssertTrue(meta.contains("meta-color: red") && meta.contains("meta-owner: ann"), meta)
    }
}
