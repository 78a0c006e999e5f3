import Foundation
import XCTest

/// `sync` with the real binary on every store, local → remote and back: the dry run's
/// plan equals what the run then does; added, removed, changed with the same size (old
/// time put back) and unchanged files; a second run sends nothing and reads no file
/// (the hashing count of its summary); awkward names.
final class SyncShellTests: XCTestCase {
    private var home = ""
    private let container = "sync" + String(UInt32.random(in: 0...UInt32.max), radix: 36)

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-sync-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    func objsh(_ cluster: (name: String, config: String?), _ lines: [String], json: Bool = false) throws -> ObjshRun {
        try EveryStore.run(cluster, lines, json: json, home: home)
    }

    static let names = ["a-b", "a.txt", "a/b", "a/c/d", "aa", "sp ace.txt", "ü+%.txt", "e\u{301}", "\u{e9}", "Z", "*star", "file:x", "#hash"]

    /// The plan lines of a run's output (its last line, the summary or totals, left out), sorted.
    static func plan(_ run: ObjshRun) -> [String] {
        run.output.split(separator: "\n").dropLast().map(String.init).sorted()
    }

    static func summary(_ run: ObjshRun) -> String { String(run.output.split(separator: "\n").last ?? "") }

    func testLocalToRemoteAndBackOnEveryStore() throws {
        for cluster in EveryStore.clusters(home: home) {
            let c = container + cluster.name.lowercased()
            let source = home + "/src-" + cluster.name
            try DiffShellTests.tree(source, DiffShellTests.files + Self.names.map { ("n/" + $0, "bytes of \($0)") })
            defer { _ = try? objsh(cluster, ["rm -r -f /\(c)"]) }
            try checkFirstAndSecondRun(cluster, "file:\(source)", "/\(c)/dst", count: 4 + Self.names.count)
            try Self.changeTree(source)
            let planned = try objsh(cluster, ["sync -n --delete file:\(source) /\(c)/dst"])
            XCTAssertEqual(Self.plan(planned), ["+ d/new2", "+ new1", "- gone.txt", "~ change.txt"], "\(cluster.name): \(planned.output)")
            let done = try objsh(cluster, ["sync --delete file:\(source) /\(c)/dst"])
            XCTAssertEqual(done.status, 0, "\(cluster.name): \(done.errors)")
            XCTAssertEqual(Self.plan(done), Self.plan(planned), "\(cluster.name): the run does what the dry run said")
            XCTAssertTrue(Self.summary(done).hasPrefix("sync: sent 3 (11 B), copied 0 (0 B), deleted 1 (5 B), same "), Self.summary(done))
            let again = try objsh(cluster, ["sync --delete file:\(source) /\(c)/dst"])
            XCTAssertEqual(Self.plan(again), [], "\(cluster.name): \(again.output)")
            XCTAssertTrue(Self.summary(again).contains(", failed 0; hashed 0 files (0 B); "), "\(cluster.name): \(again.output)")
            // Back down into a new folder: the same files, and again nothing to do.
            let back = home + "/back-" + cluster.name
            try checkFirstAndSecondRun(cluster, "/\(c)/dst", "file:\(back)", count: 5 + Self.names.count)
            let same = try objsh(cluster, ["diff file:\(source) file:\(back)"])
            XCTAssertEqual(same.status, 0, "\(cluster.name): \(same.output)")
        }
    }

    /// A first sync sends `count` names, the plan of its dry run; the second sends none,
    /// and hashes no file.
    func checkFirstAndSecondRun(_ cluster: (name: String, config: String?), _ from: String, _ to: String, count: Int) throws {
        let planned = try objsh(cluster, ["sync -n \(from) \(to)"])
        XCTAssertEqual(planned.status, 0, "\(cluster.name): \(planned.errors)")
        XCTAssertEqual(Self.plan(planned).count, count, "\(cluster.name): \(planned.output)")
        let first = try objsh(cluster, ["sync \(from) \(to)"])
        XCTAssertEqual(first.status, 0, "\(cluster.name): \(first.errors)")
        XCTAssertEqual(Self.plan(first), Self.plan(planned), "\(cluster.name): \(first.output)")
        XCTAssertTrue(Self.summary(first).hasPrefix("sync: sent \(count) ("), "\(cluster.name): \(first.output)")
        // Small files, new to DEST: nothing to compare, and each checked as it went.
        XCTAssertTrue(Self.summary(first).contains(" hashed 0 files (0 B); "), "\(cluster.name): a file read again: \(first.output)")
        let second = try objsh(cluster, ["sync \(from) \(to)"], json: true)
        XCTAssertEqual(second.status, 0, "\(cluster.name): \(second.errors)")
        let records = try second.output.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        XCTAssertEqual(records.count, 1, "\(cluster.name): \(second.output)")
        XCTAssertEqual(records.last?["same"] as? Int, count, "\(cluster.name): \(second.output)")
        XCTAssertEqual(records.last?["sent"] as? Int, 0, "\(cluster.name): \(second.output)")
        XCTAssertEqual(records.last?["hashed_files"] as? Int, 0, "\(cluster.name): the second run read a file: \(second.output)")
    }

    /// Adds two files, removes one, and rewrites one with as many bytes and its old time.
    static func changeTree(_ source: String) throws {
        try DiffShellTests.write(source + "/new1", "n1")
        try DiffShellTests.write(source + "/d/new2", "n2")
        try FileManager.default.removeItem(atPath: source + "/gone.txt")
        try DiffShellTests.rewriteKeepingTime(source + "/change.txt", "after!\n")
    }

    /// One failed name (a folder where the file goes) does not stop the others; the
    /// status is its class's, and the failures are listed at the end.
    func testAFailureIsListedAndTheRestGoesOn() throws {
        let cluster = EveryStore.clusters(home: home)[0]
        let c = container + "f"
        try DiffShellTests.tree(home + "/src", [("ok1", "1"), ("blocked", "b"), ("ok2", "2")])
        try DiffShellTests.tree(home + "/dst", [("blocked/inner", "in the way")])
        defer { _ = try? objsh(cluster, ["rm -r -f /\(c)"]) }
        let up = try objsh(cluster, ["sync file:\(home)/src /\(c)"])
        XCTAssertEqual(up.status, 0, up.errors)
        let run = try objsh(cluster, ["sync /\(c) file:\(home)/dst"])
        XCTAssertEqual(run.status, 1, run.errors)
        XCTAssertEqual(Self.plan(run), ["+ ok1", "+ ok2"], run.output)
        XCTAssertTrue(run.errors.contains("sync: 1 failed:\n  "), run.errors)
        XCTAssertTrue(run.errors.hasSuffix("sync: 1 of 3 names failed\n"), run.errors)
        XCTAssertTrue(Self.summary(run).hasPrefix("sync: sent 2 (2 B), copied 0 (0 B), deleted 0 (0 B), same 0, failed 1;"), run.output)
    }

    /// A sync into a container the resolver saw asks nothing more of the container (no
    /// HEAD, no PUT: a user who may only write there through an ACL gets no 403); into
    /// one that is not there, it makes it.
    func testASyncIntoAContainerSeenThereDoesNotMakeItAgain() throws {
        try DiffShellTests.tree(home + "/src", [("a.txt", "a"), ("d/b.txt", "b")])
        for cluster in EveryStore.clusters(home: home) where cluster.name != "files" {
            let c = container + "c" + cluster.name.lowercased()
            defer { _ = try? objsh(cluster, ["rm -r -f /\(c)", "rm -r -f /\(c)new"]) }
            XCTAssertEqual(try objsh(cluster, ["cd /", "mkdir \(c)"]).status, 0, cluster.name)
            let into = try ObjshRun.run(
                ["-q", "--cluster", cluster.name, "--debug", "-c", "sync file:\(home)/src /\(c)"], config: cluster.config, home: home)
            XCTAssertEqual(into.status, 0, "\(cluster.name): \(into.errors)")
            XCTAssertEqual(Self.containerRequests(into, c), [], "\(cluster.name): the container was asked for again")
            let new = try ObjshRun.run(
                ["-q", "--cluster", cluster.name, "--debug", "-c", "sync file:\(home)/src /\(c)new"], config: cluster.config, home: home)
            XCTAssertEqual(new.status, 0, "\(cluster.name): \(new.errors)")
            XCTAssertEqual(Self.containerRequests(new, c + "new").filter { $0.hasPrefix("debug: PUT ") }.count, 1, "\(cluster.name): \(new.errors)")
            XCTAssertEqual(try objsh(cluster, ["diff file:\(home)/src /\(c)new"]).status, 0, cluster.name)
        }
    }

    /// The `--debug` lines of HEAD and PUT requests on `container` itself.
    static func containerRequests(_ run: ObjshRun, _ container: String) -> [String] {
        run.errors.split(separator: "\n").map(String.init).filter { line in
            (line.hasPrefix("debug: HEAD ") || line.hasPrefix("debug: PUT ")) && line.contains("/\(container) [")
        }
    }
}
