import Foundation
import XCTest

/// `index` and `search` from it, with the real binary on the file store, the test Swift
/// server, its s3api and moto: the index answers as the server does, refreshes only what
/// changed, and a killed `index` leaves the index before it usable.
final class IndexShellTests: XCTestCase {
    private var home = ""
    private let container = "idx" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    private let names = ["a.txt", "Beach.JPG", "logs/1.log", "logs/2.log", "logs/sub/big.log", "東京.log", "deep/x/y/z.txt"]

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-index-" + UUID().uuidString
        for (number, name) in names.enumerated() {
            let path = home + "/tree/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(String(repeating: "x", count: 10 * number).utf8).write(to: URL(fileURLWithPath: path))
        }
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    func objsh(
        _ cluster: (name: String, config: String?), _ lines: [String], debug: Bool = false, environment: [String: String] = [:]
    ) throws -> ObjshRun {
        try ObjshRun.run(
            ["-q", "--cluster", cluster.name] + (debug ? ["--debug"] : []) + ["-c", lines.joined(separator: "\n")],
            config: cluster.config, home: home, extraEnvironment: environment)
    }

    func testSearchFromTheIndexEqualsSearchLiveOnEveryStore() throws {
        for cluster in EveryStore.clusters(home: home) {
            let c = container + cluster.name.lowercased()
            let seeded = try objsh(cluster, ["cd /", "mkdir \(c)", "cd /\(c)", "upload \(home)/tree", "index /\(c)"])
            guard seeded.status == 0 else { return XCTFail("\(cluster.name): seeding failed: \(seeded.errors)") }
            XCTAssertTrue(seeded.output.contains("indexed 1 container (7 names)"), "\(cluster.name): \(seeded.output)")
            for search in ["*", "log", "*.log", "beach", "東", "logs/", "--larger 30 log", "--smaller 25 '*'", "--newer 1d '*'", "--older 1d '*'"] {
                let indexed = try objsh(cluster, ["search --json --in /\(c) \(search)"])
                let live = try objsh(cluster, ["search --json --live --in /\(c) \(search)"])
                XCTAssertEqual(indexed.status, 0, indexed.errors)
                XCTAssertTrue(indexed.errors.contains("search: answered from the index of just now"), "\(cluster.name) \(search): \(indexed.errors)")
                XCTAssertFalse(live.errors.contains("answered from the index"), live.errors)
                XCTAssertEqual(try held(indexed), try held(live), "\(cluster.name): search \(search)")
            }
            let all = try objsh(cluster, ["search --json --in /\(c) '*'"]).output.split(separator: "\n")
            XCTAssertEqual(all.count, names.count, "\(cluster.name): every object, with its size and date, as the listing gives them")
            try checkGoneResult(cluster, c)
            _ = try objsh(cluster, ["rm -r -f /\(c)"])
        }
        try checkNoSecrets()
    }

    /// No file of any index holds a key, secret or token of the clusters it indexed.
    func checkNoSecrets() throws {
        let environment = ProcessInfo.processInfo.environment
        let secrets = ["OBJSH_TEST_SWIFT_KEY", "OBJSH_TEST_S3_SECRET_KEY", "OBJSH_TEST_MOTO_SECRET_KEY"].compactMap { environment[$0] } + ["AUTH_tk"]
        let base = home + "/.cache/objsh/index"
        var files = 0
        for folder in try FileManager.default.contentsOfDirectory(atPath: base) {
            for file in try FileManager.default.contentsOfDirectory(atPath: base + "/" + folder) {
                let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: base + "/" + folder + "/" + file)), as: UTF8.self)
                for secret in secrets { XCTAssertFalse(text.contains(secret), "\(folder)/\(file) holds a secret") }
                files += 1
            }
        }
        XCTAssertGreaterThan(files, 0)
    }

    /// The JSON results' fields the index holds (names, sizes, dates), a line each;
    /// `search --live` adds the ETag and content type.
    func held(_ run: ObjshRun) throws -> [String] {
        try run.output.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            return ["kind", "name", "path", "container", "bytes", "last_modified"].map { "\(object[$0] ?? "-")" }.joined(separator: " ")
        }
    }

    /// A result the index still holds but the server no longer does is not found when opened.
    func checkGoneResult(_ cluster: (name: String, config: String?), _ c: String) throws {
        let run = try objsh(cluster, ["rm /\(c)/tree/a.txt", "search --in /\(c) a.txt", "info \(c)/tree/a.txt"])
        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(run.output.contains("\(c)/tree/a.txt"), "the index still lists it: \(run.output)")
        XCTAssertTrue(run.errors.contains("a.txt: no such"), "\(cluster.name): \(run.errors)")
        let status = try objsh(cluster, ["index --status"])
        XCTAssertTrue(status.output.contains(c), status.output)
    }

    /// The second Swift account, whose root holds only what a test put there.
    func secondAccount() throws -> (name: String, config: String?) {
        _ = try ObjshRun.server()
        guard let user = ObjshRun.environment["OBJSH_TEST_SWIFT_USER2"], let key = ObjshRun.environment["OBJSH_TEST_SWIFT_KEY2"],
            let auth = ObjshRun.environment["OBJSH_TEST_SWIFT_AUTH"]
        else { throw XCTSkip("no second Swift account: run the README's test command") }
        return ("two", "[cluster two]\ntype = swift\nauth_url = \(auth)\nuser = \(user)\nkey = \(key)\n")
    }

    /// Container listings the `--debug` lines show, by container.
    func listings(_ run: ObjshRun, of containers: [String]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for line in run.errors.split(separator: "\n") where line.hasPrefix("debug: GET ") {
            for name in containers where line.contains("/\(name)?") { counts[name, default: 0] += 1 }
        }
        return counts
    }

    func testARefreshListsOnlyTheContainerThatChanged() throws {
        // The second Swift account and moto, whose requests --debug shows, and which no other
        // test lists whole meanwhile (NameIndexTests counts the file store's).
        for cluster in [try secondAccount()] + EveryStore.clusters(home: home).filter({ $0.name == "moto" }) {
            let (c1, c2) = (container + "one", container + "two")
            let seeded = try objsh(
                cluster, ["cd /", "mkdir \(c1)", "mkdir \(c2)", "cd /\(c1)", "upload \(home)/tree", "cd /\(c2)", "upload \(home)/tree"])
            XCTAssertEqual(seeded.status, 0, seeded.errors)
            // Both: the index keeps the totals the account listing shows when it is made, and
            // a total the updater had not caught up with yet reads as a change later.
            for c in [c1, c2] { try waitForAccountListing(cluster, c, objects: names.count, bytes: 210) }
            XCTAssertEqual(try objsh(cluster, ["index"]).status, 0)
            let changed = try objsh(
                cluster, ["cd /\(c2)/tree", "rm a.txt", "upload \(home)/tree/logs/sub/big.log new.log", "upload \(home)/tree/logs/2.log logs/1.log"])
            XCTAssertEqual(changed.status, 0, changed.errors)
            try waitForAccountListing(cluster, c2, objects: names.count, bytes: 260)
            let refresh = try objsh(cluster, ["index"], debug: true)
            XCTAssertTrue(refresh.output.contains("indexed 1 container (7 names)"), "\(cluster.name): \(refresh.output)")
            let counts = listings(refresh, of: [c1, c2])
            // Swift: no listing of the unchanged one; S3 and the file store: its first page only.
            XCTAssertEqual(counts[c1] ?? 0, cluster.name == "two" ? 0 : 1, "\(cluster.name): \(counts)")
            XCTAssertGreaterThanOrEqual(counts[c2] ?? 0, 1, "\(cluster.name): \(counts)")
            let indexed = try objsh(cluster, ["search --json '*'"])
            let live = try objsh(cluster, ["search --json --live '*'"])
            XCTAssertEqual(try held(indexed), try held(live), cluster.name)
            _ = try objsh(cluster, ["rm -r -f /\(c1)", "rm -r -f /\(c2)"])
        }
    }

    /// Swift's account listing takes its totals from the container updater: wait until it
    /// shows the container's (another store's listing keeps none).
    func waitForAccountListing(_ cluster: (name: String, config: String?), _ c: String, objects: Int, bytes: Int) throws {
        guard cluster.name == "two" else { return }
        let deadline = Date().addingTimeInterval(60)
        repeat {
            let line = try objsh(cluster, ["ls --json /"]).output.split(separator: "\n").first { $0.contains("\"\(c)\"") } ?? ""
            if line.contains("\"count\":\(objects)") && line.contains("\"bytes\":\(bytes)") { return }
            Thread.sleep(forTimeInterval: 0.5)
        } while Date() < deadline
        XCTFail("the account listing did not show \(c) with \(objects) objects of \(bytes) bytes")
    }

    /// `index` killed while it lists a container: the index before it answers as it did, and
    /// the next `index` clears what the killed one left and finishes.
    func testAKilledIndexLeavesTheOldIndexUsable() throws {
        let cluster = EveryStore.clusters(home: home).first { $0.name == "files" }!
        let (c1, c2) = (container + "one", container + "two")
        XCTAssertEqual(
            try objsh(
                cluster,
                ["cd /", "mkdir \(c1)", "mkdir \(c2)", "cd /\(c1)", "upload \(home)/tree/a.txt", "cd /\(c2)", "upload \(home)/tree/a.txt", "index"]
            ).status, 0)
        let before = try objsh(cluster, ["search --json a.txt"])
        XCTAssertEqual(before.output.split(separator: "\n").count, 2, before.output + before.errors)
        let folder = try indexFolder()
        let segments = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".seg") }
        let process = try ObjshRun.start(
            ["-q", "--cluster", "files", "-c", "index --full"], home: home,
            extraEnvironment: ["OBJSH_TEST_LISTING_DELAY_MS": "60000", "OBJSH_TEST_LISTING_DELAY_CONTAINER": c2], server: try ObjshRun.server())
        // c1 is listed again and committed; c2's new segment exists while its listing waits.
        let deadline = Date().addingTimeInterval(60)
        while try FileManager.default.contentsOfDirectory(atPath: folder).filter({ $0.hasSuffix(".seg") && !segments.contains($0) }).count < 2 {
            guard Date() < deadline, process.isRunning else { return XCTFail("index did not start listing \(c2)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let after = try objsh(cluster, ["search --json a.txt"])
        XCTAssertEqual(try held(after), try held(before))
        XCTAssertTrue(after.errors.contains("answered from the index"), after.errors)
        XCTAssertEqual(try objsh(cluster, ["index"]).status, 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".seg") }
        XCTAssertEqual(left.count, 2, "one segment per container, the killed run's stray removed: \(left)")
    }

    /// The one account's index folder under the test's cache.
    func indexFolder() throws -> String {
        let base = home + "/.cache/objsh/index"
        let folders = try FileManager.default.contentsOfDirectory(atPath: base)
        XCTAssertEqual(folders.count, 1)
        return base + "/" + folders[0]
    }
}
