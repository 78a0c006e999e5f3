import Foundation
import TerminalScan
import XCTest

/// Every command of the command table, with its options that print, against names that
/// would paint, ring, move the cursor or reorder a terminal (ESC, BEL, C1 controls such
/// as CSI, CR, DEL, bidi overrides and isolates, an OSC title sequence), on the file
/// store, Swift, s3api and moto, at a terminal and in a pipe, `--debug` and progress
/// lines on: not one raw control byte in either stream. (Neither s3api nor moto holds
/// a key that is not UTF-8: s3api refuses it as InvalidURI, moto stores U+FFFD instead;
/// the local folder the script uploads holds a file whose name is not.)
final class EscapeSweepTests: XCTestCase {
    private var home = ""
    private var made: [(cluster: (name: String, config: String?), container: String)] = []
    /// The files the script uploads: every kind of control a name can carry.
    static let names = [
        "esc\u{1B}[31mred.txt", "bel\u{07}.txt", "csi\u{9B}31m.txt", "cr\rover.txt", "nel\u{85}.txt", "del\u{7F}.txt",
        "rlo\u{202E}txt.exe", "lri\u{2066}iso.txt", "osc\u{1B}]0;title\u{07}/in\u{202E}side.txt",
    ]

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-sweep-" + UUID().uuidString
        let seed = home + "/seed/h\u{1B}[31m"
        for name in Self.names {
            let path = seed + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data("plain text\n".utf8).write(to: URL(fileURLWithPath: path))
        }
        // A local name that is not UTF-8: lls shows it escaped, the walks say they skip it.
        try InvalidUTF8NameTests.createFile(seed, InvalidUTF8NameTests.badName)
    }

    override func tearDown() async throws {
        for (cluster, container) in made {
            _ = try? EveryStore.run(cluster, ["rm -r -f \(VerbScripts.q("/" + container))"], home: home)
        }
        InvalidUTF8NameTests.removeFile(home + "/seed/h\u{1B}[31m", InvalidUTF8NameTests.badName)
        try? FileManager.default.removeItem(atPath: home)
    }

    func testNoRawControlByteFromAnyCommandOnAnyStoreAtATerminalOrInAPipe() throws {
        let clusters = EveryStore.clusters(home: home)
        try writeConfig(clusters.compactMap(\.config).joined(separator: "\n"))
        var total = ControlByteScan()
        for cluster in clusters {
            // The two modes run side by side, each on a container of its own.
            let containers = [false, true].map { Self.container(for: cluster.name, terminal: $0) }
            made += containers.map { (cluster, $0) }
            nonisolated(unsafe) var runs: [Result<RawRun, any Error>?] = [nil, nil]
            let home = home
            DispatchQueue.concurrentPerform(iterations: 2) { mode in
                runs[mode] = Result { try Self.sweep(cluster.name, in: containers[mode], terminal: mode == 1, home: home) }
            }
            for (mode, run) in runs.enumerated() {
                let label = "\(cluster.name) \(mode == 1 ? "pty" : "pipe")"
                let scan = try check(try XCTUnwrap(run).get(), label)
                print("escape sweep: \(label): \(scan.leaks.count) raw control bytes in \(scan.scanned) bytes")
                total.merge(scan)
            }
        }
        print("escape sweep: \(total.leaks.count) raw control bytes in \(total.scanned) bytes over \(clusters.count) stores × pty/pipe")
    }

    /// The scan counts each control from a name, an invalid byte and a bidi override,
    /// and not objsh's own progress redraw.
    func testTheScanCountsWhatWouldActOnATerminal() {
        var scan = ControlByteScan()
        scan.scan(Data("ok\t\n\r\u{1B}[Kline\u{1B}[31m\u{07}\u{9B}\u{202E}\u{7F}\rx".utf8) + Data([0xFF]), "t")
        XCTAssertEqual(scan.leaks.count, 7, "\(scan.leaks)")
        XCTAssertEqual(scan.scanned, 27)
    }

    /// A container of the sweep's own. S3 bucket names are DNS names; a Swift container
    /// or a file store's folder takes any name.
    static func container(for cluster: String, terminal: Bool) -> String {
        let suffix = (terminal ? "t" : "p") + String(UInt32.random(in: 0...UInt32.max), radix: 36)
        return ["s3api", "moto"].contains(cluster) ? "sweep" + suffix : "box\u{1B}[31m\u{202E}" + suffix
    }

    /// Runs the whole command table on `cluster` as one script, progress lines on.
    static func sweep(_ cluster: String, in container: String, terminal: Bool, home: String) throws -> RawRun {
        let script = VerbScripts(
            container: container, local: home + "/work-\(terminal)", seed: home + "/seed/h\u{1B}[31m", object: names[0],
            cluster: cluster, isSwift: cluster == "env")
        XCTAssertEqual(VerbScripts.unscripted(script), [], "commands of the table the sweep does not run")
        try FileManager.default.createDirectory(atPath: script.local, withIntermediateDirectories: true)
        var environment = ObjshRun.environment(home: home, server: try ObjshRun.server())
        environment["TERM"] = "xterm-256color"
        // Reads and server-side copies slower than the status line's redraw, so that
        // progress lines naming the objects are drawn.
        environment["OBJSH_TEST_READ_DELAY_MS"] = "250"
        environment["OBJSH_TEST_COPY_DELAY_MS"] = "250"
        let arguments = ["--on-error", "continue", "--debug", "--progress", "--cluster", cluster]
        return try RawRun.run(arguments + ["-c", script.lines.joined(separator: "\n")], environment: environment, terminal: terminal)
    }

    /// Scans both streams; the names reached them, escaped (in listings and in progress
    /// lines), so the scan saw them.
    func check(_ run: RawRun, _ label: String) throws -> ControlByteScan {
        let output = String(decoding: run.output, as: UTF8.self)
        XCTAssertTrue(output.contains("esc\\e[31mred.txt"), "\(label): \(output)")
        let progress = String(decoding: run.errors, as: UTF8.self).components(separatedBy: "\r\u{1B}[K").dropFirst()
        XCTAssertTrue(progress.contains { $0.contains("\\e[31m") }, "\(label): no progress line named a seeded name")
        // The file whose name is not UTF-8: listed escaped by lls, told where a walk skips it.
        XCTAssertTrue(output.contains("bad\\xFF\\xFE.txt"), "\(label): lls did not show it")
        XCTAssertTrue(String(decoding: run.errors, as: UTF8.self).contains("bad\\xFF\\xFE.txt: its name is not UTF-8"), label)
        // Every name went with the container: a CR in an S3 key once stayed behind.
        XCTAssertFalse(String(decoding: run.errors, as: UTF8.self).contains("container not empty"), label)
        var scan = ControlByteScan()
        scan.scan(run.output, "\(label) stdout")
        scan.scan(run.errors, "\(label) stderr")
        XCTAssertEqual(scan.leaks, [], label)
        return scan
    }

    func writeConfig(_ config: String) throws {
        try FileManager.default.createDirectory(atPath: home + "/config/objsh", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: home + "/config/objsh/config", contents: Data(config.utf8), attributes: [.posixPermissions: 0o600])
    }
}
