import FaultProxyHarness
import Foundation
import XCTest

/// The real binary meets servers that redirect, bent by `scripts/fault-proxy` in front
/// of the real Swift (auth v1 and s3api) and Keystone servers. A redirect to a second
/// host (a `HeaderLog` on 127.0.0.2), or from https to http, ends in one line naming
/// both hosts and exit 69, and the second host hears nothing, no credential least of
/// all; a redirect within the server is followed, and a loop ends.
final class RedirectShellTests: XCTestCase {
    private var home = ""

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-redirect-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    /// The case: a storage URL and a token, every request redirected elsewhere.
    func testStorageURLRedirectToAnotherHostIsRefused() throws {
        for kind in ["redirect-301", "redirect-302", "redirect-307"] {
            let second = try HeaderLog()
            let proxy = try FaultProxy(
                upstreamPort: try FaultProxy.upstreamPort(), faults: .random(share: 1, seed: 1, kinds: [kind]), redirect: second.base)
            let config = """
                [cluster r]
                type = swift
                storage_url = http://127.0.0.1:\(proxy.port)/v1/AUTH_test
                token = AUTH_tk-redirect-secret
                """
            let run = try ObjshRun.run(["-q", "--cluster", "r", "-c", "ls /"], config: config, home: home)
            assertRefused(run, "redirected from 127.0.0.1:\(proxy.port) to \(hostPort(second))", second: second, case: "swift storage URL, \(kind)")
            XCTAssertFalse(run.errors.contains("tk-redirect-secret"), run.errors)
        }
    }

    func testAuthV1SignInRedirectToAnotherHostIsRefused() throws {
        let second = try HeaderLog()
        let proxy = try FaultProxy(
            upstreamPort: try FaultProxy.upstreamPort(), faults: .on([("redirect-301", "GET /auth/")]), redirect: second.base)
        let run = try proxy.objsh("ls /", home: home, readTimeout: 5)
        assertRefused(run, "redirected from 127.0.0.1:\(proxy.port) to \(hostPort(second))", second: second, case: "swift auth v1")
    }

    /// The new Temp-URL key goes in the POST's headers: a redirect of that POST is refused
    /// (the proxy answers it, so the account keeps its key).
    func testTempURLKeyIsNotSentToAnotherHost() throws {
        let second = try HeaderLog()
        let proxy = try FaultProxy(
            upstreamPort: try FaultProxy.upstreamPort(), faults: .on([("redirect-307", "POST /v1/AUTH_test")]), redirect: second.base)
        let run = try proxy.objsh("share --set-key", home: home, readTimeout: 5)
        XCTAssertEqual(proxy.injected, ["redirect-307"], "\(proxy.log)")
        assertRefused(run, "redirected from 127.0.0.1:\(proxy.port) to \(hostPort(second))", second: second, case: "swift temp-url key")
    }

    func testHTTPSToPlainHTTPIsRefused() throws {
        guard let ca = ObjshRun.environment["OBJSH_TEST_TLS_CA"] else { throw XCTSkip("no TLS test CA: OBJSH_TEST_TLS_CA is unset") }
        let pki = URL(fileURLWithPath: ca).deletingLastPathComponent().path
        let second = try HeaderLog()
        let proxy = try FaultProxy(
            upstreamPort: try FaultProxy.upstreamPort(), faults: .on([("redirect-302", "GET /auth/")]), redirect: second.base,
            tls: (pki + "/server.pem", pki + "/server.key"))
        let server = try ObjshRun.server()
        let config = """
            [cluster tls]
            type = swift
            auth_url = https://127.0.0.1:\(proxy.port)/auth/v1.0
            user = \(server.user)
            key = \(server.key)
            cacert = \(ca)
            """
        let run = try ObjshRun.run(["-q", "--cluster", "tls", "-c", "ls /"], config: config, home: home)
        let words = "redirected from https://127.0.0.1:\(proxy.port) to http://\(hostPort(second)): objsh does not follow https to plain http"
        assertRefused(run, words, second: second, case: "https to http, auth v1")
    }

    func testS3RedirectToAnotherHostIsRefused() throws {
        let environment = ObjshRun.environment
        guard let endpoint = environment["OBJSH_TEST_S3_ENDPOINT"], let access = environment["OBJSH_TEST_S3_ACCESS_KEY"],
            let secret = environment["OBJSH_TEST_S3_SECRET_KEY"], let upstream = FaultProxy.port(of: endpoint)
        else { throw XCTSkip("no S3 server: OBJSH_TEST_S3_* are unset; run the README's test command") }
        let second = try HeaderLog()
        let proxy = try FaultProxy(upstreamPort: upstream, faults: .on([("redirect-307", "GET /")]), redirect: second.base)
        let config = """
            [cluster s3r]
            type = s3
            endpoint = http://127.0.0.1:\(proxy.port)
            access_key = \(access)
            secret_key = \(secret)
            session_token = session-redirect-secret
            """
        let run = try ObjshRun.run(["-q", "--cluster", "s3r", "-c", "ls /"], config: config, home: home)
        assertRefused(run, "redirected from 127.0.0.1:\(proxy.port) to \(hostPort(second))", second: second, case: "s3api")
    }

    func testKeystoneSignInRedirectToAnotherHostIsRefused() throws {
        let authURL = try KeystoneShellTests.value("AUTH_URL")
        let upstream = try XCTUnwrap(FaultProxy.port(of: authURL))
        let second = try HeaderLog()
        let proxy = try FaultProxy(
            upstreamPort: upstream, faults: .on([("redirect-307", "POST /v3/auth/tokens")]), redirect: second.base)
        let config = try KeystoneShellTests.passwordCluster("ks", authURL: "http://127.0.0.1:\(proxy.port)/v3")
        let run = try ObjshRun.run(["-q", "--cluster", "ks", "-c", "ls /"], config: config, home: home)
        assertRefused(run, "redirected from 127.0.0.1:\(proxy.port) to \(hostPort(second))", second: second, case: "keystone v3 sign-in")
    }

    /// Within the server a redirect is followed, an upload's body sent again whole.
    func testSameOriginRedirectsAreFollowed() throws {
        let container = "redirect-" + UUID().uuidString.prefix(8).lowercased()
        try Data("hello through a redirect\n".utf8).write(to: URL(fileURLWithPath: home + "/hello.txt"))
        let proxy = try FaultProxy(
            faults: .on([
                ("redirect-self", "GET /auth/"), ("redirect-self", "PUT /v1/AUTH_test/\(container)/hello.txt"),
                ("redirect-self", "GET /v1/AUTH_test/\(container)/hello.txt"),
            ]))
        let script = "mkdir \(container)\ncd \(container)\nupload \(home)/hello.txt\ncat hello.txt\ncd /\nrm -r \(container)"
        let run = try proxy.objsh(script, home: home, readTimeout: 5)
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.output.contains("hello through a redirect\n"), run.output)
        XCTAssertEqual(proxy.injected, ["redirect-self", "redirect-self", "redirect-self"], "\(proxy.log)")
    }

    func testARedirectLoopEnds() throws {
        let proxy = try FaultProxy(faults: .on(Array(repeating: ("redirect-self", "GET /v1/AUTH_test?"), count: 10)))
        let run = try proxy.objsh("ls /", home: home, readTimeout: 5)
        let target = "127.0.0.1:\(proxy.port)"
        XCTAssertEqual(run.status, 69, run.errors)
        XCTAssertEqual(run.errors.split(separator: "\n").count, 1, run.errors)
        XCTAssertTrue(run.errors.contains("redirected more than 5 times, last from \(target) to \(target): a redirect loop"), run.errors)
        XCTAssertEqual(proxy.injected.count, 6, "the first try and five redirects: \(proxy.log)")
    }

    private func hostPort(_ second: HeaderLog) -> String { "127.0.0.2:\(second.port)" }

    /// One line holding `words` (the other-host ending unless `words` has its own), exit
    /// 69, and nothing at all reached the second host.
    private func assertRefused(
        _ run: ObjshRun, _ words: String, second: HeaderLog, case name: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let expected = words.contains(": objsh ") ? words : words + ": objsh does not send credentials to another host"
        XCTAssertEqual(run.status, 69, "\(name): \(run.errors)", file: file, line: line)
        XCTAssertEqual(run.errors.split(separator: "\n").count, 1, "\(name): \(run.errors)", file: file, line: line)
        XCTAssertTrue(run.errors.contains(expected), "\(name): \(run.errors)", file: file, line: line)
        XCTAssertEqual(second.requests, [], "\(name): the second host was sent \(second.lines)", file: file, line: line)
        print("redirect case \(name): credential headers at the second host: \(second.credentialHeaders.count)")
        XCTAssertEqual(second.credentialHeaders, [], name, file: file, line: line)
    }
}
