import Foundation
import TerminalScan
import XCTest

/// Local files whose names are not UTF-8 (bytes 0xFF 0xFE): `lls` shows them escaped,
/// and every walk that must leave one out (the file store's listing, `upload` of the
/// folder, `sync` up to the file store and to Swift, `diff`, `get -r` from the file store)
/// says so on one line per file and sends the rest. No raw byte of such a name reaches
/// either stream. (No server here keeps such a key for `get -r` to meet: s3api answers
/// InvalidURI, RGW InvalidObjectName, moto stores U+FFFD.)
final class InvalidUTF8NameTests: XCTestCase {
    private var home = ""
    private let container = "utf" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    /// `bad\xFF\xFE.txt`.
    static let badName: [UInt8] = Array("bad".utf8) + [0xFF, 0xFE] + Array(".txt".utf8)

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-utf8-" + UUID().uuidString
        for folder in ["/up/sub", "/store/box/sub"] {
            try FileManager.default.createDirectory(atPath: home + folder, withIntermediateDirectories: true)
        }
        for folder in ["/up", "/up/sub", "/store/box"] {
            try Self.createFile(home + folder, Self.badName)
            try Data("good\n".utf8).write(to: URL(fileURLWithPath: home + folder + "/good.txt"))
        }
    }

    override func tearDown() async throws {
        // FileManager cannot name these files to remove them: unlink(2) them first.
        for folder in ["/up", "/up/sub", "/store/box", "/work/down"] { Self.removeFile(home + folder, Self.badName) }
        try? FileManager.default.removeItem(atPath: home)
    }

    func testANameThatIsNotUTF8IsShownEscapedAndToldWhereItCannotBeSent() throws {
        let up = home + "/up"
        let runs: [(name: String, cluster: String, lines: [String], told: [String])] = [
            ("lls", "files", ["lls \(up)", "lls -l \(up)"], []),
            ("ls", "files", ["ls /box", "ls -l /box"], ["\(home)/store/box/bad"]),
            ("upload", "files", ["mkdir up1", "cd /up1", "upload \(up)", "ls -R /up1"], ["\(home)/up/bad", "\(home)/up/sub/bad"]),
            (
                "sync", "files", ["mkdir up2", "sync file:\(up) /up2", "diff file:\(up) /up2", "ls -R /up2"],
                ["\(home)/up/bad", "\(home)/up/sub/bad"]
            ),
            ("get -r", "files", ["get -r /box \(home)/work/down"], ["\(home)/store/box/bad"]),
            (
                "swift", "env", ["mkdir \(container)", "sync file:\(up) /\(container)", "ls -R /\(container)", "rm -r -f /\(container)"],
                ["\(home)/up/bad", "\(home)/up/sub/bad"]
            ),
        ]
        var scan = ControlByteScan()
        for run in runs {
            let raw = try objsh(run.cluster, run.lines)
            scan.scan(raw.output, "\(run.name) stdout")
            scan.scan(raw.errors, "\(run.name) stderr")
            let (output, errors) = (String(decoding: raw.output, as: UTF8.self), String(decoding: raw.errors, as: UTF8.self))
            // A folder upload counts what it left out and fails once the rest is sent (it
            // exited 0); the other walks say each name and go on.
            XCTAssertEqual(raw.status, run.name == "upload" ? 1 : 0, "\(run.name): \(errors)")
            if run.name == "upload" {
                XCTAssertTrue(output.contains(" into /up1/up; 2 skipped (names not UTF-8)\n"), output)
                XCTAssertTrue(errors.contains("upload: 2 files left out: a name that is not UTF-8 cannot be an object's name\n"), errors)
            }
            XCTAssertFalse(output.contains("\u{FFFD}") || errors.contains("\u{FFFD}"), "\(run.name): a replacement character stood for the bytes")
            for path in run.told {
                let line = "objsh: skipped \(path)\\xFF\\xFE.txt: its name is not UTF-8, which an object's name must be\n"
                XCTAssertEqual(errors.components(separatedBy: line).count, 2, "\(run.name): told once:\n\(errors)")
            }
            XCTAssertEqual(errors.split(separator: "\n").filter { $0.hasPrefix("objsh: skipped ") }.count, run.told.count, "\(run.name): \(errors)")
            if run.name == "lls" { XCTAssertEqual(output.components(separatedBy: "bad\\xFF\\xFE.txt").count, 3, output) }
            if !["lls", "ls", "get -r"].contains(run.name) {
                XCTAssertTrue(output.contains("good.txt"), "\(run.name): the rest was sent:\n\(output)")
            }
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: home + "/work/down/good.txt"), "get -r wrote the rest")
        XCTAssertEqual(scan.leaks, [], "raw bytes of a name reached a stream")
        print("names not UTF-8: \(scan.leaks.count) raw bytes in \(scan.scanned) bytes of lls, ls, upload, sync, diff and get -r")
    }

    /// `objsh -q --cluster CLUSTER -c LINES` in a pipe, with a file store on `home/store`.
    func objsh(_ cluster: String, _ lines: [String]) throws -> RawRun {
        try FileManager.default.createDirectory(atPath: home + "/config/objsh", withIntermediateDirectories: true)
        try Data("[cluster files]\ntype = file\npath = \(home)/store\n".utf8).write(to: URL(fileURLWithPath: home + "/config/objsh/config"))
        let arguments = ["-q", "--on-error", "continue", "--cluster", cluster, "-c", lines.joined(separator: "\n")]
        return try RawRun.run(arguments, environment: ObjshRun.environment(home: home, server: try ObjshRun.server()), terminal: false)
    }

    /// Creates `folder/NAME` with a few bytes, `name` given as bytes.
    static func createFile(_ folder: String, _ name: [UInt8]) throws {
        let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeBytes { open($0.baseAddress!.assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY | O_TRUNC, 0o644) }
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        _ = write(descriptor, "bad\n", 4)
        close(descriptor)
    }

    static func removeFile(_ folder: String, _ name: [UInt8]) {
        let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]
        _ = path.withUnsafeBytes { unlink($0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
    }
}
