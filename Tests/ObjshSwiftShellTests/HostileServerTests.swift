import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Names, content types and metadata with terminal controls, as a hostile server or
/// another client can store them, through every command that shows them: no raw
/// control byte reaches standard output or standard error.
final class HostileServerTests: XCTestCase {
    private var home = ""
    private let container = "hostile" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    static let names = [
        "\u{1B}[31mred", "bell\u{7}", "cr\rx", "c1\u{9B}2J", "bidi\u{202E}txt.exe", "del\u{7F}", "tab\tx",
        "nl\nx", "dir\u{1B}]0;title\u{7}/inner", String(repeating: "é", count: 511) + "x",
    ]

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-hostile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/down", withIntermediateDirectories: true)
        let server = try SwiftByHand()
        try server.put(container, nil)
        for name in Self.names {
            // curl, because URLSession drops header values with controls in them.
            let curl = Process()
            curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            curl.arguments = [
                "-sf", "-X", "PUT", "--data-binary", "x", "-H", "X-Auth-Token: \(server.token)",
                "-H", "Content-Type: text/x\u{1B}[1m", "-H", "X-Object-Meta-Evil: a\u{1B}[2Jb\u{7}\u{9B}c",
                server.storageURL + "/" + SwiftByHand.encode(container) + "/" + SwiftByHand.encode(name),
            ]
            try curl.run()
            curl.waitUntilExit()
            XCTAssertEqual(curl.terminationStatus, 0, "PUT \(name.debugDescription)")
        }
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    /// Bytes a terminal acts on: C0 controls but the newline, DEL, C1 controls (as UTF-8)
    /// and the bidi controls that reorder a line.
    static func rawControls(in text: String) -> [String] {
        text.unicodeScalars.compactMap { scalar in
            switch scalar.value {
            case 0x0A: nil
            case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                String(format: "U+%04X", scalar.value)
            default: nil
            }
        }
    }

    func testNoRawControlReachesTheOutput() throws {
        // A name with a line break cannot be typed on one line of a script.
        let quoted = Self.names.filter { !$0.contains("\n") }.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
        let commands =
            ["cd \(container)", "ls", "ls -l", "refresh"]
            + quoted.map { "info \($0)" } + quoted.prefix(3).map { "-cd \($0)/nope" }
            + ["search e", "ls", "search", "info", "-get \(quoted[0]) -", "lcd \(home)/down"]
            + quoted.map { "-get \($0)" } + ["-get -r /\(container) all", "pwd"]
        var checked = 0
        for arguments in [["--cluster", "env"], ["--cluster", "env", "-q", "--debug"]] {
            let run = try ObjshRun.run(arguments + ["--on-error", "continue", "-c", commands.joined(separator: "\n")], home: home)
            let text = run.output + run.errors
            checked += text.utf8.count
            XCTAssertEqual(Self.rawControls(in: run.output), [], "raw controls in standard output")
            XCTAssertEqual(Self.rawControls(in: run.errors), [], "raw controls in standard error")
            XCTAssertTrue(text.contains("\\e[31mred"), "the escaped name is shown")
        }
        XCTAssertGreaterThan(checked, 10_000)
        print("hostile names: \(checked) bytes of output checked, 0 raw control bytes")
    }

    /// What a real Swift refuses to store: NUL, lone surrogates, invalid UTF-8 in a
    /// listing and in headers, controls in an error body, a 10,000-entry folder.
    func testAFakeServersWorstAnswersAreEscapedToo() throws {
        let fake = try HostileFakeServer()
        let config = "[cluster fake]\ntype = swift\nauth_url = \(fake.authURL)\nuser = u\nkey = k\n"
        let commands = [
            "ls", "ls -l", "info", "cd c", "ls", "ls -l", "refresh", "search a", "ls", "search", "cd /big", "ls", "ls -l",
            "info /c/x", "cd /broken", "ls /broken", "info /nope/x", "get /c/x -",
        ]
        var checked = 0
        for arguments in [["--cluster", "fake"], ["--cluster", "fake", "-q", "--debug"]] {
            let run = try ObjshRun.run(
                arguments + ["--on-error", "continue", "-c", commands.joined(separator: "\n")], config: config,
                home: home)
            checked += (run.output + run.errors).utf8.count
            XCTAssertEqual(Self.rawControls(in: run.output), [], "raw controls in standard output")
            XCTAssertEqual(Self.rawControls(in: run.errors), [], "raw controls in standard error")
            XCTAssertTrue(run.output.contains("\\x00"), "NUL is shown escaped")
            XCTAssertTrue(run.errors.contains("server error 500: boom \\e[31m red"), run.errors)
        }
        XCTAssertGreaterThan(checked, 100_000, "the 10,000-entry folder was listed")
        print("fake hostile server: \(checked) bytes of output checked, 0 raw control bytes")
    }
}
