import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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

    /// Panes nobody sees are not loaded: with `-q` a script's `cd` and `upload` send no
    /// listing of the container (the account pane still loads, proving the credentials);
    /// with panes printed, the same script lists it as the panes show it.
    func testQuietScriptsSendNoListingTheyDoNotShow() throws {
        let local = home + "/small.txt"
        try Data("twelve bytes".utf8).write(to: URL(fileURLWithPath: local))
        XCTAssertEqual(try ObjshRun.run(["-q", "--cluster", "env", "-c", "mkdir \"\(container)\""], home: home).status, 0)
        let script = "cd \"\(container)\"\nupload \(local)\nrefresh"
        let quiet = try ObjshRun.run(["-q", "--debug", "--cluster", "env", "-c", script], home: home)
        XCTAssertEqual(quiet.status, 0, quiet.errors)
        XCTAssertTrue(quiet.output.contains("uploaded small.txt (12 bytes"), quiet.output)
        let listings = quiet.errors.split(separator: "\n").filter { $0.contains("GET ") && $0.contains("delimiter=") }
        XCTAssertEqual(listings, [], quiet.errors)
        XCTAssertTrue(quiet.errors.contains("format=json&limit="), "the account pane loads on open: \(quiet.errors)")

        let shown = try ObjshRun.run(["--debug", "--cluster", "env", "-c", script], home: home)
        XCTAssertEqual(shown.status, 0, shown.errors)
        XCTAssertTrue(shown.output.contains("small.txt"), shown.output)
        XCTAssertTrue(shown.errors.contains("delimiter="), shown.errors)
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

    /// A flat folder larger than a page is listed in key ranges side by side; the output
    /// is exactly the one stream: every name once, in byte order.
    func testLargeListingsInRangesComeOutAsOneStream() throws {
        try ServerByHand.seed("objsh-flat-25k", count: 25_000, flat: true)
        try ServerByHand.seed("objsh-contract-25k", count: 25_000)
        let script = ["ls objsh-flat-25k", "ls -R objsh-contract-25k", "ls -R --json objsh-contract-25k/f003"]
        let run = try ObjshRun.run(["-q", "--cluster", "env", "-c", script.joined(separator: "\n")], home: home)
        XCTAssertEqual(run.status, 0, run.errors)
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.count, 51_001, "25,000 + 25,000 + 1,000 lines and the final newline")
        XCTAssertEqual(Array(lines[0..<25_000]), (0..<25_000).map { String(format: "o%06d.txt", $0) })
        XCTAssertEqual(Array(lines[25_000..<50_000]), (0..<25_000).map { String(format: "f%03d/o%06d.txt", $0 / 1000, $0) })
        XCTAssertTrue(
            lines[50_000].hasPrefix(#"{"kind":"object","name":"o003000.txt","path":"/objsh-contract-25k/f003/o003000.txt","#),
            lines[50_000])
    }

    func testWrongKeyIsAClearErrorAndExitStatus() throws {
        let run = try ObjshRun.run(["-q", "--cluster", "env", "-c", "ls"], key: "not-the-key", home: home)
        XCTAssertEqual(run.status, 77, "permission")
        XCTAssertTrue(run.errors.contains("not authorized:"), run.errors)
        XCTAssertTrue(run.errors.contains("wrong user or key"), run.errors)
        XCTAssertFalse(run.errors.contains("not-the-key"), "the key is never printed")
    }

    func testUnreachableClusterMidSessionAndSwitchingBack() throws {
        let config = "[cluster dead]\ntype = swift\nstorage_url = http://127.0.0.1:1/v1/AUTH_x\ntoken = t\n"
        let script = "mkdir \"\(container)\"\ncd \"\(container)\"\ncluster dead\npwd\ncluster local\ncluster env\npwd"
        let stopping = try ObjshRun.run(["-q", "--cluster", "env", "-c", script], config: config, home: home)
        XCTAssertEqual(stopping.status, 69, "network/server")
        XCTAssertTrue(stopping.errors.contains("line 3: "), stopping.errors)
        XCTAssertTrue(stopping.errors.contains("server unreachable: cannot connect to 127.0.0.1:1: connection refused"), stopping.errors)
        XCTAssertEqual(stopping.output, "", "a failing script stops at the failing line")

        // The container exists now: a leading - ignores mkdir's error, --on-error continue the rest.
        let file = home + "/script"
        try script.replacingOccurrences(of: "mkdir", with: "-mkdir").write(toFile: file, atomically: true, encoding: .utf8)
        let going = try ObjshRun.run(["-q", "--on-error", "continue", "--cluster", "env", "-f", file], config: config, home: home)
        XCTAssertEqual(going.status, 69, going.errors)
        XCTAssertEqual(going.output, "/\(container)\n/\(container)\n", "the session goes on where it was, and comes back to it")

        // The same classes at start-up as in a script: unreachable, refused, not there.
        let atStart = try ObjshRun.run(["-q", "dead:/x", "-c", "pwd"], config: config, home: home)
        XCTAssertEqual(atStart.status, 69, atStart.errors)
        XCTAssertTrue(atStart.errors.hasPrefix("objsh: cluster dead: server unreachable:"), atStart.errors)
        let refused = try ObjshRun.run(["-q", "env:/", "-c", "pwd"], key: "not-the-key", home: home)
        XCTAssertEqual(refused.status, 77, refused.errors)
        let missing = try ObjshRun.run(["-q", "env:/\(container)/no such folder", "-c", "pwd"], home: home)
        XCTAssertEqual(missing.status, 66, missing.errors)
        XCTAssertEqual(missing.output, "", "nothing runs when the start path is not there")
        let there = try ObjshRun.run(["-q", "env:\(container)", "-c", "pwd"], home: home)
        XCTAssertEqual(there.output, "/\(container)\n", there.errors)
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
