import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `objsh --json` against the real Swift server: every line parses, and says what the
/// server's own listing and HEAD say.
final class JSONShellTests: XCTestCase {
    private var home = ""
    private let container = "json" + String(UInt32.random(in: 0...UInt32.max), radix: 36) + " été"
    private let names = ["a b.txt", "it's \"quoted\".txt", "dir/inner.bin"]

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-json-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        _ = try? SwiftServerTools.swiftclient(["delete", container])
        try? FileManager.default.removeItem(atPath: home)
    }

    func records(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { row in
            try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(row.utf8)) as? [String: Any], "not a JSON object: \(row)")
        }
    }

    /// The server's own listing rows (`format=json`): of the account with `container` nil.
    func serverListing(_ container: String?, _ query: [String: String]) throws -> [[String: Any]] {
        let session = try ServerByHand.login()
        var components = URLComponents(string: session.storageURL + (container.map { "/" + ServerByHand.escape($0) } ?? ""))!
        components.queryItems = [URLQueryItem(name: "format", value: "json")] + query.map { URLQueryItem(name: $0.key, value: $0.value) }
        var request = URLRequest(url: components.url!)
        request.setValue(session.token, forHTTPHeaderField: "X-Auth-Token")
        let (data, response) = try ServerByHand.fetch(request)
        XCTAssertEqual(response.statusCode, 200)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    /// The account listing's count and bytes of `container` are updated by the server in
    /// the background; waits (up to 60 s) until they show what was stored, so objsh's
    /// listing and the test's later one cannot fall on either side of the update.
    func waitForAccountTotals(count: Int, bytes: Int) throws {
        let deadline = Date().addingTimeInterval(60)
        while true {
            let row = try serverListing(nil, ["prefix": container]).first
            if row?["count"] as? Int == count && row?["bytes"] as? Int == bytes { return }
            guard Date() < deadline else { return XCTFail("the account listing never showed \(count) objects: \(String(describing: row))") }
            Thread.sleep(forTimeInterval: 0.2)
        }
    }

    func testLsAndInfoSayWhatTheServerSays() throws {
        var script = "mkdir \"\(container)\"\ncd \"\(container)\"\nmkdir dir\n"
        for (index, name) in names.enumerated() {
            let local = home + "/file\(index)"
            try Data(repeating: UInt8(index + 65), count: 1000 * (index + 1)).write(to: URL(fileURLWithPath: local))
            script += "upload \(local) '\(name.replacingOccurrences(of: "'", with: "'\\''"))'\n"
        }
        let setup = try ObjshRun.run(["-q", "--cluster", "env", "-c", script], home: home)
        XCTAssertEqual(setup.status, 0, setup.errors)
        XCTAssertEqual(try SwiftServerTools.swiftclient(["post", "-m", "Colour:blue", container, "a b.txt"]).status, 0)
        try waitForAccountTotals(count: names.count + 1, bytes: 6000)

        let run = try ObjshRun.run(["--json", "--cluster", "env", "-c", "ls \"/\(container)\"\ninfo \"/\(container)/a b.txt\"\nls /"], home: home)
        XCTAssertEqual(run.status, 0, run.errors)
        let rows = try records(run.output)
        let truth = try serverListing(container, ["delimiter": "/"])
        let listed = Array(rows.prefix(truth.count))
        XCTAssertEqual(listed.count, truth.count)
        for (row, entry) in zip(listed, truth) {
            if let subdir = entry["subdir"] as? String {
                XCTAssertEqual(row["kind"] as? String, "folder")
                XCTAssertEqual(row["name"] as? String, String(subdir.dropLast()))
                continue
            }
            XCTAssertEqual(row["kind"] as? String, "object")
            XCTAssertEqual(row["name"] as? String, entry["name"] as? String)
            XCTAssertEqual(row["bytes"] as? Int, entry["bytes"] as? Int)
            XCTAssertEqual(row["etag"] as? String, entry["hash"] as? String)
            XCTAssertEqual(row["content_type"] as? String, entry["content_type"] as? String)
            let modified = try XCTUnwrap(entry["last_modified"] as? String)
            XCTAssertEqual(row["last_modified"] as? String, String(modified.prefix(19)) + "Z")
        }
        let info = try XCTUnwrap(rows.dropFirst(truth.count).first)
        XCTAssertEqual(info["kind"] as? String, "object")
        XCTAssertEqual(info["bytes"] as? Int, 1000)
        XCTAssertEqual(info["etag"] as? String, truth.first { $0["name"] as? String == "a b.txt" }?["hash"] as? String)
        let metadata = try XCTUnwrap(info["metadata"] as? [String: String], "\(info)")
        XCTAssertEqual(metadata.first { $0.key.lowercased() == "colour" }?.value, "blue")
        // The account listing's own count and bytes (the server updates them in the background).
        let mine = try XCTUnwrap(rows.first { $0["kind"] as? String == "container" && $0["name"] as? String == container })
        let account = try serverListing(nil, ["prefix": container]).first
        XCTAssertEqual(mine["count"] as? Int, account?["count"] as? Int)
        XCTAssertEqual(mine["bytes"] as? Int, account?["bytes"] as? Int)
        XCTAssertFalse(run.output.contains("│"), "no panes with --json")

        // ls -l at the root: the account's totals, then each container's bytes and count (never "- -").
        let long = try ObjshRun.run(["-q", "--cluster", "env", "-c", "ls -l /"], home: home)
        XCTAssertTrue(long.output.hasPrefix("total "), long.output)
        let line = try XCTUnwrap(long.output.split(separator: "\n").first { $0.hasSuffix("  \(container)/") }, long.output)
        let columns = line.split(separator: " ", omittingEmptySubsequences: true)
        XCTAssertNotNil(Int(columns[0]), String(line))
        XCTAssertNotNil(Int(columns[1]), String(line))
    }
}
