import Foundation
import XCTest

/// `cp -r -n` plans the very names `cp -r` then makes, on every store, for names a
/// hand-made "name below the folder" gets wrong; and the copy asks each thing once.
final class CopyPlanShellTests: XCTestCase {
    private var home = ""
    private let container = "cpp" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    /// Spaces, letters beyond ASCII, `%` and `+` (which URLs and signatures encode),
    /// names that start other names (`pre.txt`, `pre.txt.bak`, the folder `pre`), folders.
    static let names = ["a b.txt", "ü/é 1.txt", "100%.txt", "a+b.txt", "pre.txt", "pre.txt.bak", "pre/inside.txt", "nested/x.txt"]

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-copy-plan-" + UUID().uuidString
        for name in Self.names {
            let path = home + "/tree/src/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(("bytes of " + name).utf8).write(to: URL(fileURLWithPath: path))
        }
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    func objsh(_ cluster: (name: String, config: String?), _ lines: [String], options: [String] = []) throws -> ObjshRun {
        try ObjshRun.run(["-q", "--cluster", cluster.name] + options + ["-c", lines.joined(separator: "\n")], config: cluster.config, home: home)
    }

    func testADryRunPlansTheNamesTheCopyMakes() throws {
        for cluster in EveryStore.clusters(home: home) {
            let c = container + cluster.name.lowercased()
            // The folder marker `src/nested/deeper/` goes with the folder (where the store keeps markers).
            let seeded = try objsh(cluster, ["cd /", "mkdir \(c)", "cd /\(c)", "upload \(home)/tree/src", "cd src/nested", "mkdir deeper"])
            guard seeded.status == 0 else { return XCTFail("\(cluster.name): seeding failed: \(seeded.errors)") }
            let planned = try objsh(cluster, ["cp -r -n /\(c)/src /\(c)/dest"])
            XCTAssertEqual(planned.status, 0, "\(cluster.name): \(planned.errors)")
            let targets = planned.output.split(separator: "\n").compactMap { line -> String? in
                line.range(of: " to /\(c)/dest").map { String(line[line.index($0.lowerBound, offsetBy: 4)...]) }
            }
            let copied = try objsh(cluster, ["cp -r /\(c)/src /\(c)/dest"], options: cluster.name == "env" ? ["--debug"] : [])
            XCTAssertEqual(copied.status, 0, "\(cluster.name): \(copied.errors)")
            let made = try objsh(cluster, ["ls -R /\(c)/dest"], options: ["--json"]).output.split(separator: "\n").compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["path"] as? String
            }
            XCTAssertEqual(targets.sorted(), made.sorted(), "\(cluster.name): the plan and the copy differ")
            XCTAssertTrue(Set(made).isSuperset(of: Self.names.map { "/\(c)/dest/" + $0 }), "\(cluster.name): \(made)")
            if cluster.name == "env" {
                XCTAssertTrue(made.contains("/\(c)/dest/nested/deeper"), "the folder marker: \(made)")
                try checkEachQuestionIsAskedOnce(copied.errors, c)
            }
            _ = try objsh(cluster, ["rm -r -f /\(c)"])
        }
    }

    /// The requests of `cp -r SRC DEST` into a DEST not there: one probe of DEST (its
    /// listing, then a HEAD), and SRC listed without a HEAD first.
    func checkEachQuestionIsAskedOnce(_ debug: String, _ c: String) throws {
        let requests = debug.split(separator: "\n").filter { $0.hasPrefix("debug: ") }
        XCTAssertEqual(requests.filter { $0.contains("prefix=dest%2F&limit=1") }.count, 1, "DEST resolved more than once")
        XCTAssertEqual(requests.filter { $0.hasPrefix("debug: HEAD ") && $0.contains("/\(c)/dest ") }.count, 1, "DEST resolved more than once")
        XCTAssertEqual(requests.filter { $0.hasPrefix("debug: HEAD ") && $0.contains("/\(c)/src ") }, [], "a HEAD of the folder -r copies")
        XCTAssertEqual(requests.filter { $0.contains("prefix=src%2F&limit=1") }.count, 1, "SRC is listed first")
    }
}
