import FaultProxyHarness
import Foundation
import XCTest

/// The built objsh signing in to the real Keystone over HTTPS (`scripts/tls-server` in
/// front of it): trusted by `OS_CACERT` or clouds.yaml's `cacert`, with clouds.yaml's
/// `cert`/`key` where Keystone wants a client certificate, and through a proxy.
final class KeystoneTLSShellTests: XCTestCase {
    private var home = ""

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-kstls-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    /// `OBJSH_TEST_TLS_<name>` from `scripts/tls-server`'s env; skips without it.
    private static func tls(_ name: String) throws -> String {
        guard let value = ObjshRun.environment["OBJSH_TEST_TLS_" + name], !value.isEmpty else {
            throw XCTSkip("no TLS terminator: OBJSH_TEST_TLS_\(name) is unset; run the README's test command")
        }
        return value
    }

    private func ls(_ extra: [String: String]) throws -> ObjshRun {
        var environment = try KeystoneShellTests.openrc()
        environment["OS_AUTH_URL"] = try Self.tls("KEYSTONE_URL")
        return try ObjshRun.run(["-q", "--cluster", "env", "-c", "ls"], home: home, extraEnvironment: environment.merging(extra) { $1 })
    }

    func testAnOpenrcSignsInOverHTTPSTrustingOSCACERT() throws {
        let refused = try ls([:])
        XCTAssertEqual(refused.status, 77, refused.errors)
        XCTAssertTrue(refused.errors.contains("unknown authority") && refused.errors.contains("OS_CACERT"), refused.errors)
        let signedIn = try ls(["OS_CACERT": try Self.tls("CA")])
        XCTAssertEqual(signedIn.status, 0, signedIn.errors)
    }

    /// The sign-in over HTTPS through the proxy is a CONNECT to Keystone's TLS port.
    func testTheHTTPSSignInGoesThroughTheProxy() throws {
        let log = try TestProxy.setting("LOG")
        let port = try XCTUnwrap(URL(string: try Self.tls("KEYSTONE_URL"))?.port)
        let before = try TestProxy.requests(in: log).count
        let run = try ls(["OS_CACERT": try Self.tls("CA"), "https_proxy": try TestProxy.setting("URL")])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(Set(try TestProxy.requests(in: log).dropFirst(before)), ["CONNECT 127.0.0.1:\(port) HTTP/1.1"])
    }

    /// clouds.yaml's `cacert` trusts the CA, and its `cert`/`key` answer a Keystone that asks for a client certificate.
    func testCloudsYAMLCacertCertAndKeyAreHonoured() throws {
        let folder = home + "/config/openstack"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        func cloud(_ name: String, url: String, tls: [String]) throws -> String {
            """
              \(name):
                auth:
                  auth_url: \(url)
                  username: \(try KeystoneShellTests.value("USER"))
                  password: '\(try KeystoneShellTests.value("PASSWORD"))'
                  project_name: \(try KeystoneShellTests.value("PROJECT"))
                  user_domain_name: Default
                  project_domain_name: Default
                identity_api_version: 3
            \(tls.map { "    " + $0 }.joined(separator: "\n"))

            """
        }
        let (url, clientURL, ca) = (try Self.tls("KEYSTONE_URL"), try Self.tls("CLIENT_CERT_KEYSTONE_URL"), try Self.tls("CA"))
        let client = ["cert: \(try Self.tls("CLIENT_CERT"))", "key: \(try Self.tls("CLIENT_KEY"))"]
        let clouds =
            try "clouds:\n" + cloud("trusted", url: url, tls: ["cacert: \(ca)"]) + cloud("untrusted", url: url, tls: [])
            + cloud("withcert", url: clientURL, tls: ["cacert: \(ca)"] + client)
            + cloud("withoutcert", url: clientURL, tls: ["cacert: \(ca)"])
        try clouds.write(toFile: folder + "/clouds.yaml", atomically: true, encoding: .utf8)
        let statuses = try ["trusted", "untrusted", "withcert", "withoutcert"].map { name in
            try ObjshRun.run(["-q", "--cluster", name, "-c", "ls"], home: home)
        }
        XCTAssertEqual(statuses.map(\.status), [0, 77, 0, 77], statuses.map(\.errors).joined(separator: "\n"))
        XCTAssertTrue(statuses[1].errors.contains("unknown authority"), statuses[1].errors)
        XCTAssertTrue(statuses[3].errors.contains("client certificate"), statuses[3].errors)
    }
}
