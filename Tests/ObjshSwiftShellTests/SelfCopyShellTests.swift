import Foundation
import XCTest

/// `cp`, `mv` and `sync` onto themselves or into their own subtree are refused before
/// any request that writes, also through two cluster names that reach one account: on
/// the file store, the test Swift server and S3 when it runs.
final class SelfCopyShellTests: XCTestCase {
    private var home = ""
    private let container = "self" + String(UInt32.random(in: 0...UInt32.max), radix: 36)

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-self-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/store", withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    /// A config naming one account twice, `one` and `two`, for each store there is.
    func accounts() throws -> [(store: String, config: String)] {
        let environment = ProcessInfo.processInfo.environment
        let server = try ObjshRun.server()
        var stores = [
            ("files", "[cluster one]\ntype = file\npath = \(home)/store\n[cluster two]\ntype = file\npath = \(home)/store/\n"),
            (
                "swift",
                ["one", "two"].map { "[cluster \($0)]\ntype = swift\nauth_url = \(server.auth)\nuser = \(server.user)\nkey = \(server.key)\n" }
                    .joined()
            ),
        ]
        if let endpoint = environment["OBJSH_TEST_S3_ENDPOINT"], let access = environment["OBJSH_TEST_S3_ACCESS_KEY"],
            let secret = environment["OBJSH_TEST_S3_SECRET_KEY"]
        {
            stores.append(
                (
                    "s3",
                    ["one", "two"].map { "[cluster \($0)]\ntype = s3\nendpoint = \(endpoint)\naccess_key = \(access)\nsecret_key = \(secret)\n" }
                        .joined()
                ))
        }
        return stores
    }

    func objsh(_ config: String, _ line: String) throws -> ObjshRun {
        try ObjshRun.run(["-q", "--debug", "--cluster", "one", "-c", line], config: config, home: home)
    }

    /// The `--debug` lines of requests that write.
    static func writes(_ run: ObjshRun) -> [String] {
        run.errors.split(separator: "\n").map(String.init).filter { line in
            ["PUT", "POST", "DELETE", "COPY"].contains { line.hasPrefix("debug: \($0) ") }
        }
    }

    func testCopiesOntoOrIntoThemselvesWriteNothing() throws {
        try DiffShellTests.tree(home + "/src", [("a", "1"), ("d/x", "2"), ("d/y", "3")])
        let c = container
        let refused = [
            "cd /\(c)\ncp a ./a", "cd /\(c)\nmv a .", "mv two:/\(c)/a /\(c)/a", "cp two:/\(c)/a /\(c)/",
            "cd /\(c)\ncp -r d d/sub", "cp -r two:/\(c)/d /\(c)/d/sub", "mv -r /\(c) two:/\(c)/inner", "mv -r /\(c)/d two:/\(c)/d",
            "sync /\(c) /\(c)", "sync /\(c) two:/\(c)/d", "sync --delete two:/\(c)/d /\(c)",
        ]
        for (store, config) in try accounts() {
            defer { _ = try? objsh(config, "rm -r -f /\(c)") }
            XCTAssertEqual(try objsh(config, "sync file:\(home)/src /\(c)").status, 0, store)
            for line in refused {
                let run = try objsh(config, line)
                XCTAssertEqual(run.status, 64, "\(store): \(line): \(run.errors)")
                XCTAssertEqual(Self.writes(run), [], "\(store): \(line) wrote")
                let said = run.errors.split(separator: "\n").filter { !$0.hasPrefix("debug: ") && !$0.hasPrefix("  ") }
                XCTAssertEqual(said.count, 1, "\(store): \(line): \(run.errors)")
            }
            XCTAssertEqual(try objsh(config, "ls -R /\(c)").output, "a\nd/x\nd/y\n", store)
        }
    }
}
