import FaultProxyHarness
import Foundation
import XCTest

extension StdinUploadTests {
    /// A stream whose third segment is refused, and whose cleanup is refused too: the
    /// error says how many segments are left and where, as the server counts them; the
    /// same upload run again stores the stream and removes what the first left.
    func testAStreamWhoseCleanupIsRefusedSaysWhatIsLeftAndTheNextOneRemovesIt() throws {
        try Self.pattern(3 << 20 + 5, seed: 6).write(to: URL(fileURLWithPath: home + "/long"))
        let swift = EveryStore.clusters(home: home)[0]
        XCTAssertEqual(try objsh(swift, ["cd /", "mkdir \(bucket)"]).status, 0)
        defer { _ = try? objsh(swift, ["rm -r -f /\(bucket)", "rm -r -f /\(bucket)_segments"]) }
        // A Retry-After past objsh's cap is not waited for: each refusal is final at once.
        let proxy = try FaultProxy(
            faults: .on([
                ("slowdown-120", "PUT /v1/AUTH_test/\(bucket)_segments/left.bin/slo/*/00000002"),
                ("slowdown-120", "POST /v1/AUTH_test?bulk-delete"),
            ]))
        let faulty = ("faulty", Optional(try proxy.config(readTimeout: 5)))
        let run = try objsh(faulty, ["cd /\(bucket)", "upload --segment-size 1M --parallel 1 - left.bin"], input: home + "/long")
        XCTAssertEqual(run.status, 69, "the class of the refusal: unavailable; \(run.errors)")
        XCTAssertEqual(run.errors.split(separator: "\n").count, 1, run.errors)
        XCTAssertTrue(run.errors.contains("; 2 segments it sent are left at /\(bucket)_segments/left.bin/slo/"), run.errors)
        XCTAssertTrue(run.errors.hasSuffix(": the server did not delete them\n"), run.errors)
        XCTAssertEqual(try partsStored(swift, bucket, "left.bin"), 2)
        XCTAssertEqual(try ServerByHand.headStatus(bucket, "left.bin"), 404, "nothing under the name")

        let again = try objsh(swift, ["cd /\(bucket)", "upload --segment-size 1M - left.bin"], input: home + "/long")
        XCTAssertEqual(again.status, 0, again.errors)
        XCTAssertEqual(try partsStored(swift, bucket, "left.bin"), 4, "the new object's 4 segments, and none of the 2 left")
    }

    /// The same on S3 (moto): the abort of the multipart upload is refused, so it stays
    /// open; the next stream to the name aborts it once it is stored.
    func testAnUnfinishedMultipartUploadThatAStreamLeftGoesWithTheNextOne() throws {
        try Self.pattern(10 << 20 + 5, seed: 7).write(to: URL(fileURLWithPath: home + "/long"))
        guard let moto = EveryStore.clusters(home: home).first(where: { $0.name == "moto" }), let config = moto.config,
            let port = config.split(separator: "\n").first(where: { $0.hasPrefix("endpoint = ") }).flatMap({
                FaultProxy.port(of: String($0.dropFirst(11)))
            })
        else { throw XCTSkip("no moto server: OBJSH_TEST_MOTO_* are unset") }
        XCTAssertEqual(try objsh(moto, ["cd /", "mkdir \(bucket)"]).status, 0)
        defer { _ = try? objsh(moto, ["rm -r -f /\(bucket)"]) }
        let proxy = try FaultProxy(
            upstreamPort: port,
            faults: .on([("slowdown-120", "PUT /\(bucket)/left.bin?partNumber=3*"), ("slowdown-120", "DELETE /\(bucket)/left.bin?uploadId=*")]))
        let faulty = (
            "faulty",
            Optional(
                config.replacingOccurrences(of: "[cluster moto]", with: "[cluster faulty]").replacingOccurrences(
                    of: "127.0.0.1:\(port)", with: "127.0.0.1:\(proxy.port)"))
        )
        let run = try objsh(faulty, ["cd /\(bucket)", "upload --segment-size 5M --parallel 1 - left.bin"], input: home + "/long")
        XCTAssertNotEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.errors.contains("; 2 segments it sent are left at the multipart upload "), run.errors)
        XCTAssertEqual(try openUploads(moto, bucket), 1, "\(proxy.log)")

        let again = try objsh(moto, ["cd /\(bucket)", "upload --segment-size 5M - left.bin"], input: home + "/long")
        XCTAssertEqual(again.status, 0, again.errors)
        XCTAssertEqual(try openUploads(moto, bucket), 0, "the upload the first run left was aborted")
    }
}
