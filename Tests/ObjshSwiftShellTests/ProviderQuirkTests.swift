import Crypto
import FaultProxyHarness
import Foundation
import XCTest

/// The real binary against providers' ways, each played by `scripts/provider-proxy` in
/// front of a real server: opaque ETags (R2) and moto, ListObjectsV2 refused (GCS) and
/// the test server's s3api, a 2-part cap (Scaleway's 1,000, scaled down) and s3api, and
/// virtual-hosted requests only and moto. Each: an upload (small and multipart), a
/// listing and a download that work, with the verification said truly.
final class ProviderQuirkTests: ProviderTestCase {
    /// R2's ETags (random strings, never MD5s): uploads stand on Content-MD5, downloads
    /// say they are not verified and why, or are verified by a checksum the server keeps.
    func testOpaqueETagsAsR2() throws {
        let proxy = try ProviderProxy(upstreamPort: motoPort, quirk: "opaque-etags")
        let config = cluster("r2", "http://127.0.0.1:\(proxy.port)", moto: true, "provider = r2\nregion = us-east-1")
        let run = try session(config, "r2")
        XCTAssertTrue(run.output.contains("uploaded small.txt (16 bytes, etag r2"), "an opaque ETag is not called an MD5: \(run.output)")
        let reason = "; the server's ETag is not an MD5 of the bytes, and it offers no checksum: not verified)"
        XCTAssertEqual(verification(of: "small.txt", in: run.output), reason, run.output)
        XCTAssertEqual(verification(of: "big.bin", in: run.output), reason, run.output)
        XCTAssertFalse(run.output.contains("corrupt") || run.errors.contains("corrupt"), run.errors)

        // boto3 keeps a SHA-256 and a CRC-32 of the whole: those verify the download.
        let put = try boto3(
            proxy.port,
            """
            s3.put_object(Bucket=sys.argv[1], Key='sha.txt', Body=b'checked by sha256\\n', ChecksumAlgorithm='SHA256')
            s3.put_object(Bucket=sys.argv[1], Key='crc.txt', Body=b'checked by crc32\\n', ChecksumAlgorithm='CRC32')
            """, [bucket])
        XCTAssertEqual(put.status, 0)
        let got = try objsh(config, "r2", ["get /\(bucket)/sha.txt", "get /\(bucket)/crc.txt", "rm -r /\(bucket)"])
        XCTAssertEqual(got.status, 0, got.errors)
        XCTAssertEqual(verification(of: "sha.txt", in: got.output), ", verified)", got.output)
        XCTAssertEqual(verification(of: "crc.txt", in: got.output), ", verified)", got.output)
    }

    /// GCS's XML API answers ListObjects (V1) only: the refusal of V2 is met once, then
    /// V1 pages (marker paging) list a 1,500-object bucket whole; `list_version = 1`
    /// never asks V2 at all.
    func testListObjectsV2RefusedAsGCS() throws {
        let proxy = try ProviderProxy(upstreamPort: s3apiPort, quirk: "list-v1")
        let endpoint = "http://127.0.0.1:\(proxy.port)"
        let config = cluster("gcsish", endpoint, moto: false) + cluster("gcs", endpoint, moto: false, "provider = gcs\nregion = us-east-1")
        let run = try session(config, "gcsish")
        XCTAssertEqual(verification(of: "small.txt", in: run.output), ", verified)", run.output)
        XCTAssertEqual(verification(of: "big.bin", in: run.output), ", verified)", run.output)
        XCTAssertEqual(proxy.log.filter { $0.hasSuffix("refused-list-v2") }.count, 1, proxy.log.joined(separator: "\n"))

        try seedFlat("objsh-providers-1500", count: 1_500)
        let before = proxy.log.count
        let listed = try objsh(config, "gcs", ["ls /objsh-providers-1500", "rm -r /\(bucket)"])
        XCTAssertEqual(listed.status, 0, listed.errors)
        XCTAssertEqual(listed.output.split(separator: "\n").filter { $0.contains("o00") }.count, 1_500)
        let requests = proxy.log.dropFirst(before)
        XCTAssertFalse(requests.contains { $0.contains("list-type=2") }, requests.joined(separator: "\n"))
        XCTAssertGreaterThanOrEqual(requests.filter { $0.contains("/objsh-providers-1500?") }.count, 2, "paged by marker")
    }

    /// A provider that takes at most N parts (Scaleway's 1,000; 2 here, to stay small):
    /// with `max_parts` the part size grows so the file fits; without it, the third part
    /// is refused and said so.
    func testAPartCapAsScaleway() throws {
        let proxy = try ProviderProxy(upstreamPort: s3apiPort, quirk: "max-parts=2")
        let endpoint = "http://127.0.0.1:\(proxy.port)"
        let config = cluster("capped", endpoint, moto: false, "max_parts = 2") + cluster("uncapped", endpoint, moto: false)
        let run = try session(config, "capped")
        XCTAssertTrue(run.output.contains("2 segments"), run.output)
        XCTAssertEqual(verification(of: "big.bin", in: run.output), ", verified)", run.output)
        XCTAssertFalse(proxy.log.contains { $0.hasSuffix("refused-part") }, proxy.log.joined(separator: "\n"))

        let refused = try objsh(config, "uncapped", ["cd /\(bucket)", "upload --segment-size 5M \(home)/big.bin other.bin"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.errors.contains("InvalidArgument"), refused.errors)
        XCTAssertEqual(try objsh(config, "capped", ["rm -r /\(bucket)"]).status, 0)
    }

    /// A provider that refuses path-style requests: a virtual-hosted cluster at a custom
    /// endpoint (`localhost`; `bucket.localhost` is connected to as `localhost`, the Host
    /// header keeping the bucket) works; the same endpoint path-style is refused.
    func testVirtualHostedOnlyAsAProviderDemands() throws {
        let proxy = try ProviderProxy(upstreamPort: motoPort, quirk: "virtual-host")
        let endpoint = "http://localhost:\(proxy.port)"
        let config =
            cluster("vhost", endpoint, moto: true, "provider = scaleway\nregion = us-east-1")
            + cluster("pathstyle", endpoint, moto: true, "addressing = path")
        let run = try session(config, "vhost")
        XCTAssertEqual(verification(of: "small.txt", in: run.output), ", verified)", run.output)
        XCTAssertEqual(verification(of: "big.bin", in: run.output), ", verified)", run.output)
        XCTAssertTrue(proxy.log.contains { $0.contains(" \(bucket).localhost:\(proxy.port) /big.bin?") }, proxy.log.joined(separator: "\n"))
        XCTAssertFalse(proxy.log.contains { $0.hasSuffix("refused-path") }, proxy.log.joined(separator: "\n"))

        let refused = try objsh(config, "pathstyle", ["ls /\(bucket)"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.errors.contains("InvalidRequest"), refused.errors)
        XCTAssertEqual(try objsh(config, "vhost", ["rm -r /\(bucket)"]).status, 0)
    }

    /// boto3 (Debian's python3-boto3) with its default 8 MiB parts makes a 2-part object
    /// of a 12 MiB file, which 7 to 12 MiB parts all fit: `get` tries them all and is
    /// verified by the one that gives the ETag.
    func testAnotherToolsTwoPartObjectIsVerified() throws {
        let config = cluster("moto", "http://127.0.0.1:\(motoPort)", moto: true)
        let file = home + "/twelve.bin"
        try Data((0..<((12 << 20) + 4_321)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) }).write(to: URL(fileURLWithPath: file))
        let put = try boto3(
            motoPort,
            """
            s3.create_bucket(Bucket=sys.argv[1])
            s3.upload_file(sys.argv[2], sys.argv[1], 'twelve.bin')
            print(s3.head_object(Bucket=sys.argv[1], Key='twelve.bin')['ETag'])
            """, [bucket, file])
        XCTAssertEqual(put.status, 0)
        XCTAssertTrue(put.output.hasSuffix("-2\"\n"), "boto3's default parts: \(put.output)")
        let got = try objsh(config, "moto", ["get /\(bucket)/twelve.bin", "rm -r /\(bucket)"])
        XCTAssertEqual(got.status, 0, got.errors)
        XCTAssertEqual(verification(of: "twelve.bin", in: got.output), ", verified)", got.output)
        XCTAssertEqual(md5(home + "/down/twelve.bin"), md5(file))
    }

    /// Runs a boto3 snippet with `s3` (moto's keys, path-style, at `port`) and `sys.argv`.
    func boto3(_ port: Int, _ code: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        try Boto3Run.run(
            endpoint: "http://127.0.0.1:\(port)", accessKey: env["OBJSH_TEST_MOTO_ACCESS_KEY"]!, secretKey: env["OBJSH_TEST_MOTO_SECRET_KEY"]!,
            code, arguments)
    }

    /// `count` objects `o000000.txt`… in `container` of the test server (reused once seeded).
    func seedFlat(_ container: String, count: Int) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: FaultProxy.repositoryRoot + "/scripts/swift-seed")
        process.arguments = ["/nonexistent", container, String(count)]
        process.environment = ProcessInfo.processInfo.environment.merging(["SEED_LAYOUT": "flat"]) { $1 }
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "swift-seed")
    }
}
