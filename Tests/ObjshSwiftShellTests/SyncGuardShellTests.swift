import FaultProxyHarness
import Foundation
import XCTest

/// `sync --delete` removes what only DEST holds only after a run without failures, from
/// a SRC that holds names, and no more than `--max-delete` allows: the real binary on
/// every store, and through the fault proxy on Swift.
final class SyncGuardShellTests: XCTestCase {
    private var home = ""
    private let container = "guard" + String(UInt32.random(in: 0...UInt32.max), radix: 36)

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-guard-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    func objsh(_ cluster: (name: String, config: String?), _ lines: [String]) throws -> ObjshRun {
        try EveryStore.run(cluster, lines, home: home)
    }

    /// A name that cannot be written (a folder where its file goes) fails: the file only
    /// DEST holds stays, and the run says why on one line.
    func testAFailedNameDeletesNothingOnEveryStore() throws {
        try DiffShellTests.tree(home + "/src", [("ok1", "1"), ("blocked", "b")])
        for cluster in EveryStore.clusters(home: home) {
            let c = container + cluster.name.lowercased()
            let local = home + "/dst-" + cluster.name
            try DiffShellTests.tree(local, [("blocked/inner", "in the way"), ("extra", "only here")])
            defer { _ = try? objsh(cluster, ["rm -r -f /\(c)"]) }
            XCTAssertEqual(try objsh(cluster, ["sync file:\(home)/src /\(c)"]).status, 0, cluster.name)
            let run = try objsh(cluster, ["sync --delete /\(c) file:\(local)"])
            XCTAssertEqual(run.status, 1, "\(cluster.name): \(run.errors)")
            XCTAssertTrue(
                run.errors.contains("sync: nothing deleted: 1 name failed (deletions need a run without errors)\n"), "\(cluster.name): \(run.errors)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: local + "/extra"), "\(cluster.name): deleted after a failure")
            XCTAssertTrue(SyncShellTests.summary(run).contains(", deleted 0 (0 B), "), "\(cluster.name): \(run.output)")
        }
    }

    /// An empty SRC never empties DEST; more than `--max-delete` names to go, and none go.
    func testAnEmptySourceAndMaxDeleteDeleteNothingOnEveryStore() throws {
        try DiffShellTests.tree(home + "/src", [("a", "1"), ("b", "2"), ("c", "3")])
        try FileManager.default.createDirectory(atPath: home + "/empty", withIntermediateDirectories: true)
        for cluster in EveryStore.clusters(home: home) {
            let c = container + "m" + cluster.name.lowercased()
            defer { _ = try? objsh(cluster, ["rm -r -f /\(c)"]) }
            XCTAssertEqual(try objsh(cluster, ["sync file:\(home)/src /\(c)"]).status, 0, cluster.name)
            let empty = try objsh(cluster, ["sync --delete file:\(home)/empty /\(c)"])
            Self.assertRefused(empty, "file:\(home)/empty holds no names, and --delete never empties DEST (rm -r does)", cluster.name)
            try FileManager.default.removeItem(atPath: home + "/src/a")
            try FileManager.default.removeItem(atPath: home + "/src/b")
            let over = try objsh(cluster, ["sync --delete --max-delete 1 file:\(home)/src /\(c)"])
            Self.assertRefused(over, "2 names would be deleted, more than --max-delete 1", cluster.name)
            XCTAssertEqual(try objsh(cluster, ["ls /\(c)"]).output, "a\nb\nc\n", cluster.name)
            let within = try objsh(cluster, ["sync --delete --max-delete 2 file:\(home)/src /\(c)"])
            XCTAssertEqual(within.status, 0, "\(cluster.name): \(within.errors)")
            XCTAssertEqual(try objsh(cluster, ["ls /\(c)"]).output, "c\n", cluster.name)
            try DiffShellTests.tree(home + "/src", [("a", "1"), ("b", "2")])
        }
    }

    /// The run failed (status 1) with one line of error: `sync: nothing deleted: WHY`.
    static func assertRefused(_ run: ObjshRun, _ why: String, _ store: String, line: UInt = #line) {
        XCTAssertEqual(run.status, 1, "\(store): \(run.errors)", line: line)
        XCTAssertTrue(run.errors.hasSuffix(": sync: nothing deleted: \(why)\n"), "\(store): \(run.errors)", line: line)
        XCTAssertEqual(run.errors.split(separator: "\n").count, 1, "\(store): \(run.errors)", line: line)
    }

    /// Every PUT of one name answered 500 (past the retries): the object only DEST
    /// holds stays.
    func testAnInjectedTransferErrorDeletesNothing() throws {
        let env = EveryStore.clusters(home: home)[0]
        try DiffShellTests.tree(home + "/src", [("a", "1"), ("b", "2"), ("extra", "3")])
        defer { _ = try? objsh(env, ["rm -r -f /\(container)"]) }
        XCTAssertEqual(try objsh(env, ["sync file:\(home)/src /\(container)"]).status, 0)
        try FileManager.default.removeItem(atPath: home + "/src/extra")
        XCTAssertEqual(try objsh(env, ["ls /\(container)"]).output, "a\nb\nextra\n")
        try DiffShellTests.write(home + "/src/b", "changed")
        let proxy = try FaultProxy(faults: .on(Array(repeating: ("500", "PUT /v1/AUTH_test/\(container)/b"), count: 20)))
        let run = try proxy.objsh("sync --delete file:\(home)/src /\(container)", home: home, readTimeout: 5)
        XCTAssertEqual(run.status, 69, run.errors)
        XCTAssertTrue(run.errors.contains("sync: nothing deleted: 1 name failed (deletions need a run without errors)\n"), run.errors)
        XCTAssertFalse(proxy.log.contains { $0.contains(" DELETE ") || $0.contains(" POST ") && $0.contains("bulk-delete") }, "\(proxy.log)")
        XCTAssertEqual(try objsh(env, ["ls /\(container)"]).output, "a\nb\nextra\n")
    }

    /// A listing that fails (every try) stops the run before anything is deleted.
    func testAnInjectedListingErrorDeletesNothing() throws {
        let env = EveryStore.clusters(home: home)[0]
        try DiffShellTests.tree(home + "/src", [("a", "1"), ("extra", "3")])
        defer { _ = try? objsh(env, ["rm -r -f /\(container)"]) }
        XCTAssertEqual(try objsh(env, ["sync file:\(home)/src /\(container)"]).status, 0)
        try FileManager.default.removeItem(atPath: home + "/src/extra")
        let proxy = try FaultProxy(faults: .on(Array(repeating: ("503", "GET /v1/AUTH_test/\(container)?"), count: 40)))
        let run = try proxy.objsh("sync --delete file:\(home)/src /\(container)", home: home, readTimeout: 5)
        XCTAssertNotEqual(run.status, 0, run.errors)
        XCTAssertFalse(proxy.log.contains { $0.contains(" DELETE ") || $0.contains("bulk-delete") }, "\(proxy.log)")
        XCTAssertEqual(try objsh(env, ["ls /\(container)"]).output, "a\nextra\n")
    }
}

extension SyncGuardShellTests {
    /// `sync DIR /c` where DIR is a local folder (and no place on the cluster) says how a
    /// local folder is named, on both sides, and nothing is made or sent.
    func testALocalFolderNamedWithoutFileSaysHowToNameIt() throws {
        try DiffShellTests.tree(home + "/work/photos", [("a.jpg", "1")])
        for cluster in EveryStore.clusters(home: home) {
            let c = container + "l" + cluster.name.lowercased()
            defer { _ = try? objsh(cluster, ["rm -r -f /\(c)"]) }
            let up = try objsh(cluster, ["lcd \(home)/work", "cd /", "sync photos /\(c)"])
            XCTAssertEqual(up.status, 66, "\(cluster.name): \(up.errors)")
            XCTAssertTrue(up.errors.hasSuffix("; for the local folder photos, write file:photos\n"), "\(cluster.name): \(up.errors)")
            XCTAssertEqual(try objsh(cluster, ["cd /", "mkdir \(c)", "sync file:\(home)/work/photos /\(c)"]).status, 0, cluster.name)
            let down = try objsh(cluster, ["lcd \(home)/work", "cd /", "sync /\(c) photos"])
            XCTAssertEqual(down.status, 66, "\(cluster.name): \(down.errors)")
            XCTAssertTrue(down.errors.hasSuffix("; for the local folder photos, write file:photos\n"), "\(cluster.name): \(down.errors)")
            XCTAssertNotEqual(try objsh(cluster, ["ls /photos"]).status, 0, "\(cluster.name): no container was made")
        }
    }
}

extension SyncGuardShellTests {
    /// Beside a `file:` place, a relative name is the remote side even where a local
    /// folder has that name too: `sync file:site site` in a container fills its folder
    /// `site` (it said `for the local folder site, write file:site`, which it was).
    func testARelativeNameBesideALocalPlaceIsTheRemoteSide() throws {
        try DiffShellTests.tree(home + "/work/site", [("index.html", "<h1>hi</h1>"), ("css/main.css", "h1{}")])
        for cluster in EveryStore.clusters(home: home) {
            let c = container + "r" + cluster.name.lowercased()
            defer { _ = try? objsh(cluster, ["rm -r -f /\(c)"]) }
            let up = try objsh(cluster, ["lcd \(home)/work", "cd /", "mkdir \(c)", "cd \(c)", "sync file:site site"])
            XCTAssertEqual(up.status, 0, "\(cluster.name): \(up.errors)")
            XCTAssertEqual(try objsh(cluster, ["ls -R /\(c)"]).output, "site/css/main.css\nsite/index.html\n", cluster.name)
            let same = try objsh(cluster, ["lcd \(home)/work", "cd /\(c)", "diff file:site site"])
            XCTAssertEqual(same.status, 0, "\(cluster.name): \(same.output)\(same.errors)")
        }
    }
}
