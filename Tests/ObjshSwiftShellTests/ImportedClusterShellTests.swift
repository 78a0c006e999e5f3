import Foundation
import XCTest

/// Clusters of the tools a user already has, used at once against the real servers:
/// rclone's remotes as the real rclone writes them (`rclone config create`), an mc alias
/// and s3cmd's `~/.s3cfg`; `cluster` lists each with its file, and none is written back.
final class ImportedClusterShellTests: XCTestCase {
    private var home = ""
    private let bucket = "imported" + String(UInt32.random(in: 0...UInt32.max), radix: 36)

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-imported-shell-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/.mc", withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    static func value(_ name: String) throws -> String {
        guard let value = ProcessInfo.processInfo.environment[name] else { throw XCTSkip("\(name) is unset; run the README's test command") }
        return value
    }

    /// Runs the real rclone with this test's config file; skips when it is not installed.
    func rclone(_ arguments: [String]) throws {
        guard let path = ["/usr/bin/rclone", "/usr/local/bin/rclone"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("rclone is not installed (scripts/test installs Debian's)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments + ["--non-interactive"]
        process.environment = ["HOME": home, "RCLONE_CONFIG": home + "/rclone.conf", "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "rclone \(arguments.prefix(3))")
    }

    func testEachToolsClusterIsListedWithItsFileAndWorks() throws {
        let server = try ObjshRun.server()
        let moto = try (Self.value("OBJSH_TEST_MOTO_ENDPOINT"), Self.value("OBJSH_TEST_MOTO_ACCESS_KEY"), Self.value("OBJSH_TEST_MOTO_SECRET_KEY"))
        let s3api = try (Self.value("OBJSH_TEST_S3_ENDPOINT"), Self.value("OBJSH_TEST_S3_ACCESS_KEY"), Self.value("OBJSH_TEST_S3_SECRET_KEY"))
        try rclone(["config", "create", "sw", "swift", "user", server.user, "key", server.key, "auth", server.auth])
        try rclone(["config", "create", "mo", "s3", "provider", "Other", "access_key_id", moto.1, "secret_access_key", moto.2, "endpoint", moto.0])
        let mc = """
            {"version": "10", "aliases": {"moto": {"url": "\(moto.0)", "accessKey": "\(moto.1)", "secretKey": "\(moto.2)", "api": "s3v4", "path": "auto"}}}
            """
        try mc.write(toFile: home + "/.mc/config.json", atomically: true, encoding: .utf8)
        let host = s3api.0.replacingOccurrences(of: "http://", with: "")
        let s3cfg = "[default]\naccess_key = \(s3api.1)\nsecret_key = \(s3api.2)\nhost_base = \(host)\nhost_bucket = \(host)\nuse_https = False\n"
        try s3cfg.write(toFile: home + "/.s3cfg", atomically: true, encoding: .utf8)
        let files = try ["/rclone.conf", "/.mc/config.json", "/.s3cfg"].map { try Data(contentsOf: URL(fileURLWithPath: home + $0)) }
        let environment = ["RCLONE_CONFIG": home + "/rclone.conf"]
        let listing = try ObjshRun.run(["-c", "cluster"], home: home, extraEnvironment: environment)
        XCTAssertEqual(listing.status, 0, listing.errors)
        XCTAssertEqual(listing.errors, "")
        for line in [
            "rclone-sw  swift \(server.auth) (rclone \(home)/rclone.conf)", "rclone-mo  s3 \(moto.0) (rclone \(home)/rclone.conf)",
            "mc-moto    s3 \(moto.0) (mc \(home)/.mc/config.json)", "s3cmd      s3 \(s3api.0) (s3cmd \(home)/.s3cfg)",
        ] {
            XCTAssertTrue(listing.output.contains(line), "no \(line) in\n\(listing.output)")
        }
        for (cluster, name) in [("rclone-mo", bucket), ("mc-moto", bucket + "-mc"), ("s3cmd", bucket + "-s3cmd"), ("rclone-sw", bucket + "-sw")] {
            let run = try ObjshRun.run(
                ["-q", "--cluster", cluster, "-c", "mkdir \(name)\nls /\nrm -r -f /\(name)"], home: home, extraEnvironment: environment)
            XCTAssertEqual(run.status, 0, "\(cluster): \(run.errors)")
            XCTAssertTrue(run.output.contains(name), "\(cluster): \(run.output)")
            for secret in [server.key, moto.2, s3api.2] { XCTAssertFalse((run.output + run.errors).contains(secret)) }
        }
        let after = try ["/rclone.conf", "/.mc/config.json", "/.s3cfg"].map { try Data(contentsOf: URL(fileURLWithPath: home + $0)) }
        XCTAssertEqual(after, files, "a tool's file was written")
    }
}
