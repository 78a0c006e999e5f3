import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SecretsTests {
    /// A Keystone cluster's Temp-URL key (the Swift proxy that signs users in through
    /// Keystone, its account the project's): `share --set-key` stores one, `share` signs
    /// links with it, `info /` reads the account, all at `--debug`, by password
    /// and by application credential, and in error paths. The key, read by hand after,
    /// is in no byte of any output, in any form; the links work.
    func testNoKeystoneTempURLKeyInAnyOutput() throws {
        let container = "kstempurl" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
        try Data("shared\n".utf8).write(to: URL(fileURLWithPath: home + "/shared.txt"))
        let file = "/\(container)/shared.txt"
        let scripts = [
            [
                "mkdir \(container)", "cd /\(container)", "upload \(home)/shared.txt", "share --set-key", "share \(file)",
                "share --json --put /\(container)/up.bin", "share --expires 1m \(file)", "info /", "info --json /",
                "meta \(file)", "info \(file)", "share /\(container)/nope.txt", "share --expires never \(file)",
            ],
            ["share \(file)", "share --json \(file)", "info /", "ls -l /"],
        ]
        var outputs: [String] = []
        for (cluster, lines) in zip(["ksnames", "kscred"], scripts) {
            let run = try ObjshRun.run(
                ["--debug", "--on-error", "continue", "--cluster", cluster, "-c", lines.joined(separator: "\n")],
                config: try KeystoneShellTests.config(), home: home)
            outputs.append(run.output + run.errors)
        }
        let home = home
        addTeardownBlock {
            _ = try? ObjshRun.run(
                ["-q", "--cluster", "ksnames", "-c", "rm -r -f /\(container)"], config: try KeystoneShellTests.config(), home: home)
        }
        let key = try Self.keystoneTempURLKey()
        // The first link (ksnames' share of the file) works without credentials.
        let link = try XCTUnwrap(outputs[0].split(separator: "\n").first { $0.hasPrefix("http") && $0.contains("temp_url_sig=") }, outputs[0])
        let (body, answer) = try ServerByHand.fetch(URLRequest(url: try XCTUnwrap(URL(string: String(link)))))
        XCTAssertEqual(answer.statusCode, 200, String(link))
        XCTAssertEqual(String(decoding: body, as: UTF8.self), "shared\n")
        // The paths that hold the key were taken: its POST and the account's facts, redacted.
        XCTAssertTrue(outputs[0].contains("X-Account-Meta-Temp-URL-Key: <redacted>"), outputs[0])
        XCTAssertTrue(outputs[1].contains("Meta-Temp-Url-Key: <redacted>"), outputs[1])
        var found = 0
        for text in outputs {
            let leaks = VerbSecrets.forms(of: key).filter { text.contains($0) }
            found += leaks.count
            XCTAssertEqual(leaks, [], "the Temp-URL key was printed:\n\(text)")
        }
        let scanned = outputs.map(\.utf8.count).reduce(0, +)
        print("secrets: Keystone Temp-URL key: \(found) found in \(scanned) bytes of share, info and meta at --debug")
    }

    /// The Keystone project's Swift account: its storage URL on the Keystone-signed
    /// proxy and a token for it, made by hand.
    static func keystoneAccount() throws -> (storageURL: String, token: String) {
        let port = try KeystoneShellTests.value("SWIFT_PORT")
        let project = try KeystoneShellTests.value("PROJECT_ID")
        return ("http://127.0.0.1:\(port)/v1/AUTH_\(project)", try KeystoneShellTests.tokenByHand())
    }

    /// The Keystone project account's Temp-URL key, read by hand.
    static func keystoneTempURLKey() throws -> String {
        let account = try keystoneAccount()
        var request = URLRequest(url: try XCTUnwrap(URL(string: account.storageURL)))
        request.httpMethod = "HEAD"
        request.setValue(account.token, forHTTPHeaderField: "X-Auth-Token")
        let (_, answer) = try ServerByHand.fetch(request)
        return try XCTUnwrap(answer.value(forHTTPHeaderField: "X-Account-Meta-Temp-Url-Key"), "share --set-key stored no key")
    }
}
