import Foundation
import XCTest

/// `diff` of large objects with the real binary, the test Swift server (`env`) and its
/// s3api: an SLO compared by its segments, objsh's own multipart object by its recorded
/// part size, boto3's (s3transfer, the AWS CLI's engine) by a part size that fits, and
/// an SLO against a multipart object across the clusters by their pieces' MD5s.
final class DiffLargeObjectTests: XCTestCase {
    private var home = ""
    private let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
    private var s3: (endpoint: String, access: String, secret: String)!

    override func setUp() async throws {
        s3 = try Boto3Run.s3api()
        home = NSTemporaryDirectory() + "objsh-difflarge-" + UUID().uuidString
        // 11 MiB: three parts of 5 MiB; 4 MiB and 4 MB or 5 MB would cut it in three too.
        let bytes = Data((0..<(11 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 12) })
        try FileManager.default.createDirectory(atPath: home + "/big", withIntermediateDirectories: true)
        try bytes.write(to: URL(fileURLWithPath: home + "/big/big.bin"))
        try Data("small\n".utf8).write(to: URL(fileURLWithPath: home + "/big/small.txt"))
        for name in ["big.bin", "small.txt"] {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: home + "/big/" + name)
        }
    }

    override func tearDown() async throws {
        _ = try? objsh(["rm -r -f /c\(tag)", "rm -r -f /c\(tag)_segments"])
        _ = try? objsh(["rm -r -f /b\(tag)"], cluster: "s3api")
        try? FileManager.default.removeItem(atPath: home)
    }

    func objsh(_ lines: [String], cluster: String = "env", json: Bool = false) throws -> ObjshRun {
        let config = "[cluster s3api]\ntype = s3\nendpoint = \(s3.endpoint)\naccess_key = \(s3.access)\nsecret_key = \(s3.secret)\n"
        let flags = ["-q", "--cluster", cluster] + (json ? ["--json"] : [])
        return try ObjshRun.run(flags + ["-c", lines.joined(separator: "\n")], config: config, home: home)
    }

    func records(_ run: ObjshRun) throws -> [[String: Any]] {
        try run.output.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    func testLargeObjectsByTheirPieces() throws {
        let env = try objsh(["cd /", "mkdir c\(tag)", "cd /c\(tag)", "upload --segment-size 5M \(home)/big big"])
        XCTAssertEqual(env.status, 0, env.errors)
        let s3 = try objsh(["cd /", "mkdir b\(tag)", "cd /b\(tag)", "upload --segment-size 5M \(home)/big big"], cluster: "s3api")
        XCTAssertEqual(s3.status, 0, s3.errors)
        let boto = """
            from boto3.s3.transfer import TransferConfig
            config = TransferConfig(multipart_threshold=5 * 1024 * 1024, multipart_chunksize=5 * 1024 * 1024)
            s3.upload_file(sys.argv[2], sys.argv[1], 'boto/big.bin', Config=config)
            print(s3.head_object(Bucket=sys.argv[1], Key='boto/big.bin')['ETag'])
            """
        let uploaded = try Boto3Run.run(
            endpoint: self.s3.endpoint, accessKey: self.s3.access, secretKey: self.s3.secret, boto, ["b\(tag)", home + "/big/big.bin"])
        XCTAssertEqual(uploaded.status, 0)
        XCTAssertTrue(uploaded.output.contains("-3\""), "a multipart object of three parts: \(uploaded.output)")
        // The file is read once: then the digest cache knows its parts at 5 MiB, which
        // prove the multipart objects too (boto3's, whose part size no one recorded).
        for (index, (place, cluster)) in [("/c\(tag)/big", "env"), ("s3api:/b\(tag)/big", "env"), ("/b\(tag)/boto", "s3api")].enumerated() {
            let same = try objsh(["diff file:\(home)/big \(place) --exclude small.txt"], cluster: cluster)
            XCTAssertEqual(same.status, 0, "\(place): \(same.output) \(same.errors)")
            XCTAssertTrue(
                same.output.hasPrefix("= 1 same, + 0 (0 B), - 0 (0 B), ~ 0 (0 B); 0 by size and time; hashed \(index == 0 ? 1 : 0) files"),
                "\(place): \(same.output)")
        }
        let across = try objsh(["diff /c\(tag)/big s3api:/b\(tag)/big", "diff /c\(tag)/big s3api:/b\(tag)/boto --exclude small.txt"])
        XCTAssertEqual(across.status, 0, "an SLO against multipart objects of the same cut: \(across.output) \(across.errors)")
        try checkChangedByte()
    }

    /// One byte changed in part 2, the file's time kept: the SLO's segments and the
    /// recorded part size prove it changed; boto3's object, whose part size is only
    /// guessed, is judged by time, and the file is newer.
    func checkChangedByte() throws {
        let path = home + "/big/big.bin"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[6 << 20] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: path)
        for (place, cluster, by) in [("/c\(tag)/big", "env", "segments"), ("/b\(tag)/big", "s3api", "parts")] {
            let changed = try objsh(["diff file:\(home)/big \(place)"], cluster: cluster, json: true)
            XCTAssertEqual(changed.status, 1, "\(place): \(changed.errors)")
            let first = try records(changed).first
            XCTAssertEqual(first?["change"] as? String, "~", "\(place): \(changed.output)")
            XCTAssertEqual(first?["by"] as? String, by, "\(place): \(changed.output)")
        }
        // An hour ahead, newer than the object whatever time the server stamped on it:
        // with Date() one run of the whole suite found the file not newer.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 3600)], ofItemAtPath: path)
        let guessed = try objsh(["diff file:\(home)/big /b\(tag)/boto --exclude small.txt"], cluster: "s3api")
        XCTAssertEqual(guessed.status, 1, guessed.errors)
        XCTAssertTrue(guessed.output.hasPrefix("~? big.bin\n= 0 same, + 0 (0 B), - 0 (0 B), ~ 1 (11.0 MiB); 1 by size and time"), guessed.output)
        let sent = try objsh(["cd /b\(tag)/big", "upload --segment-size 5M \(path)"], cluster: "s3api")
        XCTAssertEqual(sent.status, 0, sent.errors)
        let across = try objsh(["diff /c\(tag)/big s3api:/b\(tag)/big"], json: true)
        XCTAssertEqual(across.status, 1, across.errors)
        XCTAssertEqual(try records(across).first?["by"] as? String, "parts", across.output)
    }
}
