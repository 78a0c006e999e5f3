import FaultProxyHarness
import Foundation
import XCTest

/// The built objsh through a real proxy (tinyproxy, `scripts/proxy-server`): the proxy's
/// password in no byte of any output, `--debug` included; a refusal by the proxy is one
/// line naming the proxy, not the server; Keystone's sign-in takes the proxy that
/// `NO_PROXY` gives its host.
final class ProxyShellTests: XCTestCase {
    private var home = ""

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-proxy-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    /// A config section: the test Swift server's auth v1 cluster `name` through `proxy`.
    private func swiftCluster(_ name: String, proxy: String) throws -> String {
        let server = try ObjshRun.server()
        return """
            [cluster \(name)]
            type = swift
            auth_url = \(server.auth)
            user = \(server.user)
            key = \(server.key)
            proxy = \(proxy)

            """
    }

    func testTheProxyPasswordIsInNoOutput() throws {
        let url = try TestProxy.setting("AUTH_URL")
        let password = try XCTUnwrap(URL(string: url)?.password)
        let wrong = url.replacingOccurrences(of: password, with: "not-" + password)
        let config = try swiftCluster("proxied", proxy: url) + swiftCluster("wrongproxy", proxy: wrong)
        let container = "objsh-proxy-" + UUID().uuidString.prefix(8).lowercased()
        let runs = [
            try ObjshRun.run(
                ["--cluster", "proxied", "--debug", "-c", "mkdir \(container)\nls\nrm -r \(container)"], config: config,
                home: home),
            try ObjshRun.run(["--cluster", "wrongproxy", "--debug", "-c", "ls"], config: config, home: home),
            try ObjshRun.run(["--cluster", "env", "--debug", "-c", "ls"], home: home, extraEnvironment: ["http_proxy": url]),
            try ObjshRun.run(["--cluster", "env", "--debug", "-c", "ls"], home: home, extraEnvironment: ["ALL_PROXY": wrong]),
        ]
        XCTAssertEqual(runs.map(\.status), [0, 77, 0, 77], runs.map(\.errors).joined(separator: "\n"))
        XCTAssertTrue(runs[0].errors.contains(" via http://<redacted>@127.0.0.1:"), runs[0].errors)
        XCTAssertTrue(runs[0].output.contains(container), runs[0].output)
        for run in runs {
            XCTAssertFalse((run.output + run.errors).contains(password), "the proxy password was printed:\n\(run.errors)")
        }
        print("proxy secrets: \(runs.map { ($0.output + $0.errors).utf8.count }.reduce(0, +)) bytes checked, 0 passwords seen")
    }

    /// An S3 cluster over HTTPS (the s3api behind the TLS terminator) through the proxy that wants credentials.
    func testS3OverHTTPSGoesThroughACONNECTTunnel() throws {
        let environment = ObjshRun.environment
        guard let endpoint = environment["OBJSH_TEST_TLS_S3_ENDPOINT"], let ca = environment["OBJSH_TEST_TLS_CA"],
            let access = environment["OBJSH_TEST_S3_ACCESS_KEY"], let secret = environment["OBJSH_TEST_S3_SECRET_KEY"]
        else {
            throw XCTSkip("no S3 over TLS: OBJSH_TEST_TLS_S3_ENDPOINT/OBJSH_TEST_S3_* are unset; run the README's test command")
        }
        let url = try TestProxy.setting("AUTH_URL")
        let log = try TestProxy.setting("AUTH_LOG")
        let config = """
            [cluster s3proxied]
            type = s3
            endpoint = \(endpoint)
            access_key = \(access)
            secret_key = \(secret)
            cacert = \(ca)
            proxy = \(url)
            """
        let before = try TestProxy.requests(in: log).count
        let run = try ObjshRun.run(["--cluster", "s3proxied", "--debug", "-c", "ls"], config: config, home: home)
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertFalse((run.output + run.errors).contains(try XCTUnwrap(URL(string: url)?.password)), run.errors)
        let port = try XCTUnwrap(URL(string: endpoint)?.port)
        XCTAssertEqual(Set(try TestProxy.requests(in: log).dropFirst(before)), ["CONNECT 127.0.0.1:\(port) HTTP/1.1"])
    }

    func testWrongProxyCredentialsAreOneLineNamingTheProxy() throws {
        let url = try TestProxy.setting("AUTH_URL")
        let password = try XCTUnwrap(URL(string: url)?.password)
        let refused = try ObjshRun.run(
            ["-q", "--cluster", "env", "-c", "ls"], home: home,
            extraEnvironment: ["http_proxy": url.replacingOccurrences(of: password, with: "wrong")])
        XCTAssertEqual(refused.status, 77, refused.errors)
        XCTAssertEqual(refused.errors.split(separator: "\n").count, 1, refused.errors)
        let port = try XCTUnwrap(URL(string: url)?.port)
        XCTAssertTrue(refused.errors.contains("proxy http://<redacted>@127.0.0.1:\(port) refused"), refused.errors)
        XCTAssertFalse(refused.errors.contains("unreachable"), refused.errors)
        // No credentials at all: tinyproxy's 407.
        let anonymous = try ObjshRun.run(
            ["-q", "--cluster", "env", "-c", "ls"], home: home, extraEnvironment: ["http_proxy": "http://127.0.0.1:\(port)"])
        XCTAssertEqual(anonymous.status, 77, anonymous.errors)
        XCTAssertTrue(anonymous.errors.contains("proxy http://127.0.0.1:\(port) asks for credentials (407"), anonymous.errors)
    }

    func testAServerTheProxyCannotReachIsTheProxysRefusal() throws {
        let proxy = try TestProxy.setting("URL")
        let config = """
            [cluster gone]
            type = swift
            storage_url = http://127.0.0.1:1/v1/AUTH_x
            token = t
            proxy = \(proxy)
            """
        let refused = try ObjshRun.run(["-q", "--cluster", "gone", "-c", "ls"], config: config, home: home)
        XCTAssertEqual(refused.status, 69, refused.errors)
        XCTAssertEqual(refused.errors.split(separator: "\n").count, 1, refused.errors)
        XCTAssertTrue(refused.errors.contains("proxy \(proxy) refused to open a connection to 127.0.0.1:1 (HTTP "), refused.errors)
    }

    func testAClosedProxyPortIsTheProxyUnavailableNotTheServer() throws {
        let refused = try ObjshRun.run(
            ["-q", "--cluster", "env", "-c", "ls"], home: home, extraEnvironment: ["http_proxy": "http://ann:hidden@127.0.0.1:9"])
        XCTAssertEqual(refused.status, 69, refused.errors)
        XCTAssertEqual(refused.errors.split(separator: "\n").count, 1, refused.errors)
        XCTAssertTrue(refused.errors.contains("proxy http://<redacted>@127.0.0.1:9"), refused.errors)
        XCTAssertFalse(refused.errors.contains("server unreachable") || refused.errors.contains("hidden"), refused.errors)
    }

    /// Keystone's sign-in and the storage requests each take the proxy `NO_PROXY` gives their host.
    func testKeystoneSignInTakesTheProxyItsHostIsGiven() throws {
        let proxy = try TestProxy.setting("URL")
        let log = try TestProxy.setting("LOG")
        let keystone = try XCTUnwrap(URL(string: try KeystoneShellTests.value("AUTH_URL"))?.port)
        let swift = try KeystoneShellTests.value("SWIFT_PORT")
        func tunnels(_ extra: [String: String]) throws -> [String] {
            let before = try TestProxy.requests(in: log).count
            let run = try ObjshRun.run(
                ["-q", "--cluster", "env", "-c", "ls"], home: home,
                extraEnvironment: try KeystoneShellTests.openrc().merging(extra) { $1 })
            XCTAssertEqual(run.status, 0, run.errors)
            return Array(Set(try TestProxy.requests(in: log).dropFirst(before))).sorted()
        }
        let both = try tunnels(["http_proxy": proxy])
        // Sorted as `tunnels` sorts them: which port is lower depends on the ports given.
        XCTAssertEqual(both, ["CONNECT 127.0.0.1:\(keystone) HTTP/1.1", "CONNECT 127.0.0.1:\(swift) HTTP/1.1"].sorted())
        let storageOnly = try tunnels(["http_proxy": proxy, "NO_PROXY": "localhost,127.0.0.1:\(keystone)"])
        XCTAssertEqual(storageOnly, ["CONNECT 127.0.0.1:\(swift) HTTP/1.1"])
        XCTAssertEqual(try tunnels(["http_proxy": proxy, "no_proxy": "127.0.0.1"]), [])
    }
}
