import Foundation
import XCTest

/// At a terminal too, no key, token or key_command output reaches the screen or the
/// history file: a key_command cluster, a wrong key, an unreachable cluster, --debug.
final class InteractiveSecretsTests: XCTestCase {
    var home: URL!
    var session: TmuxSession?

    override func setUpWithError() throws {
        guard TmuxSession.isTmuxInstalled else {
            throw TmuxError.failed(["(not installed)"], "tmux is needed for the terminal tests; scripts/test installs it")
        }
        home = FileManager.default.temporaryDirectory.appendingPathComponent("objsh-pty-secrets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        session?.stop()
        try? FileManager.default.removeItem(at: home)
    }

    func testNoSecretOnTheScreenOrInTheHistory() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let auth = environment["OBJSH_TEST_SWIFT_AUTH"], let user = environment["OBJSH_TEST_SWIFT_USER"],
            let key = environment["OBJSH_TEST_SWIFT_KEY"]
        else {
            throw XCTSkip("no Swift server: OBJSH_TEST_SWIFT_AUTH/_USER/_KEY are unset; run the README's test command")
        }
        let wrongKey = "wrong-key-5ecret-must-never-show"
        let fakeToken = "AUTH_tk5ecret0token0that0must0never0show"
        // World-readable, so objsh warns at start; the warning must not quote a key.
        try writeConfig(
            """
            [cluster viacommand]
            type = swift
            auth_url = \(auth)
            user = \(user)
            key_command = printf %s '\(key)'

            [cluster wrongkey]
            type = swift
            auth_url = \(auth)
            user = \(user)
            key = \(wrongKey)

            [cluster unreachable]
            type = swift
            storage_url = http://127.0.0.1:1/v1/AUTH_x
            token = \(fakeToken)
            """)
        let shell = try TmuxSession(home: home, arguments: ["--cluster", "viacommand", "--debug"])
        session = shell
        var prompt = "objsh viacommand:/> "
        try shell.waitForLastLine(prompt)
        // A failed switch keeps the cluster and a lazy one changes it: take whichever prompt comes.
        for line in ["ls", "info /no-such-container/x", "cluster wrongkey", "cluster unreachable", "ls -l", "cluster viacommand"] {
            try shell.typeAndWaitForEcho(line, after: prompt)
            try shell.press("Enter")
            let screen = try shell.waitFor("a prompt after \(line)", timeout: 30) { Self.prompt(on: $0) != nil }
            prompt = Self.prompt(on: screen)!
        }
        try shell.press("C-d")
        try shell.waitFor("the exit status") { $0.contains("EXITED rc=0") }
        let screen = try shell.transcript()
        shell.stop()
        XCTAssertTrue(screen.contains("is readable by others and holds a key"), "the config warning is missing:\n\(screen)")
        let history = try String(contentsOf: home.appendingPathComponent("state/objsh/history"), encoding: .utf8)
        XCTAssertTrue(history.contains("wrongkey"), "the history was not written:\n\(history)")
        for secret in [key, wrongKey, fakeToken] {
            XCTAssertFalse(screen.contains(secret), "a secret reached the screen:\n\(screen)")
            XCTAssertFalse(history.contains(secret), "a secret reached the history:\n\(history)")
        }
        print("interactive secrets: \(screen.utf8.count + history.utf8.count) bytes of screen and history checked, 0 secrets seen")
    }

    /// `share --set-key` asks at a terminal, as `rm -r` does: no changes nothing, yes
    /// stores a key, and a link signed with it then prints with its expiry.
    func testShareSetKeyAsksFirst() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let auth = environment["OBJSH_TEST_SWIFT_AUTH"], let user = environment["OBJSH_TEST_SWIFT_USER"],
            let key = environment["OBJSH_TEST_SWIFT_KEY"]
        else {
            throw XCTSkip("no Swift server: OBJSH_TEST_SWIFT_AUTH/_USER/_KEY are unset; run the README's test command")
        }
        let shell = try TmuxSession(
            home: home, arguments: ["--cluster", "env"], environment: ["ST_AUTH": auth, "ST_USER": user, "ST_KEY": key])
        session = shell
        let prompt = "objsh env:/> "
        try shell.waitForLastLine(prompt)
        try shell.type("share --set-key")
        try shell.press("Enter")
        try shell.waitFor("the question") { $0.contains("store a new random Temp-URL-Key on the account?") && $0.contains("[y/N] ") }
        try shell.type("n")
        try shell.press("Enter")
        try shell.waitFor("the refusal") { $0.contains("share: no key stored") }
        try shell.waitForLastLine(prompt)
        try shell.type("share --set-key")
        try shell.press("Enter")
        try shell.waitFor("the question again") { $0.components(separatedBy: "[y/N]").count == 3 }
        try shell.type("y")
        try shell.press("Enter")
        try shell.waitFor("the key stored") { $0.contains("stored a new Temp-URL-Key on the account") }
        try shell.waitForLastLine(prompt)
        try shell.type("share --put --expires 90s /c/x")
        try shell.press("Enter")
        let screen = try shell.waitFor("the link") { $0.contains("PUT until ") && $0.contains("(90s)") }
        XCTAssertTrue(screen.contains("/c/x?temp_url_sig="), screen)
        XCTAssertFalse(screen.contains(key), screen)
    }

    /// The prompt on the screen's last line when the shell waits for a command there.
    static func prompt(on screen: String) -> String? {
        guard let last = screen.split(separator: "\n").last(where: { !$0.allSatisfy { $0 == " " } }) else { return nil }
        let text = String(last).trimmingCharacters(in: .whitespaces)
        return text.hasPrefix("objsh ") && text.hasSuffix(">") ? text + " " : nil
    }

    private func writeConfig(_ text: String) throws {
        let folder = home.appendingPathComponent("config/objsh")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: folder.appendingPathComponent("config").path, contents: Data(text.utf8),
            attributes: [.posixPermissions: 0o644])
    }
}
