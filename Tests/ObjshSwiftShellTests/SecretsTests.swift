import Foundation
import XCTest

/// No key, token or key_command output appears in any byte objsh writes, whatever
/// happens: success, each kind of failure, --debug, config warnings.
final class SecretsTests: XCTestCase {
    var home = ""

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-secrets-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    func testNoSecretInAnyOutput() throws {
        let server = try ObjshRun.server()
        let live = try SwiftByHand()
        let fakeToken = "AUTH_tk5ecret0token0that0must0never0show"
        let wrongKey = "wrong-key-5ecret-must-never-show"
        // A world-readable config with keys: objsh warns, and the warning names no key.
        let config = """
            [cluster viacommand]
            type = swift
            auth_url = \(server.auth)
            user = \(server.user)
            key_command = printf %s '\(server.key)'

            [cluster wrongkey]
            type = swift
            auth_url = \(server.auth)
            user = \(server.user)
            key = \(wrongKey)

            [cluster stale]
            type = swift
            auth_url = \(server.auth)
            user = \(server.user)
            key = \(server.key)
            storage_url = \(live.storageURL)
            token = \(fakeToken)

            [cluster unreachable]
            type = swift
            storage_url = http://127.0.0.1:1/v1/AUTH_x
            token = \(fakeToken)
            """
        let scripts: [[String]] = [
            ["--cluster", "env", "--debug", "-c", "ls\ncd nope\ninfo /nope/x\nmkdir secret-test-c\nls /secret-test-c\nrm -r /secret-test-c"],
            ["--cluster", "viacommand", "--debug", "-c", "ls\npwd"],
            ["--cluster", "wrongkey", "--debug", "-c", "ls"],
            ["--cluster", "stale", "--debug", "-c", "ls"],
            ["--cluster", "unreachable", "--debug", "-c", "ls"],
            ["--cluster", "env", "-c", "cluster\ncluster wrongkey\ncluster unreachable\ncluster viacommand\nls"],
            ["--cluster", "env", "--on-error", "continue", "-c", "cluster wrongkey\nls\nhelp\nexit 3"],
            // cluster add, test and rm: what they say of a cluster that works and of one that is refused.
            [
                "--cluster", "env", "--debug", "--on-error", "continue", "-c",
                "cluster add added --type swift --auth-url \(server.auth) --user \(server.user) --secret-command 'printf %s \(server.key)'\n"
                    + "cluster test added\ncluster test wrongkey\ncluster test viacommand\ncluster\ncluster --json\n"
                    + "cluster add refused --type swift --auth-url \(server.auth) --user \(server.user) --secret-command 'printf %s \(wrongKey)'\n"
                    + "cluster add given --type s3 --access-key a --secret \(wrongKey)\ncluster rm -n added\ncluster rm added",
            ],
        ]
        var checked = 0
        for arguments in scripts {
            let run = try ObjshRun.run(arguments, config: config, home: home, configMode: 0o644)
            let text = run.output + run.errors
            checked += text.utf8.count
            XCTAssertTrue(run.errors.contains("is readable by others and holds a key"), "the config warning is missing")
            for secret in [server.key, live.token, fakeToken, wrongKey] {
                XCTAssertFalse(text.contains(secret), "\(arguments): a secret was printed:\n\(text)")
            }
        }
        // A key read from standard input by cluster add goes into the file, not the output.
        let input = home + "/key-input"
        try (server.key + "\n").write(toFile: input, atomically: true, encoding: .utf8)
        let fromInput = try ObjshRun.run(
            ["--debug", "-c", "cluster add typed --type swift --auth-url \(server.auth) --user \(server.user) --secret-stdin\ncluster test typed"],
            config: config, home: home, configMode: 0o644, standardInput: input)
        XCTAssertEqual(fromInput.status, 0, fromInput.errors)
        checked += (fromInput.output + fromInput.errors).utf8.count
        XCTAssertFalse((fromInput.output + fromInput.errors).contains(server.key), fromInput.errors)
        // The env cluster from a pre-issued token: OS_STORAGE_URL and OS_AUTH_TOKEN.
        let tokenRun = try ObjshRun.run(
            ["--cluster", "env", "--debug", "-c", "ls"], home: home,
            extraEnvironment: [
                "ST_AUTH": "", "ST_USER": "", "ST_KEY": "",
                "OS_STORAGE_URL": live.storageURL, "OS_AUTH_TOKEN": live.token,
            ])
        checked += (tokenRun.output + tokenRun.errors).utf8.count
        XCTAssertFalse((tokenRun.output + tokenRun.errors).contains(live.token), tokenRun.errors)
        XCTAssertTrue(tokenRun.errors.contains("X-Auth-Token: <redacted>"), tokenRun.errors)
        print("secrets: \(checked) bytes of output checked, 0 secrets seen")
    }

    /// Every Keystone sign-in path (password by names and IDs, an application credential,
    /// an existing token, an openrc), with --debug, success and failure: no password,
    /// credential secret or token in any byte.
    func testNoKeystoneSecretInAnyOutput() throws {
        let password = try KeystoneShellTests.value("PASSWORD")
        let secret = try KeystoneShellTests.value("APPCRED_SECRET")
        let token = try KeystoneShellTests.tokenByHand()
        let config =
            try KeystoneShellTests.config() + """

                [cluster kstoken]
                type = swift
                auth_url = \(try KeystoneShellTests.value("AUTH_URL"))
                token = \(token)

                [cluster kswrong]
                type = swift
                auth_url = \(try KeystoneShellTests.value("AUTH_URL"))
                username = \(try KeystoneShellTests.value("USER"))
                password = wrong-5ecret-password
                project_name = \(try KeystoneShellTests.value("PROJECT"))
                """
        let scripts: [[String]] = [
            ["--cluster", "ksnames", "--debug", "-c", "ls\ncluster ksids\nls\ncluster kscred\nls\ncluster kstoken\nls"],
            ["--cluster", "kswrong", "--debug", "-c", "ls"],
            ["--cluster", "ksreader", "--debug", "-c", "ls"],
            ["--cluster", "ksnames", "--on-error", "continue", "-c", "cluster kswrong\ncluster\nls"],
        ]
        var outputs: [String] = []
        for arguments in scripts {
            let run = try ObjshRun.run(arguments, config: config, home: home, configMode: 0o600)
            outputs.append(run.output + run.errors)
        }
        let openrc = try ObjshRun.run(
            ["--cluster", "env", "--debug", "-c", "ls"], home: home,
            extraEnvironment: try KeystoneShellTests.openrc())
        XCTAssertEqual(openrc.status, 0, openrc.errors)
        outputs.append(openrc.output + openrc.errors)
        XCTAssertTrue(
            outputs[0].contains("sign-in: POST") && outputs[0].contains("password=<redacted>")
                && outputs[0].contains("secret=<redacted>") && outputs[0].contains("token=<redacted>"), outputs[0])
        for text in outputs {
            // Fernet tokens begin with gAAAAA: none, whichever path made it, may show.
            for leaked in [password, secret, token, "wrong-5ecret-password", "gAAAAA"] {
                XCTAssertFalse(text.contains(leaked), "a secret was printed:\n\(text)")
            }
        }
        print("secrets: \(outputs.map(\.utf8.count).reduce(0, +)) bytes of Keystone sign-in output checked, 0 secrets seen")
    }
}
