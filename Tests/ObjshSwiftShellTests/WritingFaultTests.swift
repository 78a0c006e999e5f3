import FaultProxyHarness
import Foundation
import XCTest

/// The writing verbs under faults and kills, the CI share of `scripts/fault-matrix` and
/// `scripts/kill-sweep` (their full sweeps run from there): each fault by rule, so every
/// run meets the same fault at the same request, judged on the servers read directly.
/// And `Retry-After`: an HTTP date is waited for, 120 s is said at once.
final class WritingFaultTests: XCTestCase {
    private var home = ""

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-writing-faults-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    /// Every rule of the CI share ends exact, or in a clear error whose rerun converges.
    func testEveryWritingVerbEndsExactOrClearAndConverges() throws {
        let run = try Self.script("fault-matrix", ["--rules", "--jobs", "2"])
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertTrue(run.output.hasSuffix("wrong, unconverged, unfired or unexpected: 0\n"), run.output)
        XCTAssertGreaterThanOrEqual(run.output.split(separator: "\n").filter { $0.hasPrefix("| ") }.count, 2 + 24, run.output)
    }

    /// objsh killed at three points of an mv -r and of a folder upload, on Swift and S3: run again, nothing lost or left open.
    func testAKilledMoveAndUploadLoseNothingWhenRunAgain() throws {
        let run = try Self.script("kill-sweep", ["--points", "3", "--verbs", "mv -r,upload folder", "--stores", "sw,s3"])
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertTrue(run.output.contains("| mv -r | sw | "), run.output)
        XCTAssertTrue(run.output.hasSuffix("wrong or lost: 0\n"), run.output)
    }

    /// A 503 whose Retry-After is an HTTP date 4 s ahead is waited for as asked (more than
    /// a first retry's jitter of up to 1 s), and the upload lands.
    func testARetryAfterDateIsWaitedFor() throws {
        let (container, file) = try prepare("date")
        defer { _ = try? ObjshRun.run(["-q", "--cluster", "env", "-c", "rm -r -f /\(container)"], home: home) }
        let proxy = try FaultProxy(faults: .on([("slowdown-date", "PUT /v1/AUTH_test/\(container)/")]))
        let run = try proxy.objsh("cd /\(container)\nupload \(file) one.txt", home: home, readTimeout: 5, debug: true)
        XCTAssertEqual(run.status, 0, run.errors)
        let retry = try XCTUnwrap(run.errors.split(separator: "\n").first { $0.contains("retry: PUT") }, run.errors)
        let waited = try XCTUnwrap(Int(retry.split(separator: " ").dropLast().last ?? ""), String(retry))
        XCTAssertGreaterThanOrEqual(waited, 2_500, String(retry))
        XCTAssertEqual(try ServerByHand.request("GET", "\(container)/one.txt").body, Data("one\n".utf8))
    }

    /// A Retry-After of 120 s, past objsh's cap, is said at once and not slept.
    func testARetryAfterPastTheCapIsSaidNotSlept() throws {
        let (container, file) = try prepare("long")
        defer { _ = try? ObjshRun.run(["-q", "--cluster", "env", "-c", "rm -r -f /\(container)"], home: home) }
        let proxy = try FaultProxy(faults: .on([("slowdown-120", "PUT /v1/AUTH_test/\(container)/")]))
        let started = ContinuousClock.now
        let run = try proxy.objsh("cd /\(container)\nupload \(file) one.txt", home: home, readTimeout: 5)
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(30), "the wait was slept")
        XCTAssertNotEqual(run.status, 0, run.errors)
        XCTAssertTrue(
            run.errors.contains("the server asks to be tried again in 2m (Retry-After), more than the 1m objsh waits; not waited for"), run.errors)
        XCTAssertEqual(try ServerByHand.headStatus(container, "one.txt"), 404)
    }

    /// A container of its own and a local file to upload into it.
    private func prepare(_ tag: String) throws -> (container: String, file: String) {
        let container = "retryafter-\(tag)-" + UUID().uuidString.prefix(8).lowercased()
        let file = home + "/one.txt"
        try Data("one\n".utf8).write(to: URL(fileURLWithPath: file))
        let made = try ObjshRun.run(["-q", "--cluster", "env", "-c", "cd /\nmkdir \(container)"], home: home)
        XCTAssertEqual(made.status, 0, made.errors)
        return (container, file)
    }

    /// Runs `scripts/NAME ARGUMENTS` with the test servers' environment and this build's
    /// objsh; its status and standard output (its errors go to the test's log).
    static func script(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        _ = try ObjshRun.server()
        guard ProcessInfo.processInfo.environment["OBJSH_TEST_S3_ENDPOINT"] != nil else { throw XCTSkip("no s3api") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: FaultProxy.repositoryRoot + "/scripts/" + name)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["OBJSH_BINARY": try ObjshRun.binary()]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        print(text)
        return (process.terminationStatus, text)
    }
}
