import FaultProxyHarness
import Foundation
import XCTest

/// A server that stops reading an upload's body: the connection's buffers fill, nothing
/// more is taken, and no answer comes. objsh's watch of the body ends it at the read
/// timeout with one line, where it waited for the request's 24-hour deadline before.
extension HostileAnswerTests {
    func testAnUploadTheServerStopsReadingEndsAtTheReadTimeout() throws {
        let file = home + "/big.bin"
        // More than the connection's buffers hold on loopback; one PUT on S3.
        FileManager.default.createFile(atPath: file, contents: Data(repeating: 0x61, count: 24 << 20))
        let container = "stalled-" + UUID().uuidString.prefix(8).lowercased()
        XCTAssertEqual(try ServerByHand.request("PUT", container).status / 100, 2)
        defer { _ = try? ObjshRun.run(["-q", "--cluster", "env", "-c", "rm -r -f /\(container); rm -r -f /\(container)_segments"], home: home) }
        // The test server takes objects of 8 MiB at most: the file goes in segments, the first one stalled.
        let swift = try FaultProxy(faults: .on([("stall", "PUT /v1/AUTH_test/\(container)_segments/big.bin/slo/")]))
        let swiftRun = try measured(swift, swift: "cd /\(container); upload --parallel 1 \(file) big.bin")
        expectStalledUpload(swiftRun, case: "Swift PUT not read")
        XCTAssertEqual(try ServerByHand.headStatus(container, "big.bin"), 404)

        try seedBucket()
        let s3 = try FaultProxy(upstreamPort: try motoPort(), faults: .on([("stall", "PUT /\(bucket)/big.bin")]))
        expectStalledUpload(try measured(s3, s3: "cd /\(bucket); upload --segment-size 64M \(file) big.bin"), case: "S3 PUT not read")
        XCTAssertFalse(try measured(s3, s3: "ls /\(bucket)").run.output.contains("big.bin"))
    }

    /// The one line that names the stall, soon after the read timeout (not at a deadline).
    private func expectStalledUpload(_ measured: Measured, case name: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNotEqual(measured.run.status, 0, file: file, line: line)
        XCTAssertTrue(measured.run.errors.contains("took no bytes of the request for 5 s"), measured.run.errors, file: file, line: line)
        XCTAssertLessThan(measured.seconds, Self.readTimeout + 20, "ended near the read timeout, not at a deadline", file: file, line: line)
        XCTAssertLessThan(measured.peakKilobytes, 64 << 10, "peak RSS", file: file, line: line)
        print("hostile answer \(name): \(measured.peakKilobytes) KiB peak RSS, \(Int(measured.seconds * 1000)) ms to: \(measured.run.errors)")
    }
}
