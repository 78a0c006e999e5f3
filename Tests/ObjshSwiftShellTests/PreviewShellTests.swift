import Foundation
import XCTest

/// The info pane's preview with the real binary on every store: a text object's first
/// lines, from one GET that carries a Range (a large object's too: an SLO on Swift, a
/// multipart object on S3), and a binary object's type and size.
final class PreviewShellTests: XCTestCase {
    private var home = ""
    private let container = "prv" + String(UInt32.random(in: 0...UInt32.max), radix: 36)

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-preview-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/tree", withIntermediateDirectories: true)
        let log = (0..<300_000).map { "line \($0) of a big log\n" }.joined()
        try Data(log.utf8).write(to: URL(fileURLWithPath: home + "/big.log"))
        try Data("first\u{1B}[2J\nsecond\n".utf8).write(to: URL(fileURLWithPath: home + "/tree/notes.txt"))
        try Data([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x00, 0x00] + Array(repeating: 0, count: 3_064))
            .write(to: URL(fileURLWithPath: home + "/tree/tool.bin"))
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    func objsh(_ cluster: (name: String, config: String?), _ script: String, debug: Bool = false, quiet: Bool = false) throws -> ObjshRun {
        let flags = (quiet ? ["-q"] : []) + (debug ? ["--debug"] : [])
        // Panes 60 columns wide: the binary object's words are not cut.
        return try ObjshRun.run(
            ["--cluster", cluster.name] + flags + ["-c", script], config: cluster.config, home: home, extraEnvironment: ["COLUMNS": "123"])
    }

    func testPreviewsOnEveryStore() throws {
        for cluster in EveryStore.clusters(home: home) {
            let c = container + cluster.name.lowercased()
            let seeded = try objsh(
                cluster, "cd /; mkdir \(c); cd /\(c); upload \(home)/tree; upload --segment-size 5M \(home)/big.log", quiet: true)
            guard seeded.status == 0 else { return XCTFail("\(cluster.name): seeding failed: \(seeded.errors)") }
            let big = try objsh(cluster, "cd /\(c)/big.log", debug: true)
            XCTAssertEqual(big.status, 0, "\(cluster.name): \(big.errors)")
            XCTAssertTrue(
                big.output.contains("┊ line 0 of a big log\n") && big.output.contains("┊ line 3 of a big log\n"), "\(cluster.name): \(big.output)")
            let reads = big.errors.split(separator: "\n").filter { $0.hasPrefix("debug: GET ") && $0.contains("big.log") && !$0.contains("?") }
            if cluster.name != "files" {
                XCTAssertEqual(reads.count, 1, "\(cluster.name): one GET of the content: \(big.errors)")
                XCTAssertTrue(reads.allSatisfy { $0.lowercased().contains("range: bytes=0-8191") }, "\(cluster.name): \(reads)")
            }
            let small = try objsh(cluster, "cd /\(c)/tree; info notes.txt; info tool.bin")
            XCTAssertTrue(small.output.contains("┊ first^[[2J\n") && small.output.contains("┊ second\n"), "\(cluster.name): \(small.output)")
            XCTAssertFalse(small.output.contains("\u{1B}"), "\(cluster.name): an escape reached the output")
            XCTAssertTrue(small.output.contains("binary: application/octet-stream, 3.0 KiB"), "\(cluster.name): \(small.output)")
            _ = try objsh(cluster, "rm -r -f /\(c)", quiet: true)
        }
    }
}
