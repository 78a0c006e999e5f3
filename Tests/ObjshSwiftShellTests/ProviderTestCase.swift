import Crypto
import Foundation
import XCTest

/// What the tests against providers' ways share: a home with a small and an 11 MB
/// file, the keys of moto and of the test server's s3api, and runs of the real binary.
class ProviderTestCase: XCTestCase {
    var home = ""
    let bucket = "prov" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    var env: [String: String] = [:]

    override func setUp() async throws {
        let environment = ProcessInfo.processInfo.environment
        for name in [
            "OBJSH_TEST_MOTO_PORT", "OBJSH_TEST_MOTO_ACCESS_KEY", "OBJSH_TEST_MOTO_SECRET_KEY", "OBJSH_TEST_S3_ENDPOINT",
            "OBJSH_TEST_S3_ACCESS_KEY", "OBJSH_TEST_S3_SECRET_KEY",
        ] {
            guard let value = environment[name] else { throw XCTSkip("\(name) is unset; run the README's test command") }
            env[name] = value
        }
        home = NSTemporaryDirectory() + "objsh-providers-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/down", withIntermediateDirectories: true)
        try Data("small and plain\n".utf8).write(to: URL(fileURLWithPath: home + "/small.txt"))
        let big = Data((0..<((11 << 20) + 333)).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 >> 11) })
        try big.write(to: URL(fileURLWithPath: home + "/big.bin"))
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    var s3apiPort: Int { URLComponents(string: env["OBJSH_TEST_S3_ENDPOINT"]!)?.port ?? 0 }
    var motoPort: Int { Int(env["OBJSH_TEST_MOTO_PORT"]!) ?? 0 }

    /// A cluster `name` at `endpoint` with the keys of moto or of s3api, and `extra` settings.
    func cluster(_ name: String, _ endpoint: String, moto: Bool, _ extra: String = "") -> String {
        let keys = moto ? ("OBJSH_TEST_MOTO_ACCESS_KEY", "OBJSH_TEST_MOTO_SECRET_KEY") : ("OBJSH_TEST_S3_ACCESS_KEY", "OBJSH_TEST_S3_SECRET_KEY")
        return "[cluster \(name)]\ntype = s3\nendpoint = \(endpoint)\naccess_key = \(env[keys.0]!)\nsecret_key = \(env[keys.1]!)\n\(extra)\n"
    }

    func objsh(_ config: String, _ cluster: String, _ lines: [String]) throws -> ObjshRun {
        try ObjshRun.run(["-q", "--cluster", cluster, "-c", (["lcd \(home)/down"] + lines).joined(separator: "\n")], config: config, home: home)
    }

    /// The session every quirk must get through: a bucket, a small and a multipart upload,
    /// a listing, and both downloads byte for byte.
    func session(_ config: String, _ cluster: String) throws -> ObjshRun {
        let run = try objsh(
            config, cluster,
            [
                "mkdir \(bucket)", "cd /\(bucket)", "upload \(home)/small.txt", "upload --segment-size 5M \(home)/big.bin", "ls",
                "get small.txt", "get big.bin",
            ])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.output.contains("small.txt") && run.output.contains("big.bin"), run.output)
        for name in ["small.txt", "big.bin"] {
            XCTAssertEqual(md5(home + "/down/" + name), md5(home + "/" + name), name)
        }
        return run
    }

    func md5(_ path: String) -> String {
        Insecure.MD5.hash(data: (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()).map { String(format: "%02x", $0) }.joined()
    }

    /// The note `get` gave for `name`: ", verified)" or "; REASON)".
    func verification(of name: String, in output: String) -> String? {
        output.split(separator: "\n").first { $0.hasPrefix("downloaded \(name) ") }.flatMap { line in
            line.range(of: " bytes").map { String(line[$0.upperBound...]) }
        }
    }
}
