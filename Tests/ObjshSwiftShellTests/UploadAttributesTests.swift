import Foundation
import XCTest

/// `upload --content-type TYPE --metadata KEY=VALUE`, with the real binary on every
/// store: a small file (one PUT) and a large one (segments, the manifest or the completed
/// multipart upload carrying them) both come back from `meta` with the type and keys
/// given. The file store, which keeps neither, refuses before anything is sent.
final class UploadAttributesTests: XCTestCase {
    private var home = ""
    private let container = "uatt" + String(UInt32.random(in: 0...UInt32.max), radix: 36)

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-upload-attributes-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/src", withIntermediateDirectories: true)
        try Data("a,b\n".utf8).write(to: URL(fileURLWithPath: home + "/src/small.csv"))
        try Data(repeating: 7, count: 6 << 20).write(to: URL(fileURLWithPath: home + "/src/large.csv"))
    }

    override func tearDown() async throws { try? FileManager.default.removeItem(atPath: home) }

    func testTheTypeAndMetadataGivenComeBackOnEveryStore() throws {
        let options = "--content-type text/csv --metadata source=crm --metadata Owner=ann"
        for cluster in EveryStore.clusters(home: home) {
            let c = container + cluster.name.lowercased()
            let sent = try EveryStore.run(
                cluster,
                [
                    "cd /", "mkdir \(c)", "cd /\(c)", "upload \(options) \(home)/src/small.csv",
                    "upload --segment-size 5M \(options) \(home)/src/large.csv",
                ], home: home)
            if cluster.name == "files" {
                XCTAssertEqual(sent.status, 1, sent.output)
                XCTAssertTrue(sent.errors.contains("the file store keeps no metadata"), sent.errors)
                XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/store/\(c)/small.csv"), "nothing was sent")
                continue
            }
            XCTAssertEqual(sent.status, 0, "\(cluster.name): \(sent.errors)")
            for name in ["small.csv", "large.csv"] {
                let meta = try EveryStore.run(cluster, ["meta /\(c)/\(name)"], home: home)
                let lines = meta.output.split(separator: "\n").map { $0.lowercased() }
                XCTAssertTrue(lines.contains("content-type: text/csv"), "\(cluster.name) \(name): \(meta.output) \(meta.errors)")
                XCTAssertTrue(lines.contains("meta-source: crm"), "\(cluster.name) \(name): \(meta.output)")
                XCTAssertTrue(lines.contains("meta-owner: ann"), "\(cluster.name) \(name): \(meta.output)")
            }
            XCTAssertEqual(try EveryStore.run(cluster, ["rm -r -f /\(c)"], home: home).status, 0, cluster.name)
        }
    }
}
