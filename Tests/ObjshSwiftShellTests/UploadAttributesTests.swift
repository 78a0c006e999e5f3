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
            // Swift's segments container outlives the container rm -r took.
            if cluster.name == "env" { _ = try EveryStore.run(cluster, ["rm -r -f /\(c)_segments"], home: home) }
        }
    }
}

/// `upload --cache-control VALUE --storage-class CLASS`: the Cache-Control comes back from
/// `info` on Swift, s3api and moto, a small object's and a large one's (the SLO manifest
/// or the completed multipart upload carries it); the storage class on moto, which keeps
/// S3's classes. Swift, with no storage class per object, and the file store refuse
/// before anything is sent.
final class UploadHeadersTests: XCTestCase {
    private var home = ""
    private let container = "uhdr" + String(UInt32.random(in: 0...UInt32.max), radix: 36)

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-upload-headers-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/src", withIntermediateDirectories: true)
        try Data("a,b\n".utf8).write(to: URL(fileURLWithPath: home + "/src/small.csv"))
        try Data(repeating: 7, count: 6 << 20).write(to: URL(fileURLWithPath: home + "/src/large.csv"))
    }

    override func tearDown() async throws { try? FileManager.default.removeItem(atPath: home) }

    func testCacheControlAndStorageClassComeBackOrAreRefusedBeforeSending() throws {
        for cluster in EveryStore.clusters(home: home) {
            let c = container + cluster.name.lowercased()
            let made = try EveryStore.run(cluster, ["cd /", "mkdir \(c)"], home: home)
            XCTAssertEqual(made.status, 0, "\(cluster.name): \(made.errors)")
            defer {
                _ = try? EveryStore.run(cluster, ["rm -r -f /\(c)"], home: home)
                // Swift's segments container outlives the container rm -r takes.
                if cluster.name == "env" { _ = try? EveryStore.run(cluster, ["rm -r -f /\(c)_segments"], home: home) }
            }
            let takesClass = cluster.name == "moto"
            let options = "--cache-control max-age=60" + (takesClass ? " --storage-class STANDARD_IA" : "")
            let sent = try EveryStore.run(
                cluster,
                ["cd /\(c)", "upload \(options) \(home)/src/small.csv", "upload --segment-size 5M \(options) \(home)/src/large.csv"],
                home: home)
            let classed = try EveryStore.run(cluster, ["cd /\(c)", "upload --storage-class STANDARD_IA \(home)/src/small.csv x.csv"], home: home)
            let listed = try EveryStore.run(cluster, ["ls /\(c)"], home: home)
            switch cluster.name {
            case "files":
                XCTAssertEqual(sent.status, 1, sent.output)
                XCTAssertTrue(sent.errors.contains("the file store keeps no metadata"), sent.errors)
                XCTAssertEqual(
                    classed.errors,
                    "objsh: line 2: upload: the file store has no storage class per object (Swift's storage policies are per container); "
                        + "nothing was sent\n")
                XCTAssertEqual(listed.output, "", "nothing was sent")
                continue
            case "env":
                XCTAssertEqual(classed.status, 1, classed.output)
                XCTAssertEqual(
                    classed.errors,
                    "objsh: line 2: upload: the swift store has no storage class per object (Swift's storage policies are per container); "
                        + "nothing was sent\n")
            case "moto": XCTAssertEqual(classed.status, 0, classed.errors)
            default:
                XCTAssertEqual(
                    classed.errors,
                    "objsh: line 2: upload: the server takes no storage class STANDARD_IA (InvalidStorageClass): give one its buckets "
                        + "offer, or none for the default; nothing stored\n", "s3api takes only STANDARD")
            }
            XCTAssertEqual(sent.status, 0, "\(cluster.name): \(sent.errors)")
            if !takesClass { XCTAssertFalse(listed.output.contains("x.csv"), "\(cluster.name): a refused upload sent nothing: \(listed.output)") }
            for name in ["small.csv", "large.csv"] {
                let info = try EveryStore.run(cluster, ["info /\(c)/\(name)"], json: true, home: home)
                let record = try XCTUnwrap(
                    JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [String: Any], "\(cluster.name): \(info.output) \(info.errors)")
                XCTAssertEqual(record["cache_control"] as? String, "max-age=60", "\(cluster.name) \(name): \(info.output)")
                if takesClass { XCTAssertEqual(record["storage_class"] as? String, "STANDARD_IA", "\(name): \(info.output)") }
            }
        }
    }
}
