import Foundation
import XCTest

/// The built objsh over HTTPS through the real TLS terminator (`scripts/tls-server`):
/// a cluster trusting the test CA with `cacert` works; without it, the refusal is one
/// line that names the setting, with the permission exit status (77).
final class TLSShellTests: XCTestCase {
    private var home = ""

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-tls-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    private func run(_ cluster: String, _ command: String, extraEnvironment: [String: String] = [:]) throws -> ObjshRun {
        let environment = ObjshRun.environment
        guard let auth = environment["OBJSH_TEST_TLS_SWIFT_AUTH"], let ca = environment["OBJSH_TEST_TLS_CA"] else {
            throw XCTSkip("no TLS terminator: OBJSH_TEST_TLS_SWIFT_AUTH/_CA are unset; run the README's test command")
        }
        let server = try ObjshRun.server()
        let config = """
            [cluster trusted]
            type = swift
            auth_url = \(auth)
            user = \(server.user)
            key = \(server.key)
            cacert = \(ca)

            [cluster untrusted]
            type = swift
            auth_url = \(auth)
            user = \(server.user)
            key = \(server.key)
            """
        return try ObjshRun.run(
            ["-q", "--cluster", cluster, "-c", command], config: config, home: home,
            extraEnvironment: extraEnvironment)
    }

    func testACAFileInTheClusterMakesHTTPSWork() throws {
        let container = "objsh-tls-\(UUID().uuidString.prefix(8).lowercased())"
        let made = try run("trusted", "mkdir \(container)\nls")
        XCTAssertEqual(made.status, 0, made.errors)
        XCTAssertTrue(made.output.contains(container), made.output)
        XCTAssertEqual(try run("trusted", "rm -r -f \(container)").status, 0)
    }

    func testAnUnknownCAIsOneLineNamingTheFixAndExits77() throws {
        let refused = try run("untrusted", "ls")
        XCTAssertEqual(refused.status, 77, refused.errors)
        let lines = refused.errors.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, refused.errors)
        XCTAssertTrue(
            refused.errors.contains("unknown authority") && refused.errors.contains("cacert = FILE")
                && refused.errors.contains("OS_CACERT"), refused.errors)
        XCTAssertFalse(refused.errors.contains("unreachable"), refused.errors)
    }

    func testOSCACERTTrustsTheCAForEveryOpenStackCluster() throws {
        let ca = try XCTUnwrap(ObjshRun.environment["OBJSH_TEST_TLS_CA"])
        let listed = try run("untrusted", "ls", extraEnvironment: ["OS_CACERT": ca])
        XCTAssertEqual(listed.status, 0, listed.errors)
    }
}
