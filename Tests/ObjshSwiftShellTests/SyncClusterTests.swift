import Foundation
import XCTest

/// `sync` between stores with the real binary: a folder with a static large object
/// (two segments of 5 MiB, the smallest S3 part) up to Swift, copied on the server
/// within it, streamed to moto's S3 (the SLO becomes a multipart object cut at the same
/// boundaries) and back down; every second run does nothing and reads no file. Then a
/// download killed half-way, run again: DEST equals SRC and no partial file is left.
final class SyncClusterTests: XCTestCase {
    private var home = ""
    private let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
    private var moto: String?

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-sync-cluster-" + UUID().uuidString
        let environment = ProcessInfo.processInfo.environment
        if let endpoint = environment["OBJSH_TEST_MOTO_ENDPOINT"], let access = environment["OBJSH_TEST_MOTO_ACCESS_KEY"],
            let secret = environment["OBJSH_TEST_MOTO_SECRET_KEY"]
        {
            moto = "[cluster moto]\ntype = s3\nendpoint = \(endpoint)\naccess_key = \(access)\nsecret_key = \(secret)\n"
        }
        // 6 MB: two segments of 5 MiB, the smallest part S3 takes (each KiB marked by its index).
        let block = Data((0..<1024).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        var big = Data(capacity: 6_000_000)
        for index in 0..<5860 {
            big.append(contentsOf: [UInt8(truncatingIfNeeded: index), UInt8(truncatingIfNeeded: index >> 8)] + block.dropFirst(2))
        }
        big = big.prefix(6_000_000)
        try write("src/big.bin", big)
        for name in ["a.txt", "sub/b ü+%.txt", "sub/c#1"] { try write("src/" + name, Data(("bytes of " + name).utf8)) }
    }

    override func tearDown() async throws {
        _ = try? objsh(["rm -r -f /s\(tag)", "rm -r -f /s\(tag)_segments", "rm -r -f /t\(tag)", "rm -r -f /t\(tag)_segments"])
        if moto != nil { _ = try? objsh(["rm -r -f /m\(tag)"], cluster: "moto") }
        try? FileManager.default.removeItem(atPath: home)
    }

    func write(_ name: String, _ data: Data) throws {
        let path = home + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: path)
    }

    func objsh(_ lines: [String], cluster: String = "env", environment: [String: String] = [:]) throws -> ObjshRun {
        try ObjshRun.run(
            ["-q", "--cluster", cluster, "-c", lines.joined(separator: "\n")], config: moto, home: home, extraEnvironment: environment)
    }

    /// Syncs `from` to `to`: the first run does `action` to every one of the 4 names,
    /// the second to none and reads no file.
    func syncTwice(_ from: String, _ to: String, _ action: String) throws {
        let first = try objsh(["sync --segment-size 5M \(from) \(to)"])
        XCTAssertEqual(first.status, 0, "\(from) → \(to): \(first.errors)")
        XCTAssertTrue(first.output.contains(" \(action) 4 ("), "\(from) → \(to): \(first.output)")
        XCTAssertFalse(first.errors.contains("not verified"), "\(from) → \(to): \(first.errors)")
        let second = try objsh(["sync \(from) \(to)"])
        XCTAssertEqual(second.status, 0, "\(from) → \(to): \(second.errors)")
        XCTAssertTrue(
            second.output.hasPrefix("sync: sent 0 (0 B), copied 0 (0 B), deleted 0 (0 B), same 4, failed 0; hashed 0 files (0 B);"),
            "\(from) → \(to): \(second.output)")
    }

    func testUpWithinAcrossAndBackDown() throws {
        try syncTwice("file:\(home)/src", "/s\(tag)/a", "sent")
        let listed = try objsh(["info /s\(tag)/a/big.bin"])
        XCTAssertTrue(listed.output.lowercased().contains("segments"), "big.bin is a static large object: \(listed.output)")
        try syncTwice("/s\(tag)/a", "/t\(tag)/b", "copied")
        guard moto != nil else { throw XCTSkip("moto is not running (scripts/moto-server)") }
        try syncTwice("/t\(tag)/b", "moto:/m\(tag)/c", "copied")
        let multipart = try objsh(["info /m\(tag)/c/big.bin"], cluster: "moto")
        XCTAssertTrue(multipart.output.contains("Multipart: 2 parts"), "the SLO became a multipart object: \(multipart.output)")
        try syncTwice("moto:/m\(tag)/c", "file:\(home)/back", "sent")
        let same = try objsh(["diff file:\(home)/src file:\(home)/back"])
        XCTAssertEqual(same.status, 0, same.output)
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: home + "/back/big.bin")), try Data(contentsOf: URL(fileURLWithPath: home + "/src/big.bin")))
    }

    /// A download killed while its bytes come slowly, then the same sync: DEST equals
    /// SRC, and no partial file is left where a person would see it.
    func testKilledHalfWayThenRunAgain() throws {
        let seeded = try objsh(["sync file:\(home)/src /s\(tag)"])
        XCTAssertEqual(seeded.status, 0, seeded.errors)
        let process = try ObjshRun.start(
            ["-q", "--cluster", "env", "-c", "sync /s\(tag) file:\(home)/down"], home: home,
            extraEnvironment: ["OBJSH_TEST_READ_DELAY_MS": "300"], server: try ObjshRun.server())
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let deadline = Date(timeIntervalSinceNow: 60)
        while Self.partials(home + "/down").isEmpty && process.isRunning && Date() < deadline { usleep(20_000) }
        XCTAssertFalse(Self.partials(home + "/down").isEmpty, "no download was under way")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let again = try objsh(["sync /s\(tag) file:\(home)/down"])
        XCTAssertEqual(again.status, 0, again.errors)
        XCTAssertEqual(Self.partials(home + "/down"), [], "a partial file is left")
        let same = try objsh(["diff file:\(home)/src file:\(home)/down"])
        XCTAssertEqual(same.status, 0, same.output)
    }

    /// An upload killed once the small files are stored and the large one's segments are
    /// held back, then the same sync: no object of the large file was visible meanwhile,
    /// and DEST ends equal to SRC.
    func testUploadKilledHalfWayThenRunAgain() throws {
        let process = try ObjshRun.start(
            ["-q", "--cluster", "env", "-c", "sync --segment-size 5M file:\(home)/src /s\(tag)/up"], home: home,
            extraEnvironment: ["OBJSH_TEST_SEGMENT_DELAY_MS": "600000"], server: try ObjshRun.server())
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let deadline = Date(timeIntervalSinceNow: 60)
        var listed = ""
        while !(listed.contains("a.txt") && listed.contains("sub/")) && process.isRunning && Date() < deadline {
            listed = (try? objsh(["ls /s\(tag)/up"]).output) ?? ""
            usleep(50_000)
        }
        XCTAssertTrue(process.isRunning, "the sync ended before it was killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let meanwhile = try objsh(["ls /s\(tag)/up"])
        XCTAssertFalse(meanwhile.output.contains("big.bin"), "a partial object is visible: \(meanwhile.output)")
        let again = try objsh(["sync --segment-size 5M file:\(home)/src /s\(tag)/up"])
        XCTAssertEqual(again.status, 0, again.errors)
        XCTAssertTrue(again.output.contains("sync: sent 1 (5.7 MiB), copied 0 (0 B), deleted 0 (0 B), same 3,"), again.output)
        let same = try objsh(["diff file:\(home)/src /s\(tag)/up"])
        XCTAssertEqual(same.status, 0, same.output)
    }

    /// The partial files of downloads under `folder`.
    static func partials(_ folder: String) -> [String] {
        let names = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? []
        return names.filter { $0.contains(".objsh-") }
    }
}
