import FaultProxyHarness
import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SecretsTests {
    /// Every command of the command table at `--debug`, under auth v1, Keystone v3 by
    /// password and by application credential, SigV4 with a session token and a proxy
    /// that wants a password, and in each verb's error path (a wrong key, an unreachable
    /// server, a redirect to another host): no secret in any byte, in any form.
    func testNoSecretAtAnyVerb() throws {
        let second = try HeaderLog()
        let failures = try VerbSecrets.failures(second: second)
        let server = try ObjshRun.server()
        let swift = VerbSecrets(name: "env", config: "", secrets: [server.key, try ServerByHand.login().token], isSwift: true)
        let cases = [swift] + (try VerbSecrets.signIns()) + failures.cases
        try writeConfig(Array(Set(cases.map(\.config))).sorted().joined(separator: "\n") + "[cluster files]\ntype = file\npath = \(home)/store\n")
        let seed = home + "/seed/dir"
        for folder in [seed, home + "/store"] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        for name in ["a.txt", "b.txt"] { try Data("plain\n".utf8).write(to: URL(fileURLWithPath: seed + "/" + name)) }
        nonisolated(unsafe) var texts = [Result<String, any Error>?](repeating: nil, count: cases.count)
        let home = home
        DispatchQueue.concurrentPerform(iterations: cases.count) { index in
            texts[index] = Result { try Self.runTable(cases[index], seed: seed, home: home) }
        }
        let outputs = try texts.map { try XCTUnwrap($0).get() }
        // `share --set-key` stored a Temp-URL key on the auth v1 account: it is a secret too.
        let tempURLKey = try Self.tempURLKey()
        var found = 0
        for (secrets, text) in zip(cases, outputs) {
            let leaks = secrets.found(in: text) + VerbSecrets.forms(of: tempURLKey).filter { text.contains($0) }
            found += leaks.count
            XCTAssertEqual(leaks, [], "\(secrets.name): a secret was printed:\n\(text)")
            XCTAssertTrue(text.contains("debug: ") && text.contains(secrets.proof), "\(secrets.name): not \(secrets.proof):\n\(text)")
        }
        XCTAssertEqual(second.credentialHeaders, [], "a credential reached the host a redirect named")
        XCTAssertTrue(failures.proxies.allSatisfy { !$0.injected.isEmpty }, "\(failures.proxies.map(\.injected))")
        let scanned = outputs.map(\.utf8.count).reduce(0, +)
        print("secrets at every verb: \(found) secrets found in \(scanned) bytes over \(cases.count) sign-ins and failures")
    }

    /// The whole command table on `secrets`' cluster at `--debug`; both streams as one text.
    static func runTable(_ secrets: VerbSecrets, seed: String, home: String) throws -> String {
        let script = VerbScripts(
            container: secrets.container, local: home + "/work-" + secrets.name,
            seed: seed, object: "a.txt", cluster: secrets.start, isSwift: secrets.isSwift, remote: secrets.remote)
        try FileManager.default.createDirectory(atPath: script.local, withIntermediateDirectories: true)
        let arguments = ["--on-error", "continue", "--debug", "--progress", "--cluster", secrets.start, "-c", script.lines.joined(separator: "\n")]
        let run = try RawRun.run(arguments, environment: ObjshRun.environment(home: home, server: try ObjshRun.server()), terminal: false)
        return String(decoding: run.output + run.errors, as: UTF8.self)
    }

    /// The auth v1 account's Temp-URL key, read by hand.
    static func tempURLKey() throws -> String {
        let session = try ServerByHand.login()
        var request = URLRequest(url: try XCTUnwrap(URL(string: session.storageURL)))
        request.httpMethod = "HEAD"
        request.setValue(session.token, forHTTPHeaderField: "X-Auth-Token")
        let (_, account) = try ServerByHand.fetch(request)
        return try XCTUnwrap(account.value(forHTTPHeaderField: "X-Account-Meta-Temp-Url-Key"), "share --set-key stored no key")
    }

    func writeConfig(_ config: String) throws {
        try FileManager.default.createDirectory(atPath: home + "/config/objsh", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: home + "/config/objsh/config", contents: Data(config.utf8), attributes: [.posixPermissions: 0o600])
    }
}
