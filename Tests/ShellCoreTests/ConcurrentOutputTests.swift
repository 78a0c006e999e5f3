import Foundation
import XCTest

/// `get -r` reports each object it skips from the worker that skipped it, so the
/// shell's output is written from several threads at once. The shell fuzz found a crash
/// there (`get -r sample .` twice: CapturedOutput appended without a lock); this does the
/// same on purpose, many times.
@MainActor
final class ConcurrentOutputTests: XCTestCase {
    func testManyWorkersReportingAtOnceLoseNoLineAndDoNotCrash() async throws {
        let harness = try TranscriptHarness()
        defer { harness.remove() }
        let count = 300
        try FileManager.default.createDirectory(atPath: harness.localRoot + "/c", withIntermediateDirectories: true)
        for index in 0..<count {
            _ = FileManager.default.createFile(atPath: harness.localRoot + "/c/f\(index)", contents: Data("\(index)".utf8))
        }
        // An existing folder: get -r puts the container's folder `c` inside it, each time.
        let destination = harness.root + "/down"
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
        let first = try await harness.run("get -r /c \(destination)", cluster: "local", quiet: true)
        XCTAssertEqual(first.status, 0, first.stderr)
        for _ in 0..<20 {
            // Every file exists now: each of the workers reports its skip.
            let again = try await harness.run("get -r /c \(destination)", cluster: "local", quiet: true)
            let reports = again.stderr.split(separator: "\n").filter { $0.hasPrefix("get: ") }
            XCTAssertEqual(reports.count, count, again.stderr)
        }
    }
}
