import Foundation
import XCTest

/// The README's examples run as they are written: its console blocks in `sh` with the
/// built `objsh` first on `PATH` (S3 on moto, Swift on the Swift test server, their
/// example URLs, users and secret commands swapped for the test servers'), its lines
/// for the shell as a script on the sample store, and its config sections read by
/// `cluster`.
final class ReadmeExamplesTests: XCTestCase {
    var home = ""
    var work = ""
    let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)

    override func setUpWithError() throws {
        home = NSTemporaryDirectory() + "objsh-readme-" + UUID().uuidString
        work = home + "/work"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    }

    override func tearDown() {
        for (cluster, name) in [("s3", "my-first-bucket"), ("swift", "my-first-container")] {
            _ = try? sh("objsh --cluster \(cluster) -q -c 'rm -r -f /\(name)-\(tag)' 2>/dev/null")
        }
        try? FileManager.default.removeItem(atPath: home)
    }

    static var readme: String {
        get throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            return try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        }
    }

    /// The example's words, and the test servers' in their place; nil when a server the
    /// text needs is not configured.
    func substitutions(for text: String) -> [(String, String)]? {
        let environment = ProcessInfo.processInfo.environment
        var pairs = [("my-first-bucket", "my-first-bucket-\(tag)"), ("my-first-container", "my-first-container-\(tag)")]
        if text.contains("s3.example.com") {
            guard let endpoint = environment["OBJSH_TEST_MOTO_ENDPOINT"] else { return nil }
            pairs += [("https://s3.example.com", endpoint), ("pass show objsh/s3", "echo wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY")]
        }
        if text.contains("swift.example.com") {
            guard let auth = environment["OBJSH_TEST_SWIFT_AUTH"], let user = environment["OBJSH_TEST_SWIFT_USER"],
                let key = environment["OBJSH_TEST_SWIFT_KEY"]
            else { return nil }
            pairs += [
                ("https://swift.example.com/auth/v1.0", auth), ("account:me", user), ("pass show objsh/swift", "echo \(key)"),
            ]
        }
        return pairs
    }

    func testEveryConsoleExampleAnswersAsShown() throws {
        let examples = ReadmeExamples(try Self.readme)
        XCTAssertGreaterThanOrEqual(examples.consoles.count, 4, "the sample store, S3, Swift and the panes")
        var skipped: [Int] = []
        for console in examples.consoles {
            let text = console.steps.map { $0.command + "\n" + $0.answer.joined(separator: "\n") }.joined(separator: "\n")
            guard let pairs = substitutions(for: text) else {
                skipped.append(console.line)
                continue
            }
            try check(console, pairs)
        }
        if !skipped.isEmpty { throw XCTSkip("no test server for the README's blocks at lines \(skipped)") }
    }

    func check(_ console: ReadmeExamples.Console, _ pairs: [(String, String)]) throws {
        let swap = { (text: String) in pairs.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) } }
        // Each step's answer starts with a mark; `$?` is the step before's, as at a prompt.
        let script = console.steps.enumerated().map {
            "printf '\\036%d\\n' \($0.offset); (exit $status)\n\(swap($0.element.command)) 2>&1; status=$?"
        }
        let chunks = try sh("status=0\n" + script.joined(separator: "\n")).output.components(separatedBy: "\u{1E}").dropFirst()
        XCTAssertEqual(chunks.count, console.steps.count, "README line \(console.line): every step ran")
        for (step, chunk) in zip(console.steps, chunks) {
            var printed = chunk.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map(String.init)
            if printed.last == "" { printed.removeLast() }
            let shown = step.answer.map(swap)
            XCTAssertTrue(
                ReadmeExamples.matches(shown, printed),
                "README line \(console.line): $ \(step.command)\nshown:\n\(shown.joined(separator: "\n"))\nprinted:\n"
                    + printed.joined(separator: "\n"))
        }
    }

    func testTheLinesForTheShellRunOnTheSampleStore() throws {
        let lines = ReadmeExamples(try Self.readme).shellLines
        XCTAssertGreaterThanOrEqual(lines.count, 5)
        try lines.map(\.text).joined(separator: "\n").write(toFile: home + "/lines", atomically: true, encoding: .utf8)
        let run = try sh("objsh --cluster sample -q -f \(home)/lines")
        XCTAssertEqual(run.status, 0, "README lines \(lines.first!.line)-\(lines.last!.line):\n\(run.output)")
    }

    func testEveryConfigSectionIsRead() throws {
        let configs = ReadmeExamples(try Self.readme).configs
        XCTAssertGreaterThanOrEqual(configs.count, 2)
        let folder = home + "/.config/objsh"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try configs.joined(separator: "\n").write(toFile: folder + "/config", atomically: true, encoding: .utf8)
        chmod(folder + "/config", 0o600)
        let run = try sh("objsh -q -c cluster")
        XCTAssertEqual(run.status, 0, run.output)
        for name in ["dal05", "preissued", "backup", "ovh", "appcred", "minio", "work"] {
            XCTAssertTrue(run.output.contains(name), "\(name) is listed:\n\(run.output)")
        }
    }

    /// Runs a script in `sh` in the work folder, `objsh` first on its `PATH`, standard
    /// error with standard output.
    func sh(_ script: String) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: work)
        let binaries = URL(fileURLWithPath: ObjshCLITests.binary).deletingLastPathComponent().path
        process.environment = ["HOME": home, "PATH": binaries + ":/usr/bin:/bin", "LANG": "C.UTF-8"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: printed, as: UTF8.self), process.terminationStatus)
    }
}
