import Foundation
import XCTest

/// `diff` with the real binary on every store, local ↔ remote both ways: added, removed,
/// changed with the same size and its old mtime restored (which a size-and-time rule
/// misses), unchanged; awkward names in merge order; the exit status and script rules.
final class DiffShellTests: XCTestCase {
    private var home = ""
    private let container = "diff" + String(UInt32.random(in: 0...UInt32.max), radix: 36)

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-diff-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    func objsh(_ cluster: (name: String, config: String?), _ lines: [String], json: Bool = false) throws -> ObjshRun {
        try EveryStore.run(cluster, lines, json: json, home: home)
    }

    /// Writes `files` under `folder`, each an hour old, so the tree is at rest.
    static func tree(_ folder: String, _ files: [(String, String)]) throws {
        for (name, text) in files { try write(folder + "/" + name, text, age: 3600) }
    }

    static func write(_ path: String, _ text: String, age: TimeInterval = 0) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        if age > 0 { try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: path) }
    }

    /// New bytes of the same size, the file's old modification time put back.
    static func rewriteKeepingTime(_ path: String, _ text: String) throws {
        let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
    }

    static let files = [
        ("same.txt", "same\n"), ("change.txt", "before\n"), ("gone.txt", "gone\n"), ("d/keep.bin", String(repeating: "k", count: 1000)),
    ]

    func testLocalAgainstRemoteOnEveryStore() throws {
        for cluster in EveryStore.clusters(home: home) {
            let c = container + cluster.name.lowercased()
            let source = home + "/src-" + cluster.name
            try Self.tree(source, Self.files)
            let seeded = try objsh(cluster, ["cd /", "mkdir \(c)", "cd /\(c)", "upload \(source) src"])
            guard seeded.status == 0 else { return XCTFail("\(cluster.name): seeding failed: \(seeded.errors)") }
            defer { _ = try? objsh(cluster, ["rm -r -f /\(c)"]) }
            let same = try objsh(cluster, ["diff file:\(source) /\(c)/src"])
            XCTAssertEqual(same.status, 0, "\(cluster.name): \(same.errors)")
            XCTAssertTrue(
                same.output.hasPrefix("= 4 same, + 0 (0 B), - 0 (0 B), ~ 0 (0 B); 0 by size and time; hashed 4 files ("),
                "\(cluster.name): \(same.output)")
            try Self.write(source + "/new1", "n1")
            try Self.write(source + "/d/new2", "n2")
            try FileManager.default.removeItem(atPath: source + "/gone.txt")
            try Self.rewriteKeepingTime(source + "/change.txt", "after!\n")
            try checkChanges(cluster, source, "/\(c)/src")
        }
    }

    func checkChanges(_ cluster: (name: String, config: String?), _ source: String, _ remote: String) throws {
        let changed = try objsh(cluster, ["diff file:\(source) \(remote)"])
        XCTAssertEqual(changed.status, 1, "\(cluster.name): \(changed.errors)")
        XCTAssertEqual(changed.errors, "", "\(cluster.name): a difference is no error")
        let lines = changed.output.split(separator: "\n").map(String.init)
        // Only the rewritten file is read: the digest cache knows the two unchanged ones.
        XCTAssertEqual(lines.dropLast(), ["~ change.txt", "+ d/new2", "- gone.txt", "+ new1"], "\(cluster.name)")
        XCTAssertEqual(
            lines.last?.hasPrefix("= 2 same, + 2 (4 B), - 1 (5 B), ~ 1 (7 B); 0 by size and time; hashed 1 files (7 B)"), true,
            "\(cluster.name): \(lines)")
        let reverse = try objsh(cluster, ["diff \(remote) file:\(source)"])
        XCTAssertEqual(reverse.status, 1, "\(cluster.name): \(reverse.errors)")
        XCTAssertEqual(reverse.output.split(separator: "\n").dropLast(), ["~ change.txt", "- d/new2", "+ gone.txt", "- new1"], "\(cluster.name)")
        let json = try objsh(cluster, ["diff --exclude new1 --exclude 'd/**' file:\(source) \(remote)"], json: true)
        XCTAssertEqual(json.status, 1, "\(cluster.name): \(json.errors)")
        let records = try json.output.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        XCTAssertEqual(records.count, 3, "\(cluster.name): \(json.output)")
        XCTAssertEqual(records[0]["change"] as? String, "~")
        XCTAssertEqual(records[0]["name"] as? String, "change.txt")
        XCTAssertEqual(records[0]["by"] as? String, "md5", "\(cluster.name): proven by the file's MD5")
        XCTAssertEqual(records[1]["change"] as? String, "-")
        XCTAssertEqual(records[2]["kind"] as? String, "totals")
        XCTAssertEqual(records[2]["same"] as? Int, 1, "\(cluster.name): d/keep.bin is left out")
    }

    /// A difference fails a script as an error does, without a message; a leading `-`
    /// goes on. A missing DEST is empty; a missing SRC is not found; an object is refused.
    func testExitStatusFollowsTheScriptRules() throws {
        let cluster = EveryStore.clusters(home: home)[0]
        let c = container + "s"
        try Self.tree(home + "/src", [("a", "a")])
        let seeded = try objsh(cluster, ["cd /", "mkdir \(c)"])
        XCTAssertEqual(seeded.status, 0, seeded.errors)
        defer { _ = try? objsh(cluster, ["rm -r -f /\(c)"]) }
        let stopped = try objsh(cluster, ["diff file:\(home)/src /\(c)/none", "pwd"])
        XCTAssertEqual(stopped.status, 1)
        XCTAssertEqual(stopped.errors, "")
        XCTAssertEqual(stopped.output, "+ a\n= 0 same, + 1 (1 B), - 0 (0 B), ~ 0 (0 B); 0 by size and time; hashed 0 files (0 B)\n")
        let ignored = try objsh(cluster, ["cd /", "-diff file:\(home)/src /\(c)/none", "pwd"])
        XCTAssertEqual(ignored.status, 0, ignored.errors)
        XCTAssertTrue(ignored.output.hasSuffix("/\n"), ignored.output)
        let missing = try objsh(cluster, ["diff file:\(home)/nothing /\(c)"])
        XCTAssertEqual(missing.status, 66, missing.errors)
        let object = try objsh(cluster, ["cd /\(c)", "upload \(home)/src/a", "diff a file:\(home)/src"])
        XCTAssertEqual(object.status, 64, object.errors)
        XCTAssertTrue(object.errors.contains("is an object; diff compares folders and containers"), object.errors)
    }

    /// Names whose byte order differs from their order as characters, or as a walk of
    /// folders would give it (`a` beside `a-b`, `a.txt`, `aa`), and names to escape.
    func testAwkwardNamesMergeInByteOrder() throws {
        let names = ["a-b", "a.txt", "a/b", "a/c/d", "aa", "sp ace.txt", "ü+%.txt", "e\u{301}", "\u{e9}", "Z", "*star", "file:x", "#hash"]
        for cluster in EveryStore.clusters(home: home) {
            let c = container + "n" + cluster.name.lowercased()
            let source = home + "/names-" + cluster.name
            try Self.tree(source, names.map { ($0, "bytes of \($0)") })
            let seeded = try objsh(cluster, ["cd /", "mkdir \(c)", "cd /\(c)", "upload \(source) n"])
            guard seeded.status == 0 else { return XCTFail("\(cluster.name): seeding failed: \(seeded.errors)") }
            defer { _ = try? objsh(cluster, ["rm -r -f /\(c)"]) }
            try Self.write(source + "/esc\u{1B}[31m\ttab", "x")
            let diff = try objsh(cluster, ["diff file:\(source) /\(c)/n"])
            XCTAssertEqual(diff.status, 1, "\(cluster.name): \(diff.errors)")
            XCTAssertEqual(diff.output.split(separator: "\n").first, "+ esc\\e[31m\\ttab", "\(cluster.name): \(diff.output)")
            XCTAssertTrue(diff.output.contains("\n= \(names.count) same, + 1 (1 B), - 0 (0 B), ~ 0 (0 B)"), "\(cluster.name): \(diff.output)")
        }
    }
}
