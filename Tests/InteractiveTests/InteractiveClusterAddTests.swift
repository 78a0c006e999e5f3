import Foundation
import XCTest

/// `cluster add NAME` at a terminal: it asks, the secret typed is never echoed (not one
/// byte of it reaches the terminal), it signs in to check, writes the section with mode
/// 0600, and the new cluster opens at once.
final class InteractiveClusterAddTests: XCTestCase {
    var home: URL!
    var session: TmuxSession?

    override func setUpWithError() throws {
        guard TmuxSession.isTmuxInstalled else {
            throw TmuxError.failed(["(not installed)"], "tmux is needed for the terminal tests; scripts/test installs it")
        }
        home = FileManager.default.temporaryDirectory.appendingPathComponent("objsh-pty-cluster-add-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        session?.stop()
        try? FileManager.default.removeItem(at: home)
    }

    func testClusterAddAsksAndNeverEchoesTheSecret() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let endpoint = environment["OBJSH_TEST_MOTO_AUTH_ENDPOINT"], let access = environment["OBJSH_TEST_MOTO_AUTH_ACCESS_KEY"],
            let secret = environment["OBJSH_TEST_MOTO_AUTH_SECRET_KEY"]
        else {
            throw XCTSkip("no moto server: OBJSH_TEST_MOTO_AUTH_* are unset; run the README's test command")
        }
        let rawLog = home.appendingPathComponent("raw.log").path
        let shell = try TmuxSession(home: home, arguments: ["--cluster", "sample"], rawLog: rawLog)
        session = shell
        try shell.waitForLastLine("objsh sample:/> ")
        try shell.typeAndWaitForEcho("cluster add mymoto", after: "objsh sample:/> ")
        try shell.press("Enter")
        for (question, answer) in [
            ("type (s3, swift or keystone) [s3]: ", ""), ("endpoint URL (empty for AWS): ", endpoint),
            ("region (empty for the default): ", ""), ("access key ID: ", access),
        ] {
            try shell.waitFor("the question \(question)") { $0.hasSuffix(question) || $0.contains(question + "\n") }
            if !answer.isEmpty { try shell.typeAndWaitForEcho(answer, after: question) }
            try shell.press("Enter")
        }
        let secretQuestion = "secret key (not shown; empty to give a command that prints it instead): "
        try shell.waitFor("the secret's question") { $0.contains(secretQuestion) }
        try shell.type(secret)
        try shell.press("Enter")
        try shell.waitFor("the section written", timeout: 30) { $0.contains("wrote [cluster mymoto]") }
        let found = try shell.transcript()
        XCTAssertTrue(found.contains("mymoto: signed in to s3 \(endpoint); "), found)
        try shell.typeAndWaitForEcho("cluster mymoto", after: "objsh sample:/> ")
        try shell.press("Enter")
        try shell.waitForLastLine("objsh mymoto:/> ")
        try shell.press("C-d")
        try shell.waitFor("the exit status") { $0.contains("EXITED rc=0") }
        let screen = try shell.transcript()
        shell.stop()
        let raw = try String(decoding: Data(contentsOf: URL(fileURLWithPath: rawLog)), as: UTF8.self)
        XCTAssertFalse(screen.contains(secret), "the secret reached the screen:\n\(screen)")
        XCTAssertFalse(raw.contains(secret) || raw.contains(String(secret.prefix(6))), "the secret was echoed to the terminal")
        let config = home.appendingPathComponent("config/objsh/config").path
        let mode = try FileManager.default.attributesOfItem(atPath: config)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        XCTAssertEqual(
            try String(contentsOfFile: config, encoding: .utf8),
            "[cluster mymoto]\ntype = s3\nendpoint = \(endpoint)\naccess_key = \(access)\nsecret_key = \(secret)\n")
    }

    /// Options answer what they give and only the rest is asked; a sign-in that fails is
    /// told in one line and the section is written only if the person says so.
    func testAFailedCheckAsksBeforeWritingAndNoWritesNothing() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let endpoint = environment["OBJSH_TEST_MOTO_AUTH_ENDPOINT"], let access = environment["OBJSH_TEST_MOTO_AUTH_ACCESS_KEY"] else {
            throw XCTSkip("no moto server: OBJSH_TEST_MOTO_AUTH_* are unset; run the README's test command")
        }
        let shell = try TmuxSession(home: home, arguments: ["--cluster", "sample"])
        session = shell
        try shell.waitForLastLine("objsh sample:/> ")
        // Longer than the terminal is wide: typed, and the question after it waited for.
        try shell.type("cluster add bad --type s3 --endpoint \(endpoint) --access-key \(access)")
        try shell.press("Enter")
        try shell.waitFor("the region's question") { $0.contains("region (empty for the default):") }
        try shell.press("Enter")
        try shell.waitFor("the secret's question") { $0.contains("secret key (not shown; empty to give a command that prints it instead): ") }
        try shell.type("wrong-5ecret-typed")
        try shell.press("Enter")
        try shell.waitFor("the question after the failure", timeout: 30) { $0.contains("write it anyway? [y/N] ") }
        try shell.press("Enter")
        try shell.waitForLastLine("objsh sample:/> ")
        let screen = try shell.transcript()
        XCTAssertFalse(screen.contains("type (s3"), "a question the options answered was asked:\n\(screen)")
        XCTAssertTrue(screen.contains("cluster: nothing added"), screen)
        XCTAssertEqual(screen.components(separatedBy: "\n").filter { $0.hasPrefix("cluster: ") }.count, 2, screen)
        XCTAssertFalse(screen.contains("5ecret"), screen)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.appendingPathComponent("config/objsh/config").path))
    }
}
