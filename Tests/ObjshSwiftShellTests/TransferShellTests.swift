import Crypto
import Foundation
import XCTest

/// `get` and `rm` of the real binary against the real Swift server, with
/// python-swiftclient as the other client.
final class TransferShellTests: XCTestCase {
    private var home = ""
    private let container = "tr" + String(UInt32.random(in: 0...UInt32.max), radix: 36)

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-transfer-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/down", withIntermediateDirectories: true)
        try SwiftByHand().put(container, nil)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    func objsh(_ lines: [String], environment: [String: String] = [:]) throws -> ObjshRun {
        try ObjshRun.run(
            ["-q", "--cluster", "env", "-c", (["lcd \(home)/down"] + lines).joined(separator: "\n")], home: home,
            extraEnvironment: environment)
    }

    func md5(_ data: Data) -> String { Insecure.MD5.hash(data: data).map { String(format: "%02x", $0) }.joined() }
    func local(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: home + "/down/" + name)) }

    /// python-swiftclient's `swift`, never the Swift toolchain's.
    func pythonSwift(_ arguments: [String]) throws -> Int32 {
        let server = try ObjshRun.server()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-m", "swiftclient.shell", "-A", server.auth, "-U", server.user, "-K", server.key] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: home)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func testPlainAndStaticLargeObjectsComeBackByteForByteAndGoWithTheirSegments() throws {
        let plain = Data(ScratchBytes.pattern(3 << 20 + 5))
        try SwiftByHand().put(container, "dir/ü name.bin", body: plain)
        try SwiftByHand().put(container, "dir/empty", body: Data())
        let large = Data(ScratchBytes.pattern(5 << 20 + 77).reversed())
        try large.write(to: URL(fileURLWithPath: home + "/large.bin"))
        XCTAssertEqual(try pythonSwift(["upload", "--use-slo", "-S", "1048576", "--object-name", "dir/large.bin", container, "large.bin"]), 0)
        // Without --use-slo, this python-swiftclient makes a dynamic large object.
        XCTAssertEqual(try pythonSwift(["upload", "-S", "1048576", "--object-name", "dlo.bin", container, "large.bin"]), 0)
        XCTAssertEqual(try pythonSwift(["upload", "-S", "1048576", "--object-name", "keep/dlo.bin", container, "large.bin"]), 0)

        let run = try objsh([
            "cd \(container)", "get \"dir/ü name.bin\"", "get dir/empty", "get dir/large.bin", "get -r dir copy",
            "get dlo.bin",
        ])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(md5(try local("ü name.bin")), md5(plain))
        XCTAssertEqual(try local("empty"), Data())
        XCTAssertEqual(md5(try local("large.bin")), md5(large))
        XCTAssertEqual(md5(try local("copy/large.bin")), md5(large))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home + "/down/copy").sorted(), ["empty", "large.bin", "ü name.bin"])
        XCTAssertTrue(run.output.contains("downloaded dir/large.bin to large.bin (\(large.count) bytes, verified)"), run.output)
        XCTAssertTrue(
            run.output.contains(
                "downloaded dlo.bin to dlo.bin (\(large.count) bytes; a dynamic large object's ETag is not the MD5 of its bytes: not verified)"),
            run.output)
        XCTAssertEqual(md5(try local("dlo.bin")), md5(large))
        try checkOneSizeForEachLargeObject(large.count)
        let text = (0..<20_000).map { "line \($0) ERROR? \($0 % 7 == 0)\n" }.joined()
        try SwiftByHand().put(container, "logs/app.log", body: Data(text.utf8))
        let piped = try objsh(["get /\(container)/logs/app.log -"])
        XCTAssertEqual(piped.status, 0, piped.errors)
        XCTAssertTrue(piped.output == text, "get - wrote other bytes than the object's")

        let removed = try objsh(["cd \(container)", "rm dir/large.bin \"dir/ü name.bin\" dlo.bin", "ls dir"])
        XCTAssertEqual(removed.status, 0, removed.errors)
        XCTAssertTrue(removed.output.hasSuffix("empty\n"), removed.output)
        let segments = try SwiftByHand().list(container + "_segments", prefix: "dir/large.bin/slo/")
        XCTAssertEqual(segments, [], "rm left segments of the SLO behind")
        XCTAssertEqual(try SwiftByHand().list(container + "_segments", prefix: "dlo.bin/"), [], "rm left segments of the DLO behind")
        XCTAssertEqual(try SwiftByHand().list(container + "_segments", prefix: "keep/dlo.bin/")?.count, 6)
        let gone = try objsh(["rm -r /\(container)"])
        XCTAssertEqual(gone.status, 0, gone.errors)
        XCTAssertNil(try SwiftByHand().list(container, prefix: ""), "the container is still there")
        // The listing shows a DLO's manifest as an empty object; rm -r still finds its segments.
        XCTAssertEqual(try SwiftByHand().list(container + "_segments", prefix: "keep/dlo.bin/"), [], "rm -r left a DLO's segments behind")
    }

    /// A DLO is listed as an empty object; `ls -l`, `ls --json` and `info` all give
    /// its real size and mark it, as they do an SLO.
    func checkOneSizeForEachLargeObject(_ bytes: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let run = try objsh(["cd \(container)", "ls -l", "ls -l dir", "ls --json", "info --json dlo.bin"])
        XCTAssertEqual(run.status, 0, run.errors, file: file, line: line)
        let rows = run.output.split(separator: "\n").map(String.init)
        let dlo = try XCTUnwrap(rows.first { $0.contains("  dlo.bin") }, run.output, file: file, line: line)
        XCTAssertTrue(
            dlo.hasPrefix(String(bytes).leftPadded(12)) && dlo.contains("dlo.bin  [dynamic manifest: \(container)_segments/dlo.bin/"),
            dlo, file: file, line: line)
        let slo = try XCTUnwrap(rows.first { $0.contains("  large.bin") }, run.output, file: file, line: line)
        XCTAssertTrue(slo.hasPrefix(String(bytes).leftPadded(12)) && slo.hasSuffix("large.bin  [static manifest]"), slo, file: file, line: line)
        // One record from ls --json, one from info --json: the same facts.
        let records = try rows.filter { $0.hasPrefix("{") && $0.contains("\"name\":\"dlo.bin\"") }.map { row in
            try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(row.utf8)) as? [String: Any], file: file, line: line)
        }
        XCTAssertEqual(records.count, 2, run.output, file: file, line: line)
        for record in records {
            XCTAssertEqual(record["bytes"] as? Int, bytes, "\(record)", file: file, line: line)
            XCTAssertEqual(record["manifest"] as? String, "dynamic", "\(record)", file: file, line: line)
            XCTAssertTrue(
                (record["segment_prefix"] as? String)?.hasPrefix("\(container)_segments/dlo.bin/") == true, "\(record)",
                file: file, line: line)
        }
        XCTAssertEqual(records[0]["etag"] as? String, records[1]["etag"] as? String, "ls and info give other ETags")
        // The pane that shows the container gives the same size.
        let panes = try ObjshRun.run(["--cluster", "env", "-c", "cd \(container)"], home: home)
        let row = try XCTUnwrap(panes.output.split(separator: "\n").first { $0.contains(" dlo.bin ") }, panes.output, file: file, line: line)
        XCTAssertTrue(row.hasSuffix("5.0 MiB"), "the pane's row: \(row)", file: file, line: line)
    }

    func testAKilledGetGoesOnWhereItStopped() throws {
        let bytes = Data(ScratchBytes.pattern(6 << 20))
        try SwiftByHand().put(container, "slow.bin", body: bytes)
        let server = try ObjshRun.server()
        let process = try ObjshRun.start(
            ["-q", "--cluster", "env", "-c", "lcd \(home)/down\nget /\(container)/slow.bin"], home: home,
            extraEnvironment: ["OBJSH_TEST_READ_DELAY_MS": "5"], server: server)
        // Wait for the state, not for time: the partial file holds at least 1 MiB.
        let partialSize = { () -> Int in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: self.home + "/down")) ?? []
            guard let partial = names.first(where: { $0.hasSuffix(".objsh-partial") }) else { return 0 }
            return ((try? FileManager.default.attributesOfItem(atPath: self.home + "/down/" + partial))?[.size] as? Int) ?? 0
        }
        let deadline = Date().addingTimeInterval(60)
        while partialSize() < 1 << 20 && process.isRunning && Date() < deadline { usleep(10_000) }
        XCTAssertTrue(process.isRunning, "the download finished before it could be interrupted")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/down/slow.bin"), "a partial file took the final name")

        let again = try objsh(["get /\(container)/slow.bin"])
        XCTAssertEqual(again.status, 0, again.errors)
        let resumed = again.output.components(separatedBy: "resumed at byte ").dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) }
        XCTAssertGreaterThanOrEqual(resumed ?? 0, 1 << 20, again.output)
        XCTAssertEqual(md5(try local("slow.bin")), md5(bytes))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home + "/down"), ["slow.bin"], "a partial file is left")
    }

    func testHostileNamesWriteNothingOutsideTheFolder() throws {
        for name in ["h/../../escaped.txt", "h//double.txt", "h/./dot.txt", "h/ok.txt"] {
            try SwiftByHand().put(container, name, body: Data(name.utf8))
        }
        let run = try objsh(["get -r //\(container)/h/ dest"])
        XCTAssertEqual(run.status, 1, "skipped names fail the command: \(run.errors)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home + "/down").sorted(), ["dest"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home + "/down/dest"), ["ok.txt"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/escaped.txt"))
        XCTAssertTrue(run.errors.contains("h/../../escaped.txt: skipped"), run.errors)
    }
}

enum ScratchBytes {
    static func pattern(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) } }
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
