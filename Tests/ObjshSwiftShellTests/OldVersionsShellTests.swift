import Foundation
import XCTest

/// Old versions with the real binary on Swift (object versioning) and moto (S3
/// ListObjectVersions): `du` and `info` say what they hold, and `du --json` gives it as
/// fields.
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

    func testDuAndInfoCountOldVersions() throws {
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
