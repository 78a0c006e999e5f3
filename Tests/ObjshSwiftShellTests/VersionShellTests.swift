import Foundation
import XCTest

/// Object versions with the real binary on every store: versioning turned on, an object
/// written four times, its four versions listed newest first and each read byte-exact
/// (cat and get), the first restored, a delete and an undelete, one version deleted
/// (-n first), versioning turned off. The file store refuses with one clear line.
final class VersionShellTests: XCTestCase {
    private var home = ""
    private let container = "vers" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    private let contents = (1...4).map { "version \($0) " + String(repeating: "\($0)", count: 100 * $0) + "\n" }

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-versions-" + UUID().uuidString
        for (index, content) in contents.enumerated() {
            try FileManager.default.createDirectory(atPath: home + "/v\(index)", withIntermediateDirectories: true)
            try Data(content.utf8).write(to: URL(fileURLWithPath: home + "/v\(index)/doc.txt"))
        }
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    func objsh(_ cluster: (name: String, config: String?), _ lines: [String], json: Bool = false) throws -> ObjshRun {
        try ObjshRun.run(
            ["-q", "--cluster", cluster.name] + (json ? ["--json"] : []) + ["-c", lines.joined(separator: "\n")], config: cluster.config,
            home: home)
    }

    func testVersionsOnEveryStore() throws {
        for cluster in EveryStore.clusters(home: home) {
            let c = container + cluster.name.lowercased()
            let made = try objsh(cluster, ["cd /", "mkdir \(c)"])
            guard made.status == 0 else { return XCTFail("\(cluster.name): \(made.errors)") }
            guard cluster.name != "files" else {
                let refused = try objsh(cluster, ["versions on /\(c)"])
                XCTAssertEqual(refused.status, 1, "\(cluster.name): \(refused.errors)")
                XCTAssertEqual(refused.errors, "objsh: line 1: versions: the file store keeps no versions of objects\n")
                continue
            }
            let on = try objsh(cluster, ["versions on /\(c)", "info /\(c)"])
            XCTAssertEqual(on.status, 0, "\(cluster.name): \(on.errors)")
            XCTAssertTrue(on.output.contains("versions on for \(c): "), "\(cluster.name): \(on.output)")
            XCTAssertTrue(on.output.contains("Versioning: on\n"), "\(cluster.name): \(on.output)")
            let ids = try writeFourTimes(cluster, c)
            guard ids.count == 4 else { return XCTFail("\(cluster.name): \(ids)") }
            try checkEachVersionReads(cluster, c, ids)
            try checkRestoreDeleteAndUndelete(cluster, c, ids)
            try checkRemoveOneVersion(cluster, c, ids[1])
            let off = try objsh(cluster, ["versions off /\(c)", "info /\(c)"])
            XCTAssertTrue(off.output.contains("Versioning: suspended\n"), "\(cluster.name): \(off.output) \(off.errors)")
        }
    }

    /// Four uploads, then `ls --versions`: four lines, newest first; their IDs, newest first.
    func writeFourTimes(_ cluster: (name: String, config: String?), _ c: String) throws -> [String] {
        let uploads = (0..<4).map { "upload \(home)/v\($0)/doc.txt" }
        let run = try objsh(cluster, ["cd /\(c)"] + uploads + ["ls --versions doc.txt"])
        XCTAssertEqual(run.status, 0, "\(cluster.name): \(run.errors)")
        let lines = run.output.split(separator: "\n").filter { $0.hasSuffix("  doc.txt") }
        XCTAssertEqual(lines.count, 4, "\(cluster.name): \(run.output)")
        let fields = lines.map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        XCTAssertEqual(fields.map { $0[3] }, ["current", "older", "older", "older"], "\(cluster.name): \(run.output)")
        XCTAssertEqual(fields.map { Int($0[1]) }, contents.reversed().map { $0.utf8.count }, "\(cluster.name): \(run.output)")
        return fields.map { $0[0] }
    }

    /// `cat --version` and `get --version` of each version give its bytes; `info --version` its facts.
    func checkEachVersionReads(_ cluster: (name: String, config: String?), _ c: String, _ ids: [String]) throws {
        for (id, content) in zip(ids, contents.reversed()) {
            let cat = try objsh(cluster, ["cat --version \(id) /\(c)/doc.txt"])
            XCTAssertEqual(cat.output, content, "\(cluster.name): version \(id): \(cat.errors)")
            let file = home + "/got-\(cluster.name)-\(id)"
            let get = try objsh(cluster, ["get --version \(id) /\(c)/doc.txt \(file)"])
            XCTAssertTrue(get.output.contains("verified"), "\(cluster.name): \(get.output) \(get.errors)")
            XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), content, "\(cluster.name): version \(id)")
        }
        let info = try objsh(cluster, ["info --version \(ids[3]) /\(c)/doc.txt"], json: true)
        let record = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [String: Any], info.errors)
        XCTAssertEqual(record["version"] as? String, ids[3])
        XCTAssertEqual(record["bytes"] as? Int, contents[0].utf8.count)
        let missing = try objsh(cluster, ["cat --version 1234567890.12345 /\(c)/doc.txt"])
        XCTAssertEqual(missing.status, 66, "\(cluster.name): \(missing.errors)")
        XCTAssertTrue(missing.errors.contains("doc.txt: no version 1234567890.12345 in \(c)"), "\(cluster.name): \(missing.errors)")
    }

    /// The first version restored; a delete that keeps the bytes; `restore` undeletes.
    func checkRestoreDeleteAndUndelete(_ cluster: (name: String, config: String?), _ c: String, _ ids: [String]) throws {
        let restore = try objsh(cluster, ["cd /\(c)", "restore --version \(ids[3]) doc.txt", "cat doc.txt"])
        XCTAssertEqual(restore.status, 0, "\(cluster.name): \(restore.errors)")
        XCTAssertTrue(restore.output.hasPrefix("restored /\(c)/doc.txt from version \(ids[3]) ("), "\(cluster.name): \(restore.output)")
        XCTAssertTrue(restore.output.hasSuffix(contents[0]), "\(cluster.name): \(restore.output)")
        let delete = try objsh(cluster, ["cd /\(c)", "rm doc.txt", "ls --versions doc.txt"])
        XCTAssertEqual(delete.status, 0, "\(cluster.name): \(delete.errors)")
        XCTAssertTrue(delete.output.contains("deleted /\(c)/doc.txt (the container keeps versions"), "\(cluster.name): \(delete.output)")
        let listed = delete.output.split(separator: "\n").filter { $0.hasSuffix("  doc.txt") }
        XCTAssertEqual(listed.count, 6, "\(cluster.name): \(delete.output)")
        XCTAssertTrue(listed.first?.contains("  deleted  ") == true, "\(cluster.name): \(delete.output)")
        let undelete = try objsh(cluster, ["cd /\(c)", "restore doc.txt", "cat doc.txt"])
        XCTAssertEqual(undelete.status, 0, "\(cluster.name): \(undelete.errors)")
        XCTAssertTrue(undelete.output.contains("; it was deleted\n"), "\(cluster.name): \(undelete.output)")
        XCTAssertTrue(undelete.output.hasSuffix(contents[0]), "\(cluster.name): \(undelete.output)")
    }

    /// `rm -n --version` says and keeps; `rm --version` (a script: no question) deletes that one.
    func checkRemoveOneVersion(_ cluster: (name: String, config: String?), _ c: String, _ id: String) throws {
        let dry = try objsh(cluster, ["rm -n --version \(id) /\(c)/doc.txt", "ls --versions /\(c)/doc.txt"])
        XCTAssertTrue(dry.output.hasPrefix("would delete version \(id) of /\(c)/doc.txt ("), "\(cluster.name): \(dry.output)")
        XCTAssertTrue(dry.output.contains("\(id)  "), "\(cluster.name): -n deleted it: \(dry.output)")
        let gone = try objsh(cluster, ["rm --version \(id) /\(c)/doc.txt", "ls --versions /\(c)/doc.txt"], json: true)
        XCTAssertEqual(gone.status, 0, "\(cluster.name): \(gone.errors)")
        XCTAssertTrue(gone.errors.contains("deleted version \(id) of /\(c)/doc.txt"), "\(cluster.name): \(gone.errors)")
        let records = try gone.output.split(separator: "\n").map {
            try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        XCTAssertEqual(records.count, 6, "\(cluster.name): \(gone.output)")
        XCTAssertFalse(records.contains { $0["version"] as? String == id }, "\(cluster.name): \(gone.output)")
        XCTAssertEqual(records.first?["current"] as? Bool, true, "\(cluster.name): \(gone.output)")
        XCTAssertEqual(records.filter { $0["delete_marker"] as? Bool == true }.count, 1, "\(cluster.name): \(gone.output)")
    }
}
