import FaultProxyHarness
import Foundation
import XCTest

/// Hostile answers from the other servers: Keystone's sign-in answer bent by
/// `scripts/fault-proxy` in front of the real Keystone, Ceph RGW's S3 listings bent the
/// same way, and a Swift listing bent behind a real TLS terminator (`scripts/tls-front`,
/// haproxy in front of the fault proxy). Each ends in one line, soon, in bounded memory.
extension HostileAnswerTests {
    func testKeystoneSignInAnswersThatNoKeystoneSendsEndInOneLine() throws {
        let cases = [
            ("huge", "sent an answer over"), ("endless", "sent an answer over"), ("huge-headers", "header"),
            ("short-body", "closed the connection in the middle of an answer"),
            ("long-body", "Keystone's token answer is not the JSON of a v3 token"),
            // A sign-in (a POST) is not tried again: the 503 is told at once, nothing slept.
            ("retry-year", "server error 503: Keystone: slow down"),
        ]
        for (kind, words) in cases {
            let proxy = try FaultProxy(
                upstreamPort: try XCTUnwrap(FaultProxy.port(of: try KeystoneShellTests.value("AUTH_URL"))),
                faults: .on(Array(repeating: (kind, "POST /v3/auth/tokens"), count: 10)))
            let run = try measured(try KeystoneShellTests.passwordCluster("c", authURL: "http://127.0.0.1:\(proxy.port)/v3"), "ls /")
            expectOneLineError(run, words, case: "Keystone sign-in, \(kind)")
            XCTAssertEqual(proxy.injected.first, kind, "\(proxy.log)")
        }
    }

    func testRGWListingsThatNoServerSendsEndInOneLine() throws {
        let rgw = try rgwBucket()
        let cases: [(FaultProxy.Faults, String, String)] = [
            // RGW checks the signed query that ignore-marker would change: the page comes back instead.
            (
                .on(Array(repeating: ("repeat-page", "GET /\(rgw.bucket)?"), count: 10)), "the listing of \(rgw.bucket) does not advance past c",
                "marker ignored"
            ),
            (.on([("laughs", "GET /\(rgw.bucket)?")]), "invalid answer from the server: the answer declares a DOCTYPE", "laughs"),
            (.on([("external", "GET /\(rgw.bucket)?")]), "invalid answer from the server: the answer declares a DOCTYPE", "external"),
            (.on([("huge", "GET /\(rgw.bucket)?")]), "sent an answer over", "huge body"),
            (.on([("endless", "GET /\(rgw.bucket)?")]), "sent an answer over", "endless body"),
        ]
        for (faults, words, name) in cases {
            let proxy = try FaultProxy(upstreamPort: rgw.port, faults: faults, keepHost: true)
            let run = try measured(rgw.config.replacingOccurrences(of: "PORT", with: String(proxy.port)), "ls /\(rgw.bucket)")
            expectOneLineError(run, words, case: "RGW S3 \(name)")
            XCTAssertLessThanOrEqual(proxy.log.filter { $0.contains("GET /\(rgw.bucket)?") }.count, 4, "no loop: \(proxy.log)")
        }
    }

    /// haproxy terminates TLS in front of the fault proxy, which bends the Swift server's
    /// answers: the bound holds over TLS too.
    func testHostileListingsBehindTheTLSTerminatorEndInOneLine() throws {
        guard let ca = ObjshRun.environment["OBJSH_TEST_TLS_CA"] else { throw XCTSkip("no TLS test CA: OBJSH_TEST_TLS_CA is unset") }
        try ServerByHand.seed(Self.seeded, count: 5_000, flat: true)
        let cases: [(FaultProxy.Faults, String, String)] = [
            (.on([("endless", "GET /v1/AUTH_test/\(Self.seeded)?")]), "sent an answer over", "endless body"),
            (.on([("huge", "GET /v1/AUTH_test/\(Self.seeded)?")]), "sent an answer over", "huge body"),
            (.random(share: 1, seed: 1, kinds: ["ignore-marker"]), "does not advance past o004999.txt", "marker ignored"),
        ]
        for (faults, words, name) in cases {
            let proxy = try FaultProxy(faults: faults)
            let front = try TLSFront(upstreamPort: proxy.port, certificateAuthority: ca)
            expectOneLineError(try measured(try swift(behind: front, ca: ca), "ls /\(Self.seeded)"), words, case: "TLS, Swift \(name)")
            XCTAssertFalse(proxy.injected.isEmpty, "the fault went through haproxy: \(proxy.log)")
        }
        // A download whose Content-Length lies, either way: haproxy passes what it was told.
        for kind in ["short-body", "long-body"] {
            let proxy = try FaultProxy(faults: .on(Array(repeating: (kind, "GET /v1/AUTH_test/\(Self.seeded)/o000001.txt"), count: 10)))
            let front = try TLSFront(upstreamPort: proxy.port, certificateAuthority: ca)
            let target = home + "/tls-\(kind)"
            let run = try measured(try swift(behind: front, ca: ca), "get /\(Self.seeded)/o000001.txt \(target)")
            expectOneLineError(run, "bytes (Content-Length) of a range of 9 (bytes 0-8/9)", case: "TLS, Swift get, \(kind)")
            expectNothingAt(target)
        }
    }

    /// The test Swift server as objsh reaches it through `front`, trusting `ca`.
    func swift(behind front: TLSFront, ca: String) throws -> String {
        let server = try ObjshRun.server()
        return
            "[cluster c]\ntype = swift\nauth_url = https://127.0.0.1:\(front.port)/auth/v1.0\nuser = \(server.user)\nkey = \(server.key)\ncacert = \(ca)\n"
    }

    // MARK: - Helpers

    /// A bucket on RGW with three objects, `a` to `c`, put by objsh; it goes when the test
    /// ends. The config's endpoint port is `PORT`, for the proxy's.
    func rgwBucket() throws -> (bucket: String, port: Int, config: String) {
        let environment = ObjshRun.environment
        guard let endpoint = environment["OBJSH_TEST_RGW_ENDPOINT"], let port = FaultProxy.port(of: endpoint),
            let access = environment["OBJSH_TEST_RGW_ACCESS_KEY"], let secret = environment["OBJSH_TEST_RGW_SECRET_KEY"]
        else { throw XCTSkip("no Ceph RGW: OBJSH_TEST_RGW_* are unset") }
        let region = environment["OBJSH_TEST_RGW_REGION"] ?? "us-east-1"
        let config = "[cluster c]\ntype = s3\nendpoint = http://127.0.0.1:PORT\nregion = \(region)\naccess_key = \(access)\nsecret_key = \(secret)\n"
        for name in ["a", "b", "c"] { try Data(name.utf8).write(to: URL(fileURLWithPath: home + "/" + name)) }
        let direct = config.replacingOccurrences(of: "PORT", with: String(port))
        let made = try ObjshRun.run(
            ["-q", "--cluster", "c", "-c", "mkdir \(bucket)\ncd /\(bucket)\nupload \(home)/a\nupload \(home)/b\nupload \(home)/c"],
            config: direct, home: home + "/seeding")
        XCTAssertEqual(made.status, 0, made.errors)
        let (bucket, home) = (bucket, home)
        addTeardownBlock { _ = try? ObjshRun.run(["-q", "--cluster", "c", "-c", "rm -r -f /\(bucket)"], config: direct, home: home + "/seeding") }
        return (bucket, port, config)
    }
}
