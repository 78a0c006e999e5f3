import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Names other clients write that a plain path cannot say (`a//b.txt`, `/x`, `d/./e`):
/// listed in the exact form `//CONTAINER/NAME`, which `cd`, `info` and search take back.
final class OddNameTests: XCTestCase {
    private var home = ""
    private let container = "odd" + String(UInt32.random(in: 0...UInt32.max), radix: 36)

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-odd-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let server = try SwiftByHand()
        try server.put(container, nil)
        for name in ["a//b.txt", "/leading.txt", "d/./e", "d/../f", "plain.txt"] {
            try server.put(container, name, body: Data(name.utf8))
        }
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    func run(_ lines: [String]) throws -> ObjshRun {
        try ObjshRun.run(["-q", "--cluster", "env", "-c", lines.joined(separator: "\n")], home: home)
    }

    func testListingsShowTheExactFormAndItLeadsBack() throws {
        let c = container
        let listed = try run(["cd \(c)", "ls", "cd a", "ls", "cd ../d", "ls"])
        XCTAssertEqual(listed.status, 0, listed.errors)
        for expected in ["//\(c)//\n", "a/\n", "d/\n", "plain.txt\n", "//\(c)/a//\n", "//\(c)/d/./\n", "//\(c)/d/../\n"] {
            XCTAssertTrue(listed.output.contains(expected), "\(expected) is missing from:\n\(listed.output)")
        }
        let walked = try run([
            "cd //\(c)/a//", "pwd", "ls", "info b.txt", "cd ..", "pwd", "info //\(c)//leading.txt",
            "info //\(c)/d/./e", "info //\(c)/d/../f",
        ])
        XCTAssertEqual(walked.status, 0, walked.errors)
        let lines = walked.output.split(separator: "\n").map(String.init)
        // With -q, info answers with its sheet as Key: value lines, then pwd follows it.
        XCTAssertEqual(lines.prefix(3), ["//\(c)/a//", "b.txt", "Object: a//b.txt"])
        XCTAssertEqual(lines.first { $0.hasPrefix("/") && !$0.hasPrefix("//") }, "/\(c)/a")
        for name in ["Object: /leading.txt", "Object: d/./e", "Object: d/../f"] { XCTAssertTrue(lines.contains(name), "\(name): \(lines)") }
    }

    func testInfoPanesNameTheObjectExactly() throws {
        let c = container
        let shown = try ObjshRun.run(["--cluster", "env", "-c", "info //\(c)/a//b.txt\ninfo //\(c)//leading.txt"], home: home)
        XCTAssertEqual(shown.status, 0, shown.errors)
        XCTAssertTrue(shown.output.contains("info //\(c)/a//b.txt"), shown.output)
        XCTAssertTrue(shown.output.contains("Object:") && shown.output.contains("/leading.txt"), shown.output)
    }

    func testSearchResultsOpenByTheNameTheyShow() throws {
        let c = container
        let found = try run(["search --in /\(c) b.txt", "ls", "cd //\(c)/a//b.txt", "search", "search --in /\(c) e", "ls"])
        XCTAssertEqual(found.status, 0, found.errors)
        XCTAssertTrue(found.output.contains("//\(c)/a//b.txt\n"), found.output)
        XCTAssertTrue(found.output.contains("//\(c)/d/./e\n"), found.output)
    }
}

/// The test server reached directly, as another client would: auth v1 and plain requests.
struct SwiftByHand {
    let storageURL: String
    let token: String

    init() throws {
        (storageURL, token) = try ServerByHand.login()
    }

    /// PUTs a container (`name` nil) or an object named exactly `name`.
    func put(_ container: String, _ name: String?, body: Data = Data(), headers: [String: String] = [:]) throws {
        let path = [container, name].compactMap { $0 }.map(Self.encode).joined(separator: "/")
        var request = URLRequest(url: URL(string: storageURL + "/" + path)!)
        request.httpMethod = "PUT"
        request.httpBody = body
        request.setValue(token, forHTTPHeaderField: "X-Auth-Token")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (_, response) = try ServerByHand.fetch(request)
        XCTAssertTrue((200..<300).contains(response.statusCode), "PUT \(path): \(response.statusCode)")
    }

    /// Percent-encodes everything but unreserved characters and `/`, so `.` and `//` survive.
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(
            withAllowedCharacters: CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_~/"))!
            .replacingOccurrences(of: ".", with: "%2E")
    }

    /// The names in `container` under `prefix`; nil when the container does not exist.
    func list(_ container: String, prefix: String) throws -> [String]? {
        let query = prefix.isEmpty ? "" : "&prefix=" + Self.encode(prefix).replacingOccurrences(of: "/", with: "%2F")
        var request = URLRequest(url: URL(string: storageURL + "/" + Self.encode(container) + "?format=json" + query)!)
        request.setValue(token, forHTTPHeaderField: "X-Auth-Token")
        let (data, response) = try ServerByHand.fetch(request)
        if response.statusCode == 404 { return nil }
        guard response.statusCode != 204, !data.isEmpty else { return [] }
        let rows = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        return rows.compactMap { $0["name"] as? String }
    }
}
