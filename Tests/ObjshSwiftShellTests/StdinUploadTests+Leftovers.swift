import FaultProxyHarness
import Foundation
import XCTest

extension StdinUploadTests {
    /// A stream whose third segment is refused, and whose cleanup is refused too: the
    /// error says how many segments are left and where, as the server counts them.
    func testAStreamWhoseCleanupIsRefusedSaysWhatIsLeft() throws {
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
    }
}
