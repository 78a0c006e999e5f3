import Foundation
import XCTest

/// `head`, `tail` and `du` with the real binary on every store: head and tail read only
/// ranges (every GET of the object carries a Range), and du adds up to the listing.
final class ContentShellTests: XCTestCase {
    private var home = ""
    private let container = "cnt" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    private var log = Data()

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-content-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/tree/logs/old", withIntermediateDirectories: true)
        log = Data((0..<60_000).map { "line \($0) of a long log\n" }.joined().utf8)
        try log.write(to: URL(fileURLWithPath: home + "/tree/logs/app.log"))
        try Data(repeating: 7, count: 12_345).write(to: URL(fileURLWithPath: home + "/tree/logs/old/a.bin"))
        try Data(repeating: 8, count: 678).write(to: URL(fileURLWithPath: home + "/tree/top.txt"))
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    func objsh(_ cluster: (name: String, config: String?), _ lines: [String], debug: Bool = false) throws -> ObjshRun {
        try ObjshRun.run(
            ["-q", "--cluster", cluster.name] + (debug ? ["--debug"] : []) + ["-c", lines.joined(separator: "\n")], config: cluster.config,
            home: home)
    }

    func testHeadTailAndDuOnEveryStore() throws {
        for cluster in EveryStore.clusters(home: home) {
            let c = container + cluster.name.lowercased()
            let seeded = try objsh(cluster, ["cd /", "mkdir \(c)", "cd /\(c)", "upload \(home)/tree"])
            guard seeded.status == 0 else { return XCTFail("\(cluster.name): seeding failed: \(seeded.errors)") }
            let tail = try objsh(cluster, ["tail -c 1000 /\(c)/tree/logs/app.log"], debug: true)
            XCTAssertEqual(tail.status, 0, "\(cluster.name): \(tail.errors)")
            XCTAssertEqual(Data(tail.output.utf8), log.suffix(1000), cluster.name)
            let head = try objsh(cluster, ["head -n 3 /\(c)/tree/logs/app.log"], debug: true)
            XCTAssertEqual(head.output, "line 0 of a long log\nline 1 of a long log\nline 2 of a long log\n", cluster.name)
            for run in [tail, head] {
                let reads = run.errors.split(separator: "\n").filter { $0.hasPrefix("debug: GET ") && $0.contains("app.log") && !$0.contains("?") }
                XCTAssertFalse(reads.isEmpty && cluster.name != "files", "\(cluster.name): no read seen: \(run.errors)")
                for read in reads { XCTAssertTrue(read.lowercased().contains("range: bytes="), "\(cluster.name): a read without Range: \(read)") }
            }
            let du = try objsh(cluster, ["du /\(c)/tree", "du /\(c)/tree/logs"])
            XCTAssertEqual(du.status, 0, "\(cluster.name): \(du.errors)")
            let totals = du.output.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).prefix(2).map(String.init) }
            XCTAssertEqual(totals, [[String(log.count + 12_345 + 678), "3"], [String(log.count + 12_345), "2"]], "\(cluster.name): \(du.output)")
            _ = try objsh(cluster, ["rm -r -f /\(c)"])
        }
    }
}
