import FaultProxyHarness
import Foundation
import XCTest

/// Issue 38: a claim is checked before it is said. Some providers compute the ETag of
/// an object assembled by multipart upload (UploadPartCopy above all) their own way,
/// played by `scripts/provider-proxy own-multipart-etag` in front of the test server's
/// s3api: such an object is read back and proven part by part, not called corrupt.
/// When the bytes read back are wrong (`flip-reads`), the completed copy is deleted and
/// the error says that nothing is stored under its name, which the server confirms.
final class ProviderETagTests: ProviderTestCase {
    func testAProvidersOwnMultipartETagIsProvenByReadingBack() throws {
        let proxy = try ProviderProxy(upstreamPort: s3apiPort, quirk: "own-multipart-etag")
        let direct = cluster("direct", env["OBJSH_TEST_S3_ENDPOINT"]!, moto: false)
        let config = direct + cluster("own", "http://127.0.0.1:\(proxy.port)", moto: false)
        let run = try objsh(
            config, "own", ["mkdir \(bucket)", "cd /\(bucket)", "upload --segment-size 5M \(home)/big.bin", "cp big.bin copy.bin"])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertFalse(run.errors.contains("other bytes") || run.output.contains("not verified"), run.output + run.errors)
        let reads = proxy.log.filter { $0.hasPrefix("GET ") && $0.contains("/\(bucket)/") && !$0.contains("?") }
        XCTAssertEqual(reads.count, 2, "the upload and the copy were each read back once: \(reads)")

        let got = try objsh(config, "direct", ["get /\(bucket)/copy.bin"])
        XCTAssertEqual(got.status, 0, got.errors)
        XCTAssertEqual(md5(home + "/down/copy.bin"), md5(home + "/big.bin"))

        let flipping = try ProviderProxy(upstreamPort: s3apiPort, quirk: "own-multipart-etag,flip-reads")
        let wrong = config + cluster("wrong", "http://127.0.0.1:\(flipping.port)", moto: false)
        let failed = try objsh(wrong, "wrong", ["cp /\(bucket)/big.bin /\(bucket)/wrong.bin"])
        XCTAssertEqual(failed.status, 1, failed.errors)
        XCTAssertTrue(failed.errors.contains("wrong.bin in \(bucket) was stored with other bytes than sent"), failed.errors)
        XCTAssertTrue(failed.errors.contains("objsh deleted it, and nothing is stored under that name now"), failed.errors)
        XCTAssertFalse(failed.errors.contains("nothing was stored"), failed.errors)

        let left = try objsh(config, "direct", ["ls /\(bucket)", "rm -r /\(bucket)"])
        XCTAssertEqual(left.status, 0, left.errors)
        XCTAssertTrue(left.output.contains("copy.bin") && !left.output.contains("wrong.bin"), left.output)
    }

    /// Issue 39: a server that stores `\` as `/` (played in front of moto) answers a HEAD
    /// of `a\b.txt` for `a/b.txt`, so only the listing shows where it went: sync says so
    /// naming both keys and fails, and run again it fails the same way, never saying that
    /// all went well.
    func testANameStoredUnderAnotherKeyFailsNamingBoth() throws {
        let proxy = try ProviderProxy(upstreamPort: motoPort, quirk: "backslash-to-slash")
        let config = cluster("slashing", "http://127.0.0.1:\(proxy.port)", moto: true, "region = us-east-1")
        let source = home + "/tree"
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try Data("back\n".utf8).write(to: URL(fileURLWithPath: source + "/a\\b.txt"))
        try Data("plain\n".utf8).write(to: URL(fileURLWithPath: source + "/plain.txt"))
        XCTAssertEqual(try objsh(config, "slashing", ["mkdir \(bucket)"]).status, 0)
        for run in 1...2 {
            let synced = try objsh(config, "slashing", ["sync file:\(source) /\(bucket)"])
            XCTAssertEqual(synced.status, 1, "run \(run): \(synced.errors)")
            XCTAssertTrue(
                synced.errors.contains("a\\b.txt: sent, but the server lists it under another key (a/b.txt)"), "run \(run): \(synced.errors)")
            XCTAssertTrue(synced.output.contains("failed 1"), "run \(run): \(synced.output)")
        }
        let left = try objsh(config, "slashing", ["ls -R /\(bucket)", "rm -r /\(bucket)"])
        XCTAssertTrue(left.output.contains("plain.txt"), left.output)
    }
}
