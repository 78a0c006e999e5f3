import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// The real `objsh` binary in batch mode against the real Swift server.
final class ObjshSwiftShellTests: XCTestCase {
    private var home = ""
    private let container = "sh" + String(UInt32.random(in: 0...UInt32.max), radix: 36) + " été"

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-shell-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    func testMkdirUploadBrowseAndReadBack() throws {
        let local = home + "/日本 notes.txt"
        let bytes = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try bytes.write(to: URL(fileURLWithPath: local))
        let script = """
        mkdir "\(container)"
        cd "\(container)"
        mkdir "my folder"
        cd "my folder"
        upload "\(local)"
        ls
        pwd
        cd ..
        ls
        info "my folder/日本 notes.txt"
        """
        let run = try ObjshRun.run(["-q", "--cluster", "env", "-c", script], home: home)
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.output.contains("日本 notes.txt"), run.output)
        XCTAssertTrue(run.output.contains("/\(container)/my folder\n"), run.output)
        XCTAssertTrue(run.output.contains("my folder/"), run.output)
        XCTAssertEqual(try ServerByHand.download("\(container)/my folder/日本 notes.txt"), bytes)
    }

    func testListsTwentyFiveThousandObjectsFolderByFolder() throws {
        let seeded = "objsh-contract-25k"
        try ServerByHand.seed(seeded, count: 25_000)
        let script = ["cd \(seeded)", "ls"] + (0..<25).map { String(format: "ls f%03d", $0) }
        let run = try ObjshRun.run(["-q", "--cluster", "env", "-c", script.joined(separator: "\n")], home: home)
        XCTAssertEqual(run.status, 0, run.errors)
        let lines = run.output.split(separator: "\n")
        let objects = lines.filter { $0.hasPrefix("o") }
        XCTAssertEqual(objects.count, 25_000)
        XCTAssertEqual(objects.first, "o000000.txt")
        XCTAssertEqual(objects.last, "o024999.txt")
        XCTAssertEqual(lines.filter { $0.hasPrefix("f") && $0.hasSuffix("/") }.count, 25, "the first ls shows 25 folders")
    }

    func testWrongKeyIsAClearErrorAndExitStatus() throws {
        let run = try ObjshRun.run(["-q", "--cluster", "env", "-c", "ls"], key: "not-the-key", home: home)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.errors.contains("not authorized:"), run.errors)
        XCTAssertTrue(run.errors.contains("wrong user or key"), run.errors)
        XCTAssertFalse(run.errors.contains("not-the-key"), "the key is never printed")
    }

    func testUnreachableClusterMidSessionAndSwitchingBack() throws {
        let config = "[cluster dead]\ntype = swift\nstorage_url = http://127.0.0.1:1/v1/AUTH_x\ntoken = t\n"
        let script = "mkdir \"\(container)\"\ncd \"\(container)\"\ncluster dead\npwd\ncluster local\ncluster env\npwd"
        let stopping = try ObjshRun.run(["-q", "--cluster", "env", "-c", script], config: config, home: home)
        XCTAssertEqual(stopping.status, 1)
        XCTAssertTrue(stopping.errors.contains("line 3: "), stopping.errors)
        XCTAssertTrue(stopping.errors.contains("server unreachable: cannot connect to 127.0.0.1:1: connection refused"), stopping.errors)
        XCTAssertEqual(stopping.output, "", "a failing script stops at the failing line")

        // The container exists now: a leading - ignores mkdir's error, --on-error continue the rest.
        let file = home + "/script"
        try script.replacingOccurrences(of: "mkdir", with: "-mkdir").write(toFile: file, atomically: true, encoding: .utf8)
        let going = try ObjshRun.run(["-q", "--on-error", "continue", "--cluster", "env", "-f", file], config: config, home: home)
        XCTAssertEqual(going.status, 1, going.errors)
        XCTAssertEqual(going.output, "/\(container)\n/\(container)\n", "the session goes on where it was, and comes back to it")
    }

    func testExpiredTokenIsRenewedTransparently() throws {
        let server = try ObjshRun.server()
        let storageURL = try ServerByHand.login().storageURL
        let config = """
        [cluster stale]
        type = swift
        auth_url = \(server.auth)
        user = \(server.user)
        key_command = printf %s '\(server.key)'
        storage_url = \(storageURL)
        token = AUTH_tk0000000000000000000000000000dead
        """
        let run = try ObjshRun.run(["-q", "--debug", "--cluster", "stale", "-c", "mkdir \"\(container)\"\nls"], config: config, home: home)
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.output.contains(container), run.output)
        XCTAssertTrue(run.errors.contains("→ 401"), run.errors)
        XCTAssertTrue(run.errors.contains("X-Auth-Key: <redacted>"), run.errors)
        XCTAssertFalse(run.errors.contains(server.key), "the key is never printed")
    }
}
