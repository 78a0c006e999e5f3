import Foundation
import XCTest

/// Patterns in `ls`, `info`, `get` and `rm`, with the real binary on the file store,
/// the test Swift server, its s3api and moto: literal `*` and `?` in names, UTF-8, names around the
/// listing prefix's boundary, no match, and a dry run equal to what the run then does.
final class PatternShellTests: XCTestCase {
    private var home = ""
    private let container = "pat" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    /// Every object the tests put, with its bytes.
    private let names = [
        "a*b.txt", "a?c.txt", "aXb.txt", "東京.log", "x.log", "logs/1.log", "logs/2.log", "logs/sub/3.log",
        "logsX.txt", "logs2/4.log",
    ]

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-pattern-" + UUID().uuidString
        for name in names {
            let path = home + "/tree/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(("bytes of " + name).utf8).write(to: URL(fileURLWithPath: path))
        }
        try FileManager.default.createDirectory(atPath: home + "/down", withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    func clusters() -> [(name: String, config: String?)] { EveryStore.clusters(home: home) }

    func objsh(_ cluster: (name: String, config: String?), _ lines: [String]) throws -> ObjshRun {
        let script = (["lcd \(home)/down"] + lines).joined(separator: "\n")
        return try ObjshRun.run(["-q", "--cluster", cluster.name, "-c", script], config: cluster.config, home: home)
    }

    func lines(_ run: ObjshRun) -> [String] { run.output.split(separator: "\n").map(String.init) }

    func testPatternsOnEveryStore() throws {
        for cluster in clusters() {
            let c = container + cluster.name.lowercased()
            let seeded = try objsh(cluster, ["cd /", "mkdir \(c)", "cd /\(c)", "upload \(home)/tree"])
            guard seeded.status == 0 else { return XCTFail("\(cluster.name): seeding failed: \(seeded.errors)") }
            try checkListings(cluster, c)
            try checkGet(cluster, c)
            try checkRemove(cluster, c)
            _ = try objsh(cluster, ["rm -r -f /\(c)"])
        }
    }

    func checkListings(_ cluster: (name: String, config: String?), _ c: String) throws {
        let cases: [(String, [String])] = [
            ("ls 'a*b.txt'", ["a*b.txt"]),
            ("ls a\\*b.txt", ["a*b.txt"]),
            ("ls a*b.txt", ["a*b.txt", "aXb.txt"]),
            ("ls \"a?c.txt\"", ["a?c.txt"]),
            ("ls a[?X]?.txt", ["a?c.txt", "aXb.txt"]),
            ("ls *.log", ["x.log", "東京.log"]),
            ("ls 東*", ["東京.log"]),
            ("ls logs*", ["logs/", "logs2/", "logsX.txt"]),
            ("ls logs/*", ["logs/1.log", "logs/2.log", "logs/sub/"]),
            ("ls **/*.log", ["logs/1.log", "logs/2.log", "logs/sub/3.log", "logs2/4.log", "x.log", "東京.log"]),
            ("ls /\(c)/tree/logs/**/?.log", ["logs/1.log", "logs/2.log", "logs/sub/3.log"]),
        ]
        for (line, expected) in cases {
            let run = try objsh(cluster, ["cd /\(c)/tree", line])
            XCTAssertEqual(run.status, 0, "\(cluster.name): \(line): \(run.errors)")
            XCTAssertEqual(lines(run), expected, "\(cluster.name): \(line)")
        }
        let none = try objsh(cluster, ["cd /\(c)/tree", "ls nothing*"])
        XCTAssertEqual(none.status, 66, "\(cluster.name): \(none.errors)")
        XCTAssertTrue(none.errors.contains("ls: nothing*: no match"), "\(cluster.name): \(none.errors)")
        let info = try objsh(cluster, ["info --json /\(c)/tree/a?c*"])
        XCTAssertEqual(info.status, 0, "\(cluster.name): \(info.errors)")
        XCTAssertEqual(lines(info).count, 1, "\(cluster.name): \(info.output)")
        XCTAssertTrue(info.output.contains("\"name\":\"a?c.txt\""), "\(cluster.name): \(info.output)")
    }

    func checkGet(_ cluster: (name: String, config: String?), _ c: String) throws {
        let got = try objsh(cluster, ["cd /\(c)/tree", "get **/*.log \(home)/down/\(cluster.name)"])
        XCTAssertEqual(got.status, 0, "\(cluster.name): \(got.errors)")
        for name in names where name.hasSuffix(".log") {
            let bytes = FileManager.default.contents(atPath: "\(home)/down/\(cluster.name)/\(name)")
            XCTAssertEqual(bytes, Data(("bytes of " + name).utf8), "\(cluster.name): \(name)")
        }
    }

    /// `rm -n` lists what the run then deletes, and nothing else goes.
    func checkRemove(_ cluster: (name: String, config: String?), _ c: String) throws {
        let planned = try objsh(cluster, ["cd /\(c)/tree", "rm -n logs*/**/*.log a?b.txt"])
        XCTAssertEqual(planned.status, 0, "\(cluster.name): \(planned.errors)")
        let plan = Set(
            lines(planned).compactMap { line -> String? in
                guard line.hasPrefix("would delete /\(c)/tree/"), let size = line.range(of: " (", options: .backwards) else { return nil }
                return String(line[line.index(line.startIndex, offsetBy: "would delete /\(c)/tree/".count)..<size.lowerBound])
            })
        XCTAssertEqual(plan, ["logs/1.log", "logs/2.log", "logs/sub/3.log", "logs2/4.log", "a*b.txt", "aXb.txt"], cluster.name)
        let before = try objsh(cluster, ["ls -R /\(c)/tree"])
        let removed = try objsh(cluster, ["cd /\(c)/tree", "rm logs*/**/*.log a?b.txt"])
        XCTAssertEqual(removed.status, 0, "\(cluster.name): \(removed.errors)")
        let after = try objsh(cluster, ["ls -R /\(c)/tree"])
        let gone = Set(lines(before)).subtracting(lines(after))
        XCTAssertEqual(Set(gone), plan, "\(cluster.name): before \(before.output) after \(after.output)")
    }
}
