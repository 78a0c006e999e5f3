import Foundation
import XCTest

/// `ls -R | head -1` on the real Swift server: the reader ends after one line, and the
/// listing stops at once, with far fewer requests than the whole `ls -R` makes.
final class PipeStopTests: XCTestCase {
    private var home = ""

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-pipes-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    /// The listing requests in a `--debug` run's standard error.
    private func listings(_ errors: String) -> Int {
        errors.split(separator: "\n").filter { $0.contains("GET") && $0.contains("objsh-flat-25k") }.count
    }

    func testAReaderThatEndsFirstStopsTheListing() throws {
        try ServerByHand.seed("objsh-flat-25k", count: 25_000, flat: true)
        let start = Date()
        let whole = try ObjshRun.run(["-q", "--debug", "--cluster", "env", "-c", "lcd \(home)\nls -R objsh-flat-25k > all.txt"], home: home)
        let wholeTime = Date().timeIntervalSince(start)
        XCTAssertEqual(whole.status, 0, whole.errors)
        let all = try String(contentsOfFile: home + "/all.txt", encoding: .utf8)
        XCTAssertEqual(all.split(separator: "\n").count, 25_000)

        let headStart = Date()
        let first = try ObjshRun.run(
            ["-q", "--debug", "--cluster", "env", "-c", "lcd \(home)\nls -R objsh-flat-25k | head -1 > first.txt\npwd"], home: home)
        let headTime = Date().timeIntervalSince(headStart)
        XCTAssertEqual(first.status, 0, first.errors)
        XCTAssertEqual(try String(contentsOfFile: home + "/first.txt", encoding: .utf8), "o000000.txt\n")
        XCTAssertEqual(first.output, "/\n", "the script goes on after the pipeline")
        XCTAssertFalse(first.errors.contains("objsh: line"), first.errors)
        let (wholeCount, headCount) = (listings(whole.errors), listings(first.errors))
        let wholeFigure = "\(wholeCount) listing requests, \(String(format: "%.2f", wholeTime)) s"
        print("figure: ls -R of 25,000: \(wholeFigure); | head -1: \(headCount) requests, \(String(format: "%.2f", headTime)) s")
        // The first page (10,000 names, 120 KB) outgrows the pipe, so head has left before it is all
        // written: the write that meets EPIPE stops the listing before it plans the rest.
        XCTAssertGreaterThan(wholeCount, 3, "the whole listing is split into ranges")
        XCTAssertEqual(headCount, 1, "the listing stopped when head left (\(headCount) of \(wholeCount) requests)")
    }
}
