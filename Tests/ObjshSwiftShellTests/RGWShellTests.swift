import Foundation
import XCTest

/// The real binary on Ceph RGW (`scripts/rgw-server`), through its S3 API and through its
/// Swift API: `cd` into a container with others sorting before it, `search`, and the
/// `[CLUSTER:]PATH` completion a TAB asks for (`objsh --complete`).
final class RGWShellTests: XCTestCase {
    private var home = ""
    private let container = "rgwsh" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    private var rgw: [String: String] = [:]

    override func setUp() async throws {
        let environment = ProcessInfo.processInfo.environment
        for name in ["ENDPOINT", "REGION", "ACCESS_KEY", "SECRET_KEY", "SWIFT_AUTH", "SWIFT_USER", "SWIFT_KEY"] {
            guard let value = environment["OBJSH_TEST_RGW_" + name] else {
                throw XCTSkip(
                    "no Ceph RGW: OBJSH_TEST_RGW_\(name) is unset; run the README's test command, "
                        + "which starts one with scripts/rgw-server start DIR and exports DIR/env")
            }
            rgw[name] = value
        }
        home = NSTemporaryDirectory() + "objsh-rgwshell-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try Data("x\n".utf8).write(to: URL(fileURLWithPath: home + "/x.txt"))
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    var config: String {
        """
        [cluster rgws3]
        type = s3
        endpoint = \(rgw["ENDPOINT"]!)
        region = \(rgw["REGION"]!)
        access_key = \(rgw["ACCESS_KEY"]!)
        secret_key = \(rgw["SECRET_KEY"]!)

        [cluster rgwswift]
        type = swift
        auth_url = \(rgw["SWIFT_AUTH"]!)
        user = \(rgw["SWIFT_USER"]!)
        key = \(rgw["SWIFT_KEY"]!)
        """
    }

    /// `objsh ARGS` with this test's config and home; no other server is named.
    func objsh(_ arguments: [String]) throws -> ObjshRun {
        let environment = [
            "HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data",
            "XDG_STATE_HOME": home + "/state", "XDG_CACHE_HOME": home + "/cache", "PATH": "/usr/bin:/bin",
            "COLUMNS": "100", "LANG": "C.UTF-8", "OBJSH_COMPLETION_DEADLINE": "60",
        ]
        return try ObjshRun.run(arguments, config: config, home: home, environment: environment)
    }

    /// What a TAB after `objsh WORD` offers (zsh's form: whole values, one a line).
    func completions(_ word: String) throws -> [String] {
        let run = try objsh(["--complete", "zsh", "--", word])
        XCTAssertEqual(run.status, 0, run.errors)
        return run.output.split(separator: "\n").map(String.init)
    }

    func testSearchAndCompletionThroughBothAPIs() throws {
        for (cluster, suffix) in [("rgws3", "-s3"), ("rgwswift", "-sw")] {
            let c = container + suffix
            // A container that sorts before the one `cd` names, in the same account.
            let script = [
                "mkdir 0\(c)", "mkdir \(c)", "cd /\(c)", "mkdir 'my photos'", "cd 'my photos'",
                "upload \(home)/x.txt \"it's.txt\"", "upload \(home)/x.txt other.txt", "cd /\(c)", "ls",
            ]
            let made = try objsh(["-q", "--cluster", cluster, "-c", script.joined(separator: "\n")])
            XCTAssertEqual(made.status, 0, "\(cluster): \(made.errors)")
            XCTAssertTrue(made.output.contains("my photos/"), "\(cluster): \(made.output)")

            let found = try objsh(["-q", "--cluster", cluster, "-c", "search --in /\(c) it\nls"])
            XCTAssertEqual(found.status, 0, "\(cluster): \(found.errors)")
            XCTAssertTrue(found.output.contains("\(c)/my photos/it's.txt\n"), "\(cluster): \(found.output)")
            XCTAssertFalse(found.output.contains("other.txt"), "\(cluster): \(found.output)")

            XCTAssertEqual(try completions("\(cluster):/\(c.dropLast())"), ["\(cluster):/\(c)/"], cluster)
            XCTAssertEqual(try completions("\(cluster):/\(c)/m"), ["\(cluster):/\(c)/my photos/"], cluster)
            XCTAssertEqual(try completions("\(cluster):/\(c)/my photos/i"), ["\(cluster):/\(c)/my photos/it's.txt"], cluster)

            let removed = try objsh(["-q", "--cluster", cluster, "-c", "rm -r /\(c)\nrm -r /0\(c)"])
            XCTAssertEqual(removed.status, 0, "\(cluster): \(removed.errors)")
        }
    }

    /// `upload --cache-control` and `--storage-class` through RGW's S3 API: the
    /// Cache-Control comes back from `info`, STANDARD is taken, and a class RGW's
    /// placement lacks is refused as a storage class (RGW says only InvalidArgument),
    /// for one PUT and for a multipart upload alike.
    func testUploadHeadersOnRGW() throws {
        let c = container + "-hdr"
        try Data(repeating: 7, count: 6 << 20).write(to: URL(fileURLWithPath: home + "/large.bin"))
        let made = try objsh(
            ["-q", "--cluster", "rgws3", "-c", "mkdir \(c)\nupload --cache-control max-age=60 --storage-class STANDARD \(home)/x.txt /\(c)/"])
        XCTAssertEqual(made.status, 0, made.errors)
        defer { _ = try? objsh(["-q", "--cluster", "rgws3", "-c", "rm -r -f /\(c)"]) }
        let info = try objsh(["-q", "--cluster", "rgws3", "-c", "info /\(c)/x.txt"])
        XCTAssertTrue(info.output.contains("\nCache-Control: max-age=60\n"), info.output)
        XCTAssertTrue(info.output.contains("\nStorage-Class: STANDARD\n"), info.output)
        for upload in ["upload", "upload --segment-size 5M"] {
            let refused = try objsh(["-q", "--cluster", "rgws3", "-c", "\(upload) --storage-class GLACIERX \(home)/large.bin /\(c)/"])
            XCTAssertEqual(
                refused.errors,
                "objsh: line 1: upload: the server takes no storage class GLACIERX (InvalidArgument): give one its buckets offer, "
                    + "or none for the default; nothing stored\n", upload)
        }
    }
}
