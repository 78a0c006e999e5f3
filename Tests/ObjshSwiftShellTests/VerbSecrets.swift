import FaultProxyHarness
import Foundation
import XCTest

/// One way of signing in, for SecretsTests' run of the whole command table at `--debug`:
/// the config that sets it up and every secret it holds, none of which may show.
struct VerbSecrets {
    var name: String
    var config: String
    var secrets: [String]
    /// A secret a share link must carry to work (an S3 session token): allowed inside the
    /// printed link alone.
    var linkSecrets: [String] = []
    /// Words the output holds when the path was really taken.
    var proof = "uploaded dir/a.txt"
    var isSwift = false
    /// The cluster the script starts on and the `CLUSTER:` before its remote paths: a
    /// cluster that fails to open is reached through `files`, command by command.
    var start: String { remote.isEmpty ? name : "files" }
    var remote = ""
    /// The container the script makes and removes.
    var container = "secrets" + String(UInt32.random(in: 0...UInt32.max), radix: 36)

    /// Every form of `secret` that could carry it: as it is, base64 (a Basic header) and
    /// percent-encoded (a query or a URL's user part).
    static func forms(of secret: String) -> [String] {
        let encoded = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? secret
        return Array(Set([secret, Data(secret.utf8).base64EncodedString(), encoded]))
    }

    /// The secrets found in `text` (goal: none); a link secret inside a signed link is not one.
    func found(in text: String) -> [String] {
        let outsideLinks = text.split(separator: "\n").map { line in
            line.split(separator: " ").filter { !$0.contains("X-Amz-Signature=") }.joined(separator: " ")
        }.joined(separator: "\n")
        return (secrets.flatMap(Self.forms).filter { text.contains($0) })
            + (linkSecrets.flatMap(Self.forms).filter { outsideLinks.contains($0) })
    }

    /// A Swift auth v1 section on the test server.
    static func swift(_ name: String, key: String, extra: String = "") throws -> String {
        let server = try ObjshRun.server()
        return "[cluster \(name)]\ntype = swift\nauth_url = \(server.auth)\nuser = \(server.user)\nkey = \(key)\n\(extra)\n"
    }

    /// Keystone v3 by password and by application credential, SigV4 with a session token,
    /// auth v1 through a proxy that wants a password.
    static func signIns() throws -> [VerbSecrets] {
        let keystone = try KeystoneShellTests.config() + "\n"
        let environment = ProcessInfo.processInfo.environment
        guard let moto = environment["OBJSH_TEST_MOTO_ENDPOINT"], let access = environment["OBJSH_TEST_MOTO_ACCESS_KEY"],
            let secret = environment["OBJSH_TEST_MOTO_SECRET_KEY"]
        else { throw XCTSkip("no moto: OBJSH_TEST_MOTO_* are unset") }
        let session = "IQoJb3JpZ2luX2VjEXAMPLE-session-5ecret-token"
        let proxy = try TestProxy.setting("AUTH_URL")
        let proxyPassword = try XCTUnwrap(URL(string: proxy)?.password)
        return [
            VerbSecrets(
                name: "ksnames", config: keystone, secrets: [try KeystoneShellTests.value("PASSWORD"), "gAAAAA"],
                proof: "password=<redacted>"),
            VerbSecrets(
                name: "kscred", config: keystone, secrets: [try KeystoneShellTests.value("APPCRED_SECRET"), "gAAAAA"],
                proof: "secret=<redacted>"),
            VerbSecrets(
                name: "motosession",
                config: "[cluster motosession]\ntype = s3\nendpoint = \(moto)\naccess_key = \(access)\nsecret_key = \(secret)\n"
                    + "session_token = \(session)\n",
                secrets: [secret], linkSecrets: [session], proof: "X-Amz-Security-Token="),
            VerbSecrets(
                name: "proxied", config: try swift("proxied", key: try ObjshRun.server().key, extra: "proxy = \(proxy)"),
                secrets: [try ObjshRun.server().key, proxyPassword, "objsh:" + proxyPassword], proof: " via http://<redacted>@"),
        ]
    }

    /// Each verb's error path, behind a proxy that faults every request inside the
    /// script's container (the account's listing at the start goes through): a 401 that
    /// makes objsh sign in again with a wrong key, a redirect to `second` (refused); and an
    /// unreachable server, which no cluster opens, reached through `CLUSTER:` operands.
    static func failures(second: HeaderLog) throws -> (cases: [VerbSecrets], proxies: [FaultProxy]) {
        let wrong = "wrong-key-5ecret-at-every-verb"
        let token = "AUTH_tk5ecret-at-every-verb"
        let live = try ServerByHand.login().token
        let server = try ObjshRun.server()
        var cases: [VerbSecrets] = []
        var proxies: [FaultProxy] = []
        for (name, kind) in [("wrongkey", "401"), ("redirected", "redirect-307")] {
            let proof = kind == "401" ? "refused user \(server.user): wrong user or key" : "objsh does not send credentials to another host"
            var failing = VerbSecrets(name: name, config: "", secrets: [wrong, live], proof: proof)
            // Each rule fires once: one for every request the script can make.
            let rules = Array(repeating: (kind: kind, text: "/v1/AUTH_test/" + failing.container), count: 400)
            let proxy = try FaultProxy(upstreamPort: try FaultProxy.upstreamPort(), faults: .on(rules), redirect: second.base)
            let base = "http://127.0.0.1:\(proxy.port)"
            failing.config =
                "[cluster \(name)]\ntype = swift\nauth_url = \(base)/auth/v1.0\nuser = \(server.user)\nkey = \(wrong)\n"
                + "storage_url = \(base)/v1/AUTH_test\ntoken = \(live)\n"
            cases.append(failing)
            proxies.append(proxy)
        }
        cases.append(
            VerbSecrets(
                name: "unreachable",
                config: "[cluster unreachable]\ntype = swift\nstorage_url = http://127.0.0.1:1/v1/AUTH_x\n"
                    + "token = \(token)\n", secrets: [token], proof: "cannot connect to 127.0.0.1:1", remote: "unreachable:"))
        return (cases, proxies)
    }
}
