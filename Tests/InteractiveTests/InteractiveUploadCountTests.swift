import FaultProxyHarness
import Foundation
import XCTest

/// Ctrl-C while an upload's segments are whole at the server but not yet answered (the
/// fault proxy holds each 3 s after reading it, then commits it whatever the client
/// does): the count said to be kept is the one the next run finds already stored.
final class InteractiveUploadCountTests: XCTestCase {
    func testTheSegmentsSaidToBeKeptAreTheOnesTheResumeFinds() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let auth = environment["OBJSH_TEST_SWIFT_AUTH"], let user = environment["OBJSH_TEST_SWIFT_USER"],
            let key = environment["OBJSH_TEST_SWIFT_KEY"], let upstream = FaultProxy.port(of: auth)
        else { throw XCTSkip("no Swift server; run the README's test command") }
        guard TmuxSession.isTmuxInstalled else { throw XCTSkip("tmux is needed for the terminal tests") }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("objsh-pty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try Data(repeating: 9, count: 3 << 20).write(to: home.appendingPathComponent("big.bin"))
        let container = "count" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let held = (kind: "late-commit", text: "PUT /*/\(container)_segments/")
        let proxy = try FaultProxy(upstreamPort: upstream, faults: .on([held, held, held]))
        let shell = try TmuxSession(
            home: home, arguments: ["--cluster", "env"],
            environment: ["ST_AUTH": proxy.rewrite(auth, upstreamPort: upstream), "ST_USER": user, "ST_KEY": key])
        defer {
            shell.stop()
            let direct = ["ST_AUTH": auth, "ST_USER": user, "ST_KEY": key]
            _ = try? OSShellCompletionTests.objsh(
                ["--cluster", "env", "-q", "-c", "rm -r -f /\(container); rm -r -f /\(container)_segments"], home: home, environment: direct)
        }
        try shell.waitForLastLine("objsh env:/> ")
        try shell.type("mkdir \(container); cd \(container)")
        try shell.press("Enter")
        let prompt = "objsh env:/\(container)> "
        try shell.waitForLastLine(prompt)
        try shell.type("upload --segment-size 1M --parallel 4 \(home.path)/big.bin")
        try shell.press("Enter")
        // The state to interrupt in: every segment's body is whole at the proxy, none answered.
        let end = ContinuousClock.now + .seconds(60)
        while proxy.log.filter({ $0.hasSuffix(" held") }).count < 3 && ContinuousClock.now < end { usleep(20_000) }
        XCTAssertEqual(proxy.log.filter { $0.hasSuffix(" held") }.count, 3, proxy.log.joined(separator: "\n"))
        try shell.press("C-c")
        let screen = try shell.waitForLastLine(prompt, timeout: 30)
        XCTAssertTrue(screen.contains("big.bin: 3 of 3 segments stored (kept to resume)"), screen)
        try shell.type("upload --segment-size 1M \(home.path)/big.bin")
        try shell.press("Enter")
        try shell.waitFor("the resume", scrollback: true) {
            $0.contains("uploaded big.bin (3145728 bytes, 3 segments, 3 already stored, etag ")
        }
    }
}
