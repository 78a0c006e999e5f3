import Crypto
import Foundation
import XCTest

/// `cp` and `mv` with the real binary on the file store, the test Swift server, its
/// s3api and moto: a plain object and a large one (an SLO, an S3 multipart object)
/// copied on the server and verified, a folder, and a folder move killed half-way and
/// run again.
final class CopyShellTests: XCTestCase {
    private var home = ""
    private let container = "cpy" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    private let folderNames = (0..<24).map { "dir/\($0 % 3)/f\($0) ü.txt" }
    private var big = Data()

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-copy-" + UUID().uuidString
        for name in folderNames { try write("tree/" + name, Data(("bytes of " + name).utf8)) }
        big = Data((0..<(11 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
        try write("big.bin", big)
        try FileManager.default.createDirectory(atPath: home + "/down", withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    func write(_ name: String, _ data: Data) throws {
        let path = home + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path))
    }

    func clusters() -> [(name: String, config: String?)] { EveryStore.clusters(home: home) }

    func objsh(_ cluster: (name: String, config: String?), _ lines: [String], debug: Bool = false) throws -> ObjshRun {
        let script = (["lcd \(home)/down"] + lines).joined(separator: "\n")
        return try ObjshRun.run(["-q", "--cluster", cluster.name] + (debug ? ["--debug"] : []) + ["-c", script], config: cluster.config, home: home)
    }

    func lines(_ run: ObjshRun) -> [String] { run.output.split(separator: "\n").map(String.init) }

    func testCopiesAndMovesOnEveryStore() throws {
        for cluster in clusters() {
            let c = container + cluster.name.lowercased()
            let seeded = try objsh(cluster, ["cd /", "mkdir \(c)", "cd /\(c)", "upload \(home)/tree", "upload --segment-size 5M \(home)/big.bin"])
            guard seeded.status == 0 else { return XCTFail("\(cluster.name): seeding failed: \(seeded.errors)") }
            try checkLargeCopy(cluster, c)
            try checkFolders(cluster, c)
            try checkKilledMove(cluster, c)
            _ = try objsh(cluster, ["rm -r -f /\(c)"])
        }
    }

    /// The large object is copied without its bytes passing through objsh, verified, and
    /// stays whole once the source (and its segments or parts) is gone.
    func checkLargeCopy(_ cluster: (name: String, config: String?), _ c: String) throws {
        let copied = try objsh(cluster, ["cp /\(c)/big.bin /\(c)/copy/big.bin"], debug: true)
        XCTAssertEqual(copied.status, 0, "\(cluster.name): \(copied.errors)")
        XCTAssertTrue(copied.output.contains("copied /\(c)/big.bin to /\(c)/copy/big.bin (verified)"), "\(cluster.name): \(copied.output)")
        // A GET of the object itself (no query: listings and manifests have one) would be its bytes.
        let bodies = copied.errors.split(separator: "\n").filter { line in
            line.hasPrefix("debug: GET ") && (line.split(separator: " ").dropFirst(2).first ?? "").hasSuffix("/big.bin")
        }
        XCTAssertEqual(bodies, [], "\(cluster.name): the copy read the object's bytes")
        let removed = try objsh(cluster, ["rm /\(c)/big.bin", "get /\(c)/copy/big.bin big-\(cluster.name).bin"])
        XCTAssertEqual(removed.status, 0, "\(cluster.name): \(removed.errors)")
        XCTAssertTrue(removed.output.contains("verified"), "\(cluster.name): \(removed.output)")
        XCTAssertEqual(FileManager.default.contents(atPath: "\(home)/down/big-\(cluster.name).bin"), big, cluster.name)
        let same = try objsh(cluster, ["mv /\(c)/copy/big.bin /\(c)/copy/"])
        XCTAssertEqual(same.status, 64, "\(cluster.name): \(same.errors)")
        XCTAssertTrue(same.errors.contains("source and target are the same object"), "\(cluster.name): \(same.errors)")
    }

    /// `cp -r` copies every object; `cp -n` and `mv -n` plan without changing anything.
    func checkFolders(_ cluster: (name: String, config: String?), _ c: String) throws {
        let planned = try objsh(cluster, ["cp -r -n /\(c)/tree/dir /\(c)/copied"])
        XCTAssertEqual(lines(planned).count, folderNames.count, "\(cluster.name): \(planned.output)")
        XCTAssertEqual(try objsh(cluster, ["ls /\(c)/copied"]).status, 66, "\(cluster.name): -n copied something")
        let copied = try objsh(cluster, ["cp -r /\(c)/tree/dir /\(c)/copied"])
        XCTAssertEqual(copied.status, 0, "\(cluster.name): \(copied.errors)")
        XCTAssertTrue(copied.output.contains("copied 24 objects from /\(c)/tree/dir to /\(c)/copied (verified)"), copied.output)
        let listed = lines(try objsh(cluster, ["ls -R /\(c)/copied", "ls -R /\(c)/tree/dir"]))
        XCTAssertEqual(listed.count, 2 * folderNames.count, "\(cluster.name): \(copied.output)")
        XCTAssertEqual(Array(listed.prefix(folderNames.count)), Array(listed.suffix(folderNames.count)), cluster.name)
    }

    /// A folder `mv` killed half-way leaves every object in one place or both (never in
    /// neither), and its journal; run again it finishes: all in the target, byte-exact.
    func checkKilledMove(_ cluster: (name: String, config: String?), _ c: String) throws {
        let command = "mv -r /\(c)/tree/dir /\(c)/moved"
        // The config file the runs before wrote is the one this run reads. Each copy waits
        // 1 s, so the kill lands mid-move even when a loaded machine polls slowly.
        let first = try ObjshRun.start(
            ["-q", "--cluster", cluster.name, "-c", command], home: home, extraEnvironment: ["OBJSH_TEST_COPY_DELAY_MS": "1000"],
            server: try ObjshRun.server())
        let deadline = Date().addingTimeInterval(120)
        while try lines(objsh(cluster, ["ls -R /\(c)/moved"])).count < 4 {
            guard Date() < deadline, first.isRunning else { return XCTFail("\(cluster.name): nothing moved before the move ended") }
        }
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        let moved = Set(lines(try objsh(cluster, ["ls -R /\(c)/moved"])))
        let left = Set(lines(try objsh(cluster, ["ls -R /\(c)/tree/dir"])))
        XCTAssertEqual(moved.union(left), Set(folderNames.map { String($0.dropFirst(4)) }), "\(cluster.name): an object is in neither place")
        XCTAssertLessThan(moved.count, folderNames.count, "\(cluster.name): the move ended before the kill")
        let journals = try FileManager.default.contentsOfDirectory(atPath: home + "/state/objsh/journal")
        XCTAssertEqual(journals.count, 1, cluster.name)
        let again = try objsh(cluster, [command, "get -r /\(c)/moved moved-\(cluster.name)"])
        XCTAssertEqual(again.status, 0, "\(cluster.name): \(again.errors)")
        XCTAssertTrue(again.output.contains("finishing an interrupted move"), "\(cluster.name): \(again.output)")
        let target = Set(lines(try objsh(cluster, ["ls -R /\(c)/moved"])))
        XCTAssertEqual(target, Set(folderNames.map { String($0.dropFirst(4)) }), cluster.name)
        XCTAssertEqual(try objsh(cluster, ["ls /\(c)/tree/dir"]).status, 66, "\(cluster.name): sources left behind")
        for name in folderNames {
            let bytes = FileManager.default.contents(atPath: "\(home)/down/moved-\(cluster.name)/" + name.dropFirst(4))
            XCTAssertEqual(bytes, Data(("bytes of " + name).utf8), "\(cluster.name): \(name)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home + "/state/objsh/journal"), [], "the journal stays after the move")
    }

    /// A folder of 1,000 objects (the seeded container) is copied on the server, none of
    /// its bytes read by objsh, then moved on: every object in the target, none left.
    func testAThousandObjectsAreCopiedAndMovedOnTheServer() throws {
        try ServerByHand.seed("seeded1000", count: 1_000)
        let env = (name: "env", config: String?.none)
        let copied = try objsh(env, ["cp -r /seeded1000 /\(container)k"], debug: true)
        XCTAssertEqual(copied.status, 0, copied.errors)
        XCTAssertTrue(copied.output.contains("copied 1000 objects from /seeded1000 to /\(container)k (verified)"), copied.output)
        let reads = copied.errors.split(separator: "\n").filter { $0.hasPrefix("debug: GET ") && $0.contains("/seeded1000/") && !$0.contains("?") }
        XCTAssertEqual(reads, [], "the copy read objects' bytes")
        let moved = try objsh(env, ["mv -r /\(container)k /\(container)m", "ls -R /\(container)m"], debug: true)
        XCTAssertEqual(moved.status, 0, moved.errors)
        XCTAssertTrue(moved.output.contains("moved 1000 objects from /\(container)k to /\(container)m (verified)"), moved.output)
        let debugLines = moved.errors.split(separator: "\n")
        let singleDeletes = debugLines.filter { $0.hasPrefix("debug: DELETE ") && $0.contains("/\(container)k/") }
        XCTAssertEqual(singleDeletes, [], "a move's sources go in bulk requests")
        let bulkDeletes = debugLines.filter { $0.hasPrefix("debug: POST ") && $0.contains("bulk-delete") }
        XCTAssertEqual(bulkDeletes.count, 10, "1,000 sources in batches of 100")
        XCTAssertEqual(lines(moved).count, 1_001, moved.output)
        XCTAssertEqual(try objsh(env, ["ls /\(container)k"]).status, 66, "the moved container stays")
        _ = try objsh(env, ["rm -r -f /\(container)m"])
    }
}
