import Foundation
import XCTest

/// Old versions with the real binary on Swift (object versioning) and moto (S3
/// ListObjectVersions): `du` and `info` say what they hold, `du --json` gives it as
/// fields, and `rm --versions` purges them (asking first, -f in a script, -n lists them)
/// while the current versions stay. The file store and a container that never kept
/// versions are refused.
final class OldVersionsShellTests: XCTestCase {
    private var home = ""
    private let container = "oldv" + String(UInt32.random(in: 0...UInt32.max), radix: 36)

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-old-versions-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/src", withIntermediateDirectories: true)
        try Data("0123456789".utf8).write(to: URL(fileURLWithPath: home + "/src/a.txt"))
        try Data("bb\n".utf8).write(to: URL(fileURLWithPath: home + "/src/b.txt"))
    }

    override func tearDown() async throws { try? FileManager.default.removeItem(atPath: home) }

    func testDuAndInfoCountOldVersionsAndRmVersionsPurgesThem() throws {
        for cluster in EveryStore.clusters(home: home) where ["env", "moto"].contains(cluster.name) {
            let c = container + cluster.name
            let a = "upload \(home)/src/a.txt"
            let made = try EveryStore.run(
                cluster, ["cd /", "mkdir \(c)", "versions on /\(c)", "cd /\(c)", a, a, a, "upload \(home)/src/b.txt"], home: home)
            XCTAssertEqual(made.status, 0, "\(cluster.name): \(made.errors)")
            defer { _ = try? EveryStore.run(cluster, ["rm -r -f /\(c)"], home: home) }
            let du = try EveryStore.run(cluster, ["du /\(c)"], home: home)
            XCTAssertEqual(du.output, "13          2         /\(c)  (+ 2 old versions, 20 bytes)\n", "\(cluster.name): \(du.errors)")
            let record = try json(try EveryStore.run(cluster, ["du /\(c)"], json: true, home: home))
            XCTAssertEqual(record["kind"] as? String, "container", cluster.name)
            XCTAssertEqual(record["path"] as? String, "/\(c)", cluster.name)
            XCTAssertEqual(record["count"] as? Int, 2, cluster.name)
            XCTAssertEqual(record["bytes"] as? Int, 13, cluster.name)
            XCTAssertEqual(record["old_versions"] as? Int, 2, cluster.name)
            XCTAssertEqual(record["old_versions_bytes"] as? Int, 20, cluster.name)
            let info = try json(try EveryStore.run(cluster, ["info /\(c)"], json: true, home: home))
            XCTAssertEqual(info["old_versions"] as? Int, 2, "\(cluster.name): \(info)")
            XCTAssertEqual(info["old_versions_bytes"] as? Int, 20, "\(cluster.name): \(info)")
            try purge(cluster, c)
        }
    }

    /// `rm --versions`: refused in a script without -f, listed with -n, then gone with -f.
    private func purge(_ cluster: (name: String, config: String?), _ c: String) throws {
        let unforced = try EveryStore.run(cluster, ["rm --versions /\(c)/a.txt"], home: home)
        XCTAssertEqual(unforced.status, 64, cluster.name)
        XCTAssertEqual(
            unforced.errors,
            "objsh: line 1: rm: rm --versions deletes the old versions of /\(c)/a.txt for good: a script must give -f (-n lists them); "
                + "nothing deleted\n", cluster.name)
        let listed = try EveryStore.run(cluster, ["rm -n --versions /\(c)/*.txt"], home: home)
        let lines = listed.output.split(separator: "\n")
        XCTAssertEqual(lines.count, 3, "\(cluster.name): \(listed.output) \(listed.errors)")
        XCTAssertTrue(lines.dropLast().allSatisfy { $0.hasPrefix("would delete version ") && $0.contains(" of /\(c)/a.txt (10 B, ") })
        XCTAssertEqual(lines.last, "would delete 2 old versions (20 B) of /\(c)/*.txt", cluster.name)
        let purged = try EveryStore.run(cluster, ["rm -f --versions /\(c)/*.txt", "du /\(c)", "cat /\(c)/a.txt"], home: home)
        XCTAssertEqual(
            purged.output,
            "deleted 2 old versions (20 B) of /\(c)/*.txt for good; the current versions stay\n13          2         /\(c)\n0123456789",
            "\(cluster.name): \(purged.errors)")
    }

    func testRmVersionsIsRefusedWhereNoVersionsAreKept() throws {
        for cluster in EveryStore.clusters(home: home) where ["env", "files"].contains(cluster.name) {
            let c = container + cluster.name + "n"
            let run = try EveryStore.run(
                cluster, ["cd /", "mkdir \(c)", "upload \(home)/src/b.txt /\(c)/", "rm -f --versions /\(c)/b.txt"], home: home)
            defer { _ = try? EveryStore.run(cluster, ["rm -r -f /\(c)"], home: home) }
            let expected =
                cluster.name == "files"
                ? "objsh: line 4: rm: the file store keeps no versions of objects\n"
                : "objsh: line 4: rm: \(c) keeps no versions, so it has no old ones to delete (versions on /\(c) starts keeping them)\n"
            XCTAssertEqual(run.errors, expected, cluster.name)
        }
    }

    /// `du --json -d 1`: a record a line, the folder's first and the container's last, as the text lines go.
    func testDuJSONGivesARecordForEachLine() throws {
        let cluster = try XCTUnwrap(EveryStore.clusters(home: home).first { $0.name == "files" })
        let c = container + "j"
        let made = try EveryStore.run(
            cluster, ["cd /", "mkdir \(c)", "upload \(home)/src/a.txt /\(c)/dir/", "upload \(home)/src/b.txt /\(c)/"], home: home)
        XCTAssertEqual(made.status, 0, made.errors)
        let run = try EveryStore.run(cluster, ["du --json -d 1 /\(c)"], home: home)
        XCTAssertEqual(
            run.output,
            "{\"kind\":\"folder\",\"path\":\"/\(c)/dir\",\"container\":\"\(c)\",\"count\":1,\"bytes\":10}\n"
                + "{\"kind\":\"container\",\"path\":\"/\(c)\",\"container\":\"\(c)\",\"count\":2,\"bytes\":13}\n", run.errors)
    }

    private func json(_ run: ObjshRun) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.output) \(run.errors)")
    }
}
