import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `share` in the real binary on every store: the printed links work in curl, which
/// holds no credentials; no key, token or secret key shows in any byte, `--debug` too.
final class ShareShellTests: XCTestCase {
    private var home = ""
    private let container = "share" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    static let name = "dir/a b+%25 é日.bin"

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-share-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    func testLinksOnEveryStoreWorkInCurlAndShowNoSecret() throws {
        // Text, so that `cat`'s output reads back as it was.
        let content = Data((0..<100_003).map { (index: Int) -> UInt8 in UInt8(0x20 + (index * 7 + index / 253) % 95) })
        try content.write(to: URL(fileURLWithPath: home + "/source.bin"))
        var checked = 0
        for (cluster, config) in EveryStore.clusters(home: home) {
            let lines = [
                "mkdir \(container)", "cd /\(container)", "upload \(home)/source.bin '\(Self.name)'",
                "share --set-key", "share --json --expires 30m '\(Self.name)'", "share --put --json 'up+load %.bin'", "info --json /",
            ]
            let run = try ObjshRun.run(
                ["-q", "--debug", "--on-error", "continue", "--cluster", cluster, "-c", lines.joined(separator: "\n")],
                config: config, home: home)
            try checkSecrets(in: run, cluster: cluster, config: config)
            checked += 1
            if cluster == "files" {
                XCTAssertTrue(run.errors.contains("share: the file store makes no share links: it has no server to serve them"), run.errors)
                continue
            }
            let links = run.output.split(separator: "\n").compactMap { line in
                try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String]
            }
            guard links.count == 2, let get = links[0]["url"], let put = links[1]["url"] else {
                XCTFail("\(cluster): two links expected:\n\(run.output)\n\(run.errors)")
                continue
            }
            XCTAssertEqual(links.map { $0["method"] }, ["GET", "PUT"])
            XCTAssertNotNil(links[0]["expires"].flatMap { ISO8601DateFormatter().date(from: $0) }, "\(links[0])")
            XCTAssertEqual(try curl(["-o", home + "/fetched", get]), "200", "\(cluster): \(get)")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: home + "/fetched")), content, "\(cluster): the bytes differ")
            XCTAssertTrue(["200", "201"].contains(try curl(["-T", home + "/source.bin", "-o", "/dev/null", put])), "\(cluster): \(put)")
            let back = try ObjshRun.run(["-q", "--cluster", cluster, "-c", "cat '/\(container)/up+load %.bin'"], config: config, home: home)
            XCTAssertEqual(Data(back.output.utf8), content, "\(cluster): the PUT link stored other bytes")
            _ = try ObjshRun.run(["-q", "--cluster", cluster, "-c", "rm -r /\(container)"], config: config, home: home)
        }
        XCTAssertGreaterThanOrEqual(checked, 2)
    }

    /// Without a Temp-URL-Key on the account, `share` says so in one line and names
    /// `share --set-key`; after that, the same command prints a link.
    func testWithoutAKeyShareSaysHowToMakeOne() throws {
        var remove = try accountHead()
        remove.httpMethod = "POST"
        for name in ["X-Remove-Account-Meta-Temp-URL-Key", "X-Remove-Account-Meta-Temp-URL-Key-2"] { remove.setValue("x", forHTTPHeaderField: name) }
        let (_, removed) = try ServerByHand.fetch(remove)
        XCTAssertEqual(removed.statusCode, 204)
        let refused = try ObjshRun.run(["-q", "--cluster", "env", "-c", "share --put /c/x"], home: home)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(
            refused.errors,
            "objsh: line 1: share: the account has no Temp-URL-Key to sign share links with; share --set-key stores a new one\n")
        let given = try ObjshRun.run(["-q", "--cluster", "env", "-c", "share --set-key\nshare --put /c/x"], home: home)
        XCTAssertEqual(given.status, 0, given.errors)
        XCTAssertTrue(given.output.contains("/c/x?temp_url_sig="), given.output)
    }

    /// No secret of `cluster` (the Swift key and token, the account's Temp-URL-Key, an S3
    /// secret key) is in the output; Swift's `info /` shows its key as `<redacted>`.
    func checkSecrets(in run: ObjshRun, cluster: String, config: String?) throws {
        let text = run.output + run.errors
        var secrets = [try ObjshRun.server().key]
        if cluster == "env" {
            let (_, response) = try ServerByHand.fetch(try accountHead())
            let key = try XCTUnwrap(response.value(forHTTPHeaderField: "X-Account-Meta-Temp-Url-Key"), "share --set-key stored no key")
            secrets += [key, try ServerByHand.login().token]
            XCTAssertTrue(text.contains(#""Temp-Url-Key":"<redacted>""#), text)
            XCTAssertTrue(text.contains("stored a new Temp-URL-Key on the account"), text)
        }
        if let config, let secret = config.split(separator: "\n").first(where: { $0.hasPrefix("secret_key = ") }) {
            secrets.append(String(secret.dropFirst("secret_key = ".count)))
        }
        for secret in secrets where !secret.isEmpty {
            XCTAssertFalse(text.contains(secret), "\(cluster): a secret was printed:\n\(text)")
        }
    }

    func accountHead() throws -> URLRequest {
        let session = try ServerByHand.login()
        var request = URLRequest(url: URL(string: session.storageURL)!)
        request.httpMethod = "HEAD"
        request.setValue(session.token, forHTTPHeaderField: "X-Auth-Token")
        return request
    }

    /// curl with no credentials; its `%{http_code}`.
    func curl(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "-q", "-g", "-w", "%{http_code}"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
