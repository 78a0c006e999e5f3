import Crypto
import Foundation
import XCTest

/// The real binary on moto (`scripts/moto-server`), boto3 as the other client:
/// `x-amz-meta-*` in `info` both ways, a virtual-hosted cluster, and the one-line
/// errors of a server that checks signatures and IAM policies.
final class MotoShellTests: XCTestCase {
    private var home = ""
    private let bucket = "motosh" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    private var moto: [String: String] = [:]

    override func setUp() async throws {
        let environment = ProcessInfo.processInfo.environment
        for name in [
            "ENDPOINT", "PORT", "ACCESS_KEY", "SECRET_KEY", "AUTH_ENDPOINT", "AUTH_ACCESS_KEY", "AUTH_SECRET_KEY",
            "DENIED_ACCESS_KEY", "DENIED_SECRET_KEY",
        ] {
            guard let value = environment["OBJSH_TEST_MOTO_" + name] else {
                throw XCTSkip(
                    "no moto server: OBJSH_TEST_MOTO_\(name) is unset; run the README's test command, "
                        + "which starts one with scripts/moto-server start DIR and exports DIR/env")
            }
            moto[name] = value
        }
        home = NSTemporaryDirectory() + "objsh-motoshell-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/down", withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    var config: String {
        func cluster(_ name: String, _ endpoint: String, _ access: String, _ secret: String, _ extra: String = "") -> String {
            "[cluster \(name)]\ntype = s3\nendpoint = \(endpoint)\naccess_key = \(access)\nsecret_key = \(secret)\n\(extra)\n"
        }
        let open = moto["ENDPOINT"]!
        let auth = moto["AUTH_ENDPOINT"]!
        return cluster("moto", open, moto["ACCESS_KEY"]!, moto["SECRET_KEY"]!)
            + cluster("motovhost", "http://localhost:\(moto["PORT"]!)", moto["ACCESS_KEY"]!, moto["SECRET_KEY"]!, "addressing = virtual")
            + cluster("motoauth", auth, moto["AUTH_ACCESS_KEY"]!, moto["AUTH_SECRET_KEY"]!)
            + cluster("motowrong", auth, moto["AUTH_ACCESS_KEY"]!, "wrong-5ecret-that-must-never-show")
            + cluster("motodenied", auth, moto["DENIED_ACCESS_KEY"]!, moto["DENIED_SECRET_KEY"]!)
    }

    /// `objsh` on `cluster` in the download folder; `mode` is `-q` (no panes), `--json`, or nil for panes.
    func objsh(_ cluster: String, _ lines: [String], mode: String? = "-q", debug: Bool = false) throws -> ObjshRun {
        try ObjshRun.run(
            (mode.map { [$0] } ?? []) + ["--cluster", cluster] + (debug ? ["--debug"] : [])
                + ["-c", (["lcd \(home)/down"] + lines).joined(separator: "\n")], config: config, home: home)
    }

    /// Runs a boto3 snippet with `s3` (a client for moto's open server) and `sys.argv`.
    func boto3(_ code: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        try Boto3Run.run(endpoint: moto["ENDPOINT"]!, accessKey: moto["ACCESS_KEY"]!, secretKey: moto["SECRET_KEY"]!, code, arguments)
    }

    func md5(_ data: Data) -> String { Insecure.MD5.hash(data: data).map { String(format: "%02x", $0) }.joined() }

    /// boto3's metadata shows in `info`; objsh's multipart upload (through a virtual-hosted
    /// cluster) keeps its part size in `x-amz-meta-objsh-part-bytes`, which boto3 reads back.
    func testUserMetadataBothWaysOnAVirtualHostedCluster() throws {
        let put = try boto3(
            "s3.create_bucket(Bucket=sys.argv[1]); s3.put_object(Bucket=sys.argv[1], Key='meta.txt', Body=b'hi', "
                + "Metadata={'Color': 'blue', 'owner': 'ops team'})", [bucket])
        XCTAssertEqual(put.status, 0)
        let info = try objsh("motovhost", ["info /\(bucket)/meta.txt"], mode: "--json")
        XCTAssertEqual(info.status, 0, info.errors)
        XCTAssertTrue(info.output.contains(#""color":"blue""#) && info.output.contains(#""owner":"ops team""#), info.output)

        let content = Data((0..<((5 << 20) + 4_321)).map { UInt8(truncatingIfNeeded: $0 &* 11 &+ $0 / 257) })
        try content.write(to: URL(fileURLWithPath: home + "/big.bin"))
        let run = try objsh(
            "motovhost", ["cd /\(bucket)", "upload --segment-size 5M \(home)/big.bin", "get big.bin mine.bin"],
            mode: nil, debug: true)
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.output.contains("2 segments") && run.output.contains("verified"), run.output)
        XCTAssertTrue(run.errors.contains("debug: PUT http://localhost:\(moto["PORT"]!)/big.bin?partNumber="), run.errors)
        XCTAssertFalse(run.errors.contains("/\(bucket)"), "a bucket in a path on a virtual-hosted cluster:\n\(run.errors)")
        let stored = try objsh("motovhost", ["info /\(bucket)/big.bin"], mode: "--json")
        // The part size is objsh's own key: boto3 sees it below, `info` leaves it out of the user's metadata.
        XCTAssertTrue(!stored.output.contains("objsh-part-bytes") && stored.output.contains("-2\""), stored.output)
        XCTAssertTrue(stored.output.contains(#""manifest":"multipart""#), stored.output)
        let listed = try objsh("motovhost", ["ls -l /\(bucket)"], mode: nil)
        XCTAssertTrue(listed.output.contains("big.bin  [multipart: 2 parts]"), listed.output)
        XCTAssertEqual(md5(try Data(contentsOf: URL(fileURLWithPath: home + "/down/mine.bin"))), md5(content))
        let head = try boto3(
            """
            h = s3.head_object(Bucket=sys.argv[1], Key='big.bin')
            print(h['Metadata'], h['ETag'].strip('"').split('-')[1], len(s3.list_multipart_uploads(Bucket=sys.argv[1]).get('Uploads', [])))
            """, [bucket])
        XCTAssertEqual(head.output, "{'objsh-part-bytes': '5242880'} 2 0\n", "metadata, part count, uploads left open")
        XCTAssertEqual(try objsh("moto", ["rm -r /\(bucket)"]).status, 0)
    }

    /// NoSuchBucket (on the open server: the auth server's check fails on the `/` of
    /// `delimiter=/`, even for boto3), SignatureDoesNotMatch and AccessDenied each as one
    /// line, no XML, no secret.
    func testErrorLinesFromAServerThatChecks() throws {
        let cases: [(cluster: String, command: String, says: String)] = [
            ("moto", "ls /\(bucket)-none", "\(bucket)-none: no such container"),
            ("motowrong", "ls", "SignatureDoesNotMatch"),
            ("motodenied", "ls", "AccessDenied"),
        ]
        for (cluster, command, says) in cases {
            let run = try objsh(cluster, [command], debug: true)
            XCTAssertNotEqual(run.status, 0, cluster)
            let lines = run.errors.split(separator: "\n").filter { !$0.hasPrefix("debug: ") }
            XCTAssertEqual(lines.count, 1, "\(cluster): \(run.errors)")
            XCTAssertTrue(lines.first?.contains(says) == true, "\(cluster): \(run.errors)")
            XCTAssertFalse(run.errors.contains("<Error>") || run.errors.contains("<?xml"), run.errors)
            for secret in ["wrong-5ecret", moto["AUTH_SECRET_KEY"]!, moto["DENIED_SECRET_KEY"]!] {
                XCTAssertFalse((run.output + run.errors).contains(secret), "\(cluster) printed a secret:\n\(run.errors)")
            }
        }
    }
}
