import Crypto
import Foundation
import XCTest

/// The real binary on an S3 cluster (the test server's s3api), with boto3 as the
/// other client: what one uploads, the other downloads byte for byte.
final class S3ShellTests: XCTestCase {
    private var home = ""
    private let bucket = "s3sh" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    private var s3 = (endpoint: "", access: "", secret: "")

    override func setUp() async throws {
        let environment = ProcessInfo.processInfo.environment
        guard let endpoint = environment["OBJSH_TEST_S3_ENDPOINT"], let access = environment["OBJSH_TEST_S3_ACCESS_KEY"],
            let secret = environment["OBJSH_TEST_S3_SECRET_KEY"]
        else {
            throw XCTSkip("no S3 server: OBJSH_TEST_S3_* are unset; run the README's test command")
        }
        s3 = (endpoint, access, secret)
        home = NSTemporaryDirectory() + "objsh-s3shell-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/down", withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    var config: String {
        """
        [cluster s3test]
        type = s3
        endpoint = \(s3.endpoint)
        access_key = \(s3.access)
        secret_command = printf %s '\(s3.secret)'

        [cluster s3wrong]
        type = s3
        endpoint = \(s3.endpoint)
        access_key = \(s3.access)
        secret_key = wrong-5ecret-that-must-never-show
        """
    }

    /// `objsh` on `cluster` in the download folder; `-q` (no panes) unless `panes`.
    func objsh(_ cluster: String, _ lines: [String], debug: Bool = false, panes: Bool = false) throws -> ObjshRun {
        try ObjshRun.run(
            (panes ? [] : ["-q"]) + ["--cluster", cluster] + (debug ? ["--debug"] : []) + [
                "-c", (["lcd \(home)/down"] + lines).joined(separator: "\n"),
            ],
            config: config, home: home)
    }

    /// Runs a boto3 snippet with `s3` (a client for the test server) and `sys.argv`.
    func boto3(_ code: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        try Boto3Run.run(endpoint: s3.endpoint, accessKey: s3.access, secretKey: s3.secret, code, arguments)
    }

    func md5(_ data: Data) -> String { Insecure.MD5.hash(data: data).map { String(format: "%02x", $0) }.joined() }

    func testSessionOnAnS3ClusterWithBoto3AsTheOtherClient() throws {
        let content = Data((0..<(3 << 20 + 11)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 253) })
        try content.write(to: URL(fileURLWithPath: home + "/ü name.bin"))
        let run = try objsh(
            "s3test",
            [
                "mkdir \(bucket)", "cd \(bucket)", "mkdir dir", "cd dir",
                "upload \"\(home)/ü name.bin\" \"ü name+1%.bin\"", "ls -l", "info \"ü name+1%.bin\"",
                "info /\(bucket)", "get \"/\(bucket)/dir/ü name+1%.bin\" mine.bin",
            ], debug: true, panes: true)
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.output.contains("Storage-Class: STANDARD"), run.output)
        XCTAssertTrue(run.output.contains("ETag:") && run.output.contains("Region:") && run.output.contains("us-east-1"), run.output)
        XCTAssertEqual(md5(try Data(contentsOf: URL(fileURLWithPath: home + "/down/mine.bin"))), md5(content))
        for secret in [
            s3.secret, "Signature=0", "Signature=1", "Signature=2", "Signature=3", "Signature=4", "Signature=5",
            "Signature=6", "Signature=7", "Signature=8", "Signature=9", "Signature=a", "Signature=b", "Signature=c",
            "Signature=d", "Signature=e", "Signature=f", "Credential=\(s3.access)",
        ] {
            XCTAssertFalse((run.output + run.errors).contains(secret), "\(secret) was printed:\n\(run.errors)")
        }
        XCTAssertTrue(run.errors.contains("Signature=<redacted>"), run.errors)

        // boto3 reads what objsh wrote, and writes what objsh then reads.
        let fetched = try boto3(
            "sys.stdout.write(__import__('hashlib').md5(s3.get_object(Bucket=sys.argv[1], Key=sys.argv[2])['Body'].read()).hexdigest())",
            [bucket, "dir/ü name+1%.bin"])
        XCTAssertEqual(fetched.status, 0)
        XCTAssertEqual(fetched.output, md5(content))
        let other = Data(content.reversed().prefix(1_000_003))
        try other.write(to: URL(fileURLWithPath: home + "/other.bin"))
        let put = try boto3("s3.upload_file(sys.argv[3], sys.argv[1], sys.argv[2])", [bucket, "from boto3/日本 a~b.bin", home + "/other.bin"])
        XCTAssertEqual(put.status, 0)
        let back = try objsh("s3test", ["cd \"/\(bucket)/from boto3\"", "ls", "get \"日本 a~b.bin\" theirs.bin"])
        XCTAssertEqual(back.status, 0, back.errors)
        XCTAssertTrue(back.output.contains("日本 a~b.bin"), back.output)
        XCTAssertEqual(md5(try Data(contentsOf: URL(fileURLWithPath: home + "/down/theirs.bin"))), md5(other))

        let removed = try objsh("s3test", ["rm -r /\(bucket)"])
        XCTAssertEqual(removed.status, 0, removed.errors)
        let head = try boto3(
            """
            try:
                s3.head_bucket(Bucket=sys.argv[1]); print('present')
            except Exception as e:
                print(e.response['Error']['Code'])
            """, [bucket])
        XCTAssertEqual(head.output, "404\n", "rm -r left the bucket")
    }

    /// S3 pages hold 1,000 keys, so 25,000 list as many key ranges side by side.
    func testLargeListingsInRangesComeOutAsOneStream() throws {
        try ServerByHand.seed("objsh-flat-25k", count: 25_000, flat: true)
        try ServerByHand.seed("objsh-contract-25k", count: 25_000)
        let run = try objsh("s3test", ["ls objsh-flat-25k", "ls -R objsh-contract-25k"])
        XCTAssertEqual(run.status, 0, run.errors)
        let lines = run.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 50_000)
        XCTAssertEqual(Array(lines.prefix(25_000)), (0..<25_000).map { String(format: "o%06d.txt", $0) })
        XCTAssertEqual(Array(lines.dropFirst(25_000)), (0..<25_000).map { String(format: "f%03d/o%06d.txt", $0 / 1000, $0) })
    }

    func testAWrongSecretIsOneClearLine() throws {
        let run = try objsh("s3wrong", ["ls"], debug: true)
        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(run.errors.contains("SignatureDoesNotMatch") && run.errors.contains("clock"), run.errors)
        XCTAssertFalse(run.errors.contains("<Error>") || run.errors.contains("<?xml"), run.errors)
        XCTAssertFalse((run.output + run.errors).contains("wrong-5ecret"), run.errors)
        let lines = run.errors.split(separator: "\n").filter { !$0.hasPrefix("debug: ") }
        XCTAssertEqual(lines.count, 1, run.errors)
    }

    /// Killed during a multipart upload, the same command again sends only the parts
    /// ListParts does not show; the object is byte-exact, its download verified against
    /// the multipart ETag, and no upload or part is left after it or after rm.
    func testKilledMultipartUploadResumesAndLeavesNothingBehind() throws {
        let content = Data((0..<(6 * (5 << 20) + 1_234)).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 / 509) })
        try content.write(to: URL(fileURLWithPath: home + "/big.bin"))
        XCTAssertEqual(try objsh("s3test", ["mkdir \(bucket)"]).status, 0)
        let parts = bucket + "+segments"  // where s3api keeps the parts, seen through the Swift API
        let command = "cd /\(bucket)\nupload --segment-size 5M --parallel 2 \(home)/big.bin"
        try FileManager.default.createDirectory(atPath: home + "/config/objsh", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: home + "/config/objsh/config", contents: Data(config.utf8),
            attributes: [.posixPermissions: 0o600])
        let first = try ObjshRun.start(
            ["-q", "--cluster", "s3test", "-c", command], home: home,
            extraEnvironment: ["OBJSH_TEST_SEGMENT_DELAY_MS": "300"], server: try ObjshRun.server())
        // Wait for the state (parts stored), not for a time, then SIGKILL.
        let deadline = Date().addingTimeInterval(120)
        while try ServerByHand.names(in: parts, prefix: "big.bin/").count < 2 {
            guard Date() < deadline, first.isRunning else { return XCTFail("no parts appeared before the upload ended") }
            usleep(10_000)
        }
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        let stored = try ServerByHand.names(in: parts, prefix: "big.bin/").count
        XCTAssertLessThan(stored, 7)
        XCTAssertEqual(try ServerByHand.headStatus(bucket, "big.bin"), 404, "no partial object under the final name")

        let second = try objsh("s3test", [command], debug: true)
        XCTAssertEqual(second.status, 0, second.errors)
        let sent = second.errors.split(separator: "\n").filter { $0.hasPrefix("debug: PUT ") && $0.contains("partNumber=") }.count
        XCTAssertLessThanOrEqual(sent, 7 - stored + 1, "sent again: \(sent) parts; \(stored) were stored")
        XCTAssertTrue(second.output.contains("7 segments, \(7 - sent) already stored"), second.output)
        let fetched = try boto3(
            """
            import hashlib
            print(hashlib.md5(s3.get_object(Bucket=sys.argv[1], Key='big.bin')['Body'].read()).hexdigest())
            print(len(s3.list_multipart_uploads(Bucket=sys.argv[1]).get('Uploads', [])))
            """, [bucket])
        XCTAssertEqual(fetched.output, md5(content) + "\n0\n", "the object is byte-exact and no upload is left open")
        let got = try objsh("s3test", ["get /\(bucket)/big.bin mine.bin", "info /\(bucket)/big.bin"], panes: true)
        XCTAssertEqual(got.status, 0, got.errors)
        XCTAssertTrue(got.output.contains("verified"), got.output)
        XCTAssertTrue(got.output.contains("Multipart:") && got.output.contains("7 parts: the ETag"), got.output)
        XCTAssertEqual(md5(try Data(contentsOf: URL(fileURLWithPath: home + "/down/mine.bin"))), md5(content))
        XCTAssertEqual(try objsh("s3test", ["rm -r /\(bucket)"]).status, 0)
        XCTAssertEqual(try ServerByHand.names(in: parts), [], "rm left parts behind")
    }

    /// boto3 records no part size; objsh finds the one that fits (5 MiB for 8 parts of a
    /// 36 MiB object), so the download is verified against the multipart ETag.
    func testAMultipartObjectBoto3UploadedIsVerifiedWithItsPartSizeFound() throws {
        let content = Data((0..<(36 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 4093) })
        try content.write(to: URL(fileURLWithPath: home + "/theirs.bin"))
        XCTAssertEqual(try objsh("s3test", ["mkdir \(bucket)"]).status, 0)
        let put = try boto3(
            """
            from boto3.s3.transfer import TransferConfig
            s3.upload_file(sys.argv[2], sys.argv[1], 'theirs.bin', Config=TransferConfig(multipart_threshold=5 << 20, multipart_chunksize=5 << 20))
            print(s3.head_object(Bucket=sys.argv[1], Key='theirs.bin')['ETag'])
            """, [bucket, home + "/theirs.bin"])
        XCTAssertEqual(put.status, 0)
        XCTAssertTrue(put.output.contains("-8\""), "boto3 made 8 parts: \(put.output)")
        let got = try objsh("s3test", ["get /\(bucket)/theirs.bin", "get --parallel 1 /\(bucket)/theirs.bin one.bin"])
        XCTAssertEqual(got.status, 0, got.errors)
        XCTAssertEqual(got.output.components(separatedBy: "bytes, verified)").count, 3, got.output)
        XCTAssertEqual(md5(try Data(contentsOf: URL(fileURLWithPath: home + "/down/theirs.bin"))), md5(content))
        XCTAssertEqual(md5(try Data(contentsOf: URL(fileURLWithPath: home + "/down/one.bin"))), md5(content))
        XCTAssertEqual(try objsh("s3test", ["rm -r /\(bucket)"]).status, 0)
    }
}
