import Foundation
import XCTest

/// objsh signed in through the real Keystone: config clusters, an openrc's `OS_*`
/// variables, one token per cluster for a session, the 403 line, and interop with
/// python-swiftclient's `--auth-version 3`.
final class KeystoneShellTests: XCTestCase {
    private var home = ""

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-ks-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    static func value(_ name: String) throws -> String {
        guard let value = ObjshRun.environment["OBJSH_TEST_KS_" + name], !value.isEmpty else {
            throw XCTSkip("no Keystone: OBJSH_TEST_KS_\(name) is unset; run the README's test command")
        }
        return value
    }

    /// A token for tester on demo, made with curl (not by objsh).
    static func tokenByHand() throws -> String {
        let body = """
            {"auth":{"identity":{"methods":["password"],"password":{"user":{"name":"\(try value("USER"))",\
            "domain":{"id":"default"},"password":"\(try value("PASSWORD"))"}}},\
            "scope":{"project":{"id":"\(try value("PROJECT_ID"))"}}}}
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = [
            "-s", "-D", "-", "-o", "/dev/null", "-H", "Content-Type: application/json", "--data-binary", "@-",
            try value("AUTH_URL") + "/auth/tokens",
        ]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(body.utf8))
        try input.fileHandleForWriting.close()
        let headers = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let line = headers.split(separator: "\r\n").first { $0.lowercased().hasPrefix("x-subject-token:") }
        guard let token = line?.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) else {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "no token from Keystone by hand: \(headers)"])
        }
        return token
    }

    /// Three Keystone clusters, one per sign-in path (names, IDs in RegionTwo, an application credential).
    static func config() throws -> String {
        """
        [cluster ksnames]
        type = swift
        auth_url = \(try value("AUTH_URL"))
        username = \(try value("USER"))
        password_command = printf %s '\(try value("PASSWORD"))'
        user_domain_name = Default
        project_name = \(try value("PROJECT"))
        project_domain_name = Default

        [cluster ksids]
        type = swift
        auth_version = 3
        auth_url = \(try value("AUTH_URL"))
        user_id = \(try value("USER_ID"))
        password = \(try value("PASSWORD"))
        project_id = \(try value("PROJECT_ID"))
        region = RegionTwo
        interface = internal

        [cluster kscred]
        type = swift
        auth_url = \(try value("AUTH_URL"))
        application_credential_id = \(try value("APPCRED_ID"))
        application_credential_secret_command = printf %s '\(try value("APPCRED_SECRET"))'

        [cluster ksreader]
        type = swift
        auth_url = \(try value("AUTH_URL"))
        username = \(try value("USER2"))
        password = \(try value("PASSWORD"))
        project_name = \(try value("PROJECT"))
        """
    }

    /// A cluster `name` signing in by password at `authURL` (a proxy in front of Keystone, say).
    static func passwordCluster(_ name: String, authURL: String) throws -> String {
        """
        [cluster \(name)]
        type = swift
        auth_url = \(authURL)
        username = \(try value("USER"))
        password = \(try value("PASSWORD"))
        user_domain_name = Default
        project_name = \(try value("PROJECT"))
        project_domain_name = Default

        """
    }

    /// An openrc as a dashboard writes it (with ST_* cleared, which ObjshRun sets for auth v1).
    static func openrc() throws -> [String: String] {
        [
            "ST_AUTH": "", "ST_USER": "", "ST_KEY": "", "OS_AUTH_URL": try value("AUTH_URL"), "OS_USERNAME": try value("USER"),
            "OS_PASSWORD": try value("PASSWORD"), "OS_PROJECT_NAME": try value("PROJECT"), "OS_USER_DOMAIN_NAME": "Default",
            "OS_PROJECT_DOMAIN_ID": "default", "OS_REGION_NAME": "RegionOne", "OS_INTERFACE": "public",
            "OS_IDENTITY_API_VERSION": "3",
        ]
    }

    func testThreeClustersVisitedTwiceSignInOnceEach() throws {
        let script = "cluster ksids\ncluster kscred\ncluster ksnames\ncluster ksids\ncluster kscred\ncluster ksnames\nls"
        let run = try ObjshRun.run(["-q", "--debug", "--cluster", "ksnames", "-c", script], config: try Self.config(), home: home)
        XCTAssertEqual(run.status, 0, run.errors)
        let signIns = run.errors.split(separator: "\n").filter { $0.contains("sign-in: POST") }
        XCTAssertEqual(signIns.count, 3, run.errors)
        XCTAssertTrue(run.errors.contains("//localhost:"), "ksids is in RegionTwo:\n\(run.errors)")
        print("keystone: token requests for 3 clusters visited twice: \(signIns.count)")
    }

    /// A clouds.yaml without the password, and the secure.yaml that holds it, in
    /// `$XDG_CONFIG_HOME/openstack`: the cloud is a cluster, and OS_CLOUD makes it `env`.
    func testCloudsYAMLWithSecureYAMLAndOSCloud() throws {
        let folder = home + "/config/openstack"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
        clouds:
          kscloud:
            auth:
              auth_url: \(try Self.value("AUTH_URL"))
              username: \(try Self.value("USER"))
              project_name: \(try Self.value("PROJECT"))
              user_domain_name: Default
              project_domain_name: Default
            region_name: RegionTwo
            interface: public
            identity_api_version: 3
        """.write(toFile: folder + "/clouds.yaml", atomically: true, encoding: .utf8)
        try "clouds:\n  kscloud:\n    auth:\n      password: '\(try Self.value("PASSWORD"))'\n"
            .write(toFile: folder + "/secure.yaml", atomically: true, encoding: .utf8)
        let run = try ObjshRun.run(["--debug", "--cluster", "kscloud", "-c", "cluster\nls"], home: home)
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.output.contains("kscloud") && run.output.contains("(clouds.yaml)"), run.output)
        XCTAssertTrue(run.errors.contains("//localhost:"), "kscloud is in RegionTwo:\n\(run.errors)")
        XCTAssertFalse((run.output + run.errors).contains(try Self.value("PASSWORD")))
        let env = try ObjshRun.run(
            ["-q", "--cluster", "env", "-c", "ls"], home: home,
            extraEnvironment: ["ST_AUTH": "", "ST_USER": "", "ST_KEY": "", "OS_CLOUD": "kscloud"])
        XCTAssertEqual(env.status, 0, env.errors)
    }

    func testOpenrcVariablesMakeTheEnvCluster() throws {
        let name = "ks-env-" + UUID().uuidString.prefix(8)
        let run = try ObjshRun.run(
            ["-q", "--cluster", "env", "-c", "mkdir \(name)\nls /\nrm -r /\(name)"], home: home,
            extraEnvironment: try Self.openrc())
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.output.contains(name), run.output)
    }

    func testErrorLines() throws {
        let reader = try ObjshRun.run(["-q", "--cluster", "ksreader", "-c", "ls"], config: try Self.config(), home: home)
        XCTAssertEqual(reader.status, 77, "permission")
        XCTAssertTrue(reader.errors.contains("Swift refused access (403 Forbidden)"), reader.errors)
        XCTAssertEqual(reader.errors.split(separator: "\n").count, 1, reader.errors)
        var wrong = try Self.openrc()
        wrong["OS_PASSWORD"] = "wrong-pass-5ecret"
        let refused = try ObjshRun.run(["-q", "--cluster", "env", "-c", "ls"], home: home, extraEnvironment: wrong)
        XCTAssertEqual(refused.status, 77, "authentication")
        XCTAssertTrue(refused.errors.contains("Keystone refused the sign-in"), refused.errors)
        XCTAssertFalse(refused.errors.contains("wrong-pass-5ecret"), refused.errors)
        var down = try Self.openrc()
        down["OS_AUTH_URL"] = "http://127.0.0.1:1/v3"
        let unreachable = try ObjshRun.run(["-q", "--cluster", "env", "-c", "ls"], home: home, extraEnvironment: down)
        XCTAssertTrue(unreachable.errors.contains("server unreachable: Keystone at http://127.0.0.1:1/v3"), unreachable.errors)
        XCTAssertEqual(unreachable.status, 69, "network/server")
        down["OS_AUTH_URL"] = "http://127.0.0.1:1/v2.0"
        down["OS_IDENTITY_API_VERSION"] = "2"
        let v2 = try ObjshRun.run(["-q", "--cluster", "env", "-c", "ls"], home: home, extraEnvironment: down)
        XCTAssertTrue(v2.errors.contains("is Keystone v2.0, which current OpenStack no longer has"), v2.errors)
    }

    /// python-swiftclient with v3 credentials, as its users run it.
    private func swiftclient(_ arguments: [String]) throws -> SwiftServerTools.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments =
            [
                "-m", "swiftclient.shell", "--auth-version", "3", "--os-auth-url", try Self.value("AUTH_URL"),
                "--os-username", try Self.value("USER"), "--os-password", try Self.value("PASSWORD"),
                "--os-project-name", try Self.value("PROJECT"), "--os-user-domain-name", "Default",
                "--os-project-domain-name", "Default",
            ] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: home)
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return SwiftServerTools.Result(status: process.terminationStatus, output: "", errors: String(decoding: said, as: UTF8.self))
    }

    func testInteropWithSwiftclientVersion3BothWays() throws {
        let container = "ks-interop-" + UUID().uuidString.prefix(8)
        let theirs = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try theirs.write(to: URL(fileURLWithPath: home + "/theirs.bin"))
        XCTAssertEqual(try swiftclient(["upload", "--object-name", "dir/theirs.bin", container, "theirs.bin"]).status, 0)
        let ours = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        try ours.write(to: URL(fileURLWithPath: home + "/ours.bin"))
        let script = "cd /\(container)/dir\nls\nget theirs.bin \(home)/got.bin\nupload \(home)/ours.bin"
        let run = try ObjshRun.run(["-q", "--cluster", "ksnames", "-c", script], config: try Self.config(), home: home)
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: home + "/got.bin")), theirs)
        let download = try swiftclient(["download", container, "dir/ours.bin", "-o", home + "/back.bin"])
        XCTAssertEqual(download.status, 0, download.errors)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: home + "/back.bin")), ours)
        XCTAssertEqual(try swiftclient(["delete", container]).status, 0)
    }
}
