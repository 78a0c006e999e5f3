import Foundation
import XCTest

/// `cluster add`, `cluster test` and `cluster rm` from scripts, against the real servers:
/// the section written with mode 0600 and every other byte of the file kept, a secret
/// never taken from the command line nor printed, and clusters of other sources refused.
final class ClusterSetupShellTests: XCTestCase {
    private var home = ""
    /// A config file with comments and odd spacing, which must stay as it is.
    private let existing =
        "# my clusters\n\n[cluster keep]\ntype = file\npath = /tmp   \n; about the next one\n\n[cluster other]\ntype  =  file\npath=/var\n"

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-cluster-setup-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    var configPath: String { home + "/config/objsh/config" }
    var configText: String { (try? String(contentsOfFile: configPath, encoding: .utf8)) ?? "" }

    static func value(_ name: String) throws -> String {
        guard let value = ProcessInfo.processInfo.environment[name] else { throw XCTSkip("\(name) is unset; run the README's test command") }
        return value
    }

    func objsh(_ lines: String, config: String? = nil, input: String? = nil) throws -> ObjshRun {
        var inputFile: String?
        if let input {
            inputFile = home + "/input"
            try input.write(toFile: inputFile!, atomically: true, encoding: .utf8)
        }
        return try ObjshRun.run(["-q", "-c", lines], config: config, home: home, configMode: 0o644, standardInput: inputFile)
    }

    func testAddFromOptionsWritesOnlyItsSectionWithMode0600() throws {
        let moto = try (
            Self.value("OBJSH_TEST_MOTO_AUTH_ENDPOINT"), Self.value("OBJSH_TEST_MOTO_AUTH_ACCESS_KEY"), Self.value("OBJSH_TEST_MOTO_AUTH_SECRET_KEY")
        )
        let server = try ObjshRun.server()
        let add = try objsh(
            "cluster add mo --type s3 --endpoint \(moto.0) --access-key \(moto.1) --secret-command 'printf %s \(moto.2)'\nls", config: existing)
        XCTAssertEqual(add.status, 0, add.errors)
        XCTAssertTrue(add.output.contains("mo: signed in to s3 \(moto.0); "), add.output)
        XCTAssertTrue(add.output.contains(", region us-east-1\nwrote [cluster mo] to \(configPath) (mode 0600)"), add.output)
        let section = "[cluster mo]\ntype = s3\nendpoint = \(moto.0)\naccess_key = \(moto.1)\nsecret_command = printf %s \(moto.2)\n"
        XCTAssertEqual(configText, existing + "\n" + section)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: configPath)[.posixPermissions] as? Int, 0o600)
        // Standard input's first line as the key: written into the 0600 file, never printed.
        let swift = try objsh(
            "cluster add sw --type swift --auth-url \(server.auth) --user \(server.user) --secret-stdin\ncluster test sw\ncluster sw\nls",
            input: server.key + "\n")
        XCTAssertEqual(swift.status, 0, swift.errors)
        XCTAssertTrue(swift.output.contains("sw: signed in to swift \(server.auth); "), swift.output)
        XCTAssertFalse((swift.output + swift.errors + add.output + add.errors).contains(server.key))
        XCTAssertTrue(configText.hasSuffix("[cluster sw]\ntype = swift\nauth_url = \(server.auth)\nuser = \(server.user)\nkey = \(server.key)\n"))
        // Removing both gives back the file byte for byte.
        let remove = try objsh("cluster rm -n mo\ncluster rm mo\ncluster rm -f sw\ncluster")
        XCTAssertEqual(remove.status, 0, remove.errors)
        XCTAssertTrue(remove.output.hasPrefix("would remove [cluster mo] from \(configPath)\nremoved [cluster mo]"), remove.output)
        XCTAssertFalse(remove.output.contains(" mo "), remove.output)
        XCTAssertEqual(configText, existing)
    }

    func testKeystoneFromOptionsAndAReplacement() throws {
        let auth = try Self.value("OBJSH_TEST_KS_AUTH_URL")
        let (user, password, project) = try (
            Self.value("OBJSH_TEST_KS_USER"), Self.value("OBJSH_TEST_KS_PASSWORD"), Self.value("OBJSH_TEST_KS_PROJECT")
        )
        let line = "cluster add ks --type keystone --auth-url \(auth) --user \(user) --project \(project) --secret-command 'printf %s \(password)'"
        let add = try objsh(line + "\ncluster ks\nls")
        XCTAssertEqual(add.status, 0, add.errors)
        XCTAssertTrue(add.output.contains("ks: signed in to swift \(auth); "), add.output)
        XCTAssertTrue(
            configText.contains("auth_version = 3\nusername = \(user)\npassword_command = printf %s \(password)\nproject_name = \(project)\n"))
        let again = try objsh(line)
        XCTAssertEqual(again.status, 64)
        XCTAssertEqual(again.errors, "objsh: line 1: cluster: ks is already a cluster of \(configPath); give --replace to replace it\n")
        let replaced = try objsh(
            line.replacingOccurrences(of: "--project \(project)", with: "--project \(project) --region RegionOne") + " --replace --no-check")
        XCTAssertEqual(replaced.status, 0, replaced.errors)
        XCTAssertEqual(configText.components(separatedBy: "[cluster ks]").count, 2, configText)
        XCTAssertTrue(configText.hasSuffix("region = RegionOne\n"), configText)
    }

    /// What is refused writes nothing: a secret given as a value, a sign-in that fails (its
    /// one-line reason), a cluster of another source (named with its file), a missing answer.
    func testRefusalsLeaveTheFileAsItWas() throws {
        let server = try ObjshRun.server()
        try FileManager.default.createDirectory(atPath: home + "/.mc", withIntermediateDirectories: true)
        try #"{"aliases": {"x": {"url": "http://127.0.0.1:1", "accessKey": "a", "secretKey": "b"}}}"#.write(
            toFile: home + "/.mc/config.json", atomically: true, encoding: .utf8)
        let cases: [(String, Int32, String)] = [
            ("cluster add s --type s3 --access-key a --secret hunter2-5ecret", 64, "a secret in a command line stays in the shell's history"),
            (
                "cluster add s --type swift --auth-url \(server.auth) --user \(server.user) --secret-command 'printf wrong-5ecret'", 77,
                "cluster: not authorized: \(server.auth) refused user \(server.user): wrong user or key"
            ),
            ("cluster add s --type swift --user u --secret-command x", 64, "cluster: --auth-url needs a value"),
            ("cluster rm mc-x", 64, "cluster: mc-x comes from mc \(home)/.mc/config.json, which objsh does not write"),
            ("cluster rm env", 64, "cluster: env comes from env, which objsh does not write"),
            ("cluster add keep --type s3 --access-key a --secret-command x", 64, "keep is already a cluster of \(configPath)"),
            ("cluster keep\ncluster rm keep", 64, "keep is the current cluster"),
            ("cluster frob x", 64, "frob must be add, test or rm"),
            ("cluster test x", 66, "cluster: x: no such cluster"),
        ]
        for (line, status, message) in cases {
            let run = try objsh(line, config: existing)
            XCTAssertEqual(run.status, status, "\(line): \(run.errors)")
            XCTAssertTrue(run.errors.contains(message), "\(line): \(run.errors)")
            XCTAssertEqual(run.errors.split(separator: "\n").filter { !$0.contains("usage:") && !$0.contains("warning") }.count, 1, run.errors)
            XCTAssertFalse((run.output + run.errors).contains("5ecret"), run.errors)
            XCTAssertEqual(configText, existing, line)
        }
    }
}
