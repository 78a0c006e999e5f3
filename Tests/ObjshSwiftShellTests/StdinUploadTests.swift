import Crypto
import Foundation
import XCTest

/// `upload - NAME` with the real binary, standard input a file or a pipe, on every store:
/// a short stream is one object, a longer one a large object (SLO, multipart) read back
/// byte for byte by python-swiftclient and boto3; a stream past the cluster's parts, or
/// stopped by Ctrl-C or SIGKILL, leaves nothing under its name.
final class StdinUploadTests: XCTestCase {
    var home = ""
    let bucket = "stdin" + String(UInt32.random(in: 0...UInt32.max), radix: 36)

    override func setUp() async throws {
        signal(SIGPIPE, SIG_IGN)  // a feeder's objsh that ended early makes a write fail, not the tests
        home = NSTemporaryDirectory() + "objsh-stdin-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home + "/down", withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    func testShortAndSegmentedStreamsOnEveryStore() throws {
        let short = Self.pattern(1_234, seed: 1)
        let long = Self.pattern(11 << 20 + 123, seed: 2)
        try short.write(to: URL(fileURLWithPath: home + "/short"))
        try long.write(to: URL(fileURLWithPath: home + "/long"))
        for cluster in EveryStore.clusters(home: home) {
            let c = bucket + cluster.name.lowercased()
            XCTAssertEqual(try objsh(cluster, ["cd /", "mkdir \(c)"]).status, 0, cluster.name)
            let small = try objsh(cluster, ["cd /\(c)", "upload - notes/short.txt"], input: home + "/short")
            XCTAssertEqual(small.status, 0, "\(cluster.name): \(small.errors)")
            XCTAssertEqual(small.output, "uploaded notes/short.txt (1234 bytes, md5 \(Self.md5(short)))\n", cluster.name)
            let big = try objsh(cluster, ["cd /\(c)", "upload --segment-size 5M --parallel 2 - long.bin"], input: home + "/long")
            XCTAssertEqual(big.status, 0, "\(cluster.name): \(big.errors)")
            let kind = cluster.name == "files" ? "md5 \(Self.md5(long))" : "3 segments, etag "
            XCTAssertTrue(big.output.hasPrefix("uploaded long.bin (11534459 bytes, \(kind)"), "\(cluster.name): \(big.output)")
            let got = try objsh(cluster, ["lcd \(home)/down", "get -f /\(c)/long.bin", "get -f /\(c)/notes/short.txt", "info /\(c)/long.bin"])
            XCTAssertEqual(got.status, 0, "\(cluster.name): \(got.errors)")
            XCTAssertEqual(got.output.components(separatedBy: "verified").count, 3, "\(cluster.name): \(got.output)")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: home + "/down/long.bin")), long, cluster.name)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: home + "/down/short.txt")), short, cluster.name)
            XCTAssertEqual(try theirMD5(cluster, c, "long.bin"), Self.md5(long), "\(cluster.name): the other client reads the same bytes")
            XCTAssertEqual(try openUploads(cluster, c), 0, cluster.name)
            _ = try objsh(cluster, ["rm -r -f /\(c)", "rm -r -f /\(c)_segments"])
        }
    }

    /// max_parts = 2 on the S3 clusters: a stream of 3 parts is refused, and the two sent go.
    func testAStreamPastTheClustersPartsIsRefusedAndLeavesNothing() throws {
        try Self.pattern(11 << 20, seed: 3).write(to: URL(fileURLWithPath: home + "/long"))
        for cluster in EveryStore.clusters(home: home) where cluster.name.hasPrefix("s3api") || cluster.name.hasPrefix("moto") {
            let limited = (cluster.name, cluster.config.map { $0 + "max_parts = 2\n" })
            let c = bucket + cluster.name.lowercased()
            XCTAssertEqual(try objsh(limited, ["cd /", "mkdir \(c)"]).status, 0, cluster.name)
            let run = try objsh(limited, ["cd /\(c)", "upload --segment-size 5M - long.bin"], input: home + "/long")
            XCTAssertEqual(run.status, 1, "\(cluster.name): \(run.output) \(run.errors)")
            XCTAssertTrue(run.errors.contains("longer than this cluster's 2 segments of 5.0 MiB"), run.errors)
            XCTAssertTrue(run.errors.contains("bigger --segment-size"), run.errors)
            XCTAssertEqual(run.errors.split(separator: "\n").count, 1, run.errors)
            XCTAssertEqual(try objsh(limited, ["info /\(c)/long.bin"]).status, 66, "\(cluster.name): nothing under the name")
            XCTAssertEqual(try openUploads(cluster, c), 0, "\(cluster.name): the multipart upload was aborted")
            _ = try objsh(cluster, ["rm -r -f /\(c)", "rm -r -f /\(c)_segments"])
        }
    }

    /// Ctrl-C with the writer still there: the segments sent go, nothing shows, exit 130.
    func testCtrlCMidStreamDeletesWhatWasSent() throws {
        for cluster in EveryStore.clusters(home: home) where cluster.name != "files" {
            let c = bucket + cluster.name.lowercased()
            XCTAssertEqual(try objsh(cluster, ["cd /", "mkdir \(c)"]).status, 0, cluster.name)
            let feeder = try Feeder(
                arguments: ["-q", "--cluster", cluster.name, "-c", "cd /\(c)\nupload --segment-size 5M - cut.bin"], config: cluster.config, home: home
            )
            try feeder.write(Self.pattern(16 << 20, seed: 4))
            try waitFor("\(cluster.name): two parts stored") { try self.partsStored(cluster, c, "cut.bin") >= 2 || !feeder.process.isRunning }
            kill(feeder.process.processIdentifier, SIGINT)
            let (status, errors) = feeder.finish()
            XCTAssertEqual(status, 130, "\(cluster.name): \(errors)")
            XCTAssertTrue(errors.contains("interrupted: nothing was stored as cut.bin; standard input cannot be resumed"), errors)
            XCTAssertEqual(errors.split(separator: "\n").count, 1, errors)
            XCTAssertEqual(try objsh(cluster, ["info /\(c)/cut.bin"]).status, 66, "\(cluster.name): nothing under the name")
            XCTAssertEqual(try partsStored(cluster, c, "cut.bin"), 0, "\(cluster.name): the parts sent were deleted")
            _ = try objsh(cluster, ["rm -r -f /\(c)", "rm -r -f /\(c)_segments"])
        }
    }

    func testAKilledStreamLeavesNoObject() throws {
        let cluster = EveryStore.clusters(home: home)[0]
        XCTAssertEqual(try objsh(cluster, ["cd /", "mkdir \(bucket)"]).status, 0)
        let feeder = try Feeder(
            arguments: ["-q", "--cluster", "env", "-c", "cd /\(bucket)\nupload --segment-size 1M - k.bin"], config: nil, home: home)
        try feeder.write(Self.pattern(3 << 20, seed: 5))
        try waitFor("two segments stored") { try self.partsStored(cluster, self.bucket, "k.bin") >= 2 || !feeder.process.isRunning }
        kill(feeder.process.processIdentifier, SIGKILL)
        _ = feeder.finish()
        XCTAssertEqual(try ServerByHand.headStatus(bucket, "k.bin"), 404, "no object under the name")
        _ = try objsh(cluster, ["rm -r -f /\(bucket)", "rm -r -f /\(bucket)_segments"])
    }

    func testStandardInputIsRefusedWhereItHoldsTheCommandsAndNeedsAName() throws {
        let script = home + "/script"
        try Data("upload - x.bin\n".utf8).write(to: URL(fileURLWithPath: script))
        let piped = try ObjshRun.run(["-q", "--cluster", "env"], home: home, standardInput: script)
        XCTAssertEqual(piped.status, 64, piped.errors)
        XCTAssertTrue(piped.errors.contains("standard input holds the shell's own commands here"), piped.errors)
        let unnamed = try objsh(EveryStore.clusters(home: home)[0], ["upload -"], input: script)
        XCTAssertEqual(unnamed.status, 64, unnamed.errors)
        XCTAssertTrue(unnamed.errors.contains("give the NAME to store standard input as: upload - NAME"), unnamed.errors)
    }

    // MARK: - Helpers

    func objsh(_ cluster: (name: String, config: String?), _ lines: [String], input: String? = nil) throws -> ObjshRun {
        try ObjshRun.run(
            ["-q", "--cluster", cluster.name, "-c", lines.joined(separator: "\n")], config: cluster.config, home: home, standardInput: input)
    }

    /// The MD5 of the object as python-swiftclient or boto3 downloads it (the file store: the file).
    func theirMD5(_ cluster: (name: String, config: String?), _ container: String, _ name: String) throws -> String {
        switch cluster.name {
        case "files": return Self.md5(try Data(contentsOf: URL(fileURLWithPath: "\(home)/store/\(container)/\(name)")))
        case "env": return Self.md5(try SwiftServerTools.download(container, name, to: home + "/theirs"))
        default:
            return try boto3(
                cluster, "import hashlib; print(hashlib.md5(s3.get_object(Bucket=sys.argv[1], Key=sys.argv[2])['Body'].read()).hexdigest(), end='')",
                [container, name])
        }
    }

    /// Multipart uploads still open in the bucket (0 off S3).
    func openUploads(_ cluster: (name: String, config: String?), _ container: String) throws -> Int {
        guard cluster.name != "files", cluster.name != "env" else { return 0 }
        return Int(try boto3(cluster, "print(len(s3.list_multipart_uploads(Bucket=sys.argv[1]).get('Uploads', [])), end='')", [container])) ?? -1
    }

    /// Segments (Swift) or parts of open uploads (S3) stored for `name`.
    func partsStored(_ cluster: (name: String, config: String?), _ container: String, _ name: String) throws -> Int {
        if cluster.name == "env" { return try ServerByHand.names(in: container + "_segments", prefix: name + "/slo/").count }
        let code = """
            ups = s3.list_multipart_uploads(Bucket=sys.argv[1]).get('Uploads', [])
            print(sum(len(s3.list_parts(Bucket=sys.argv[1], Key=u['Key'], UploadId=u['UploadId']).get('Parts', [])) for u in ups if u['Key'] == sys.argv[2]), end='')
            """
        return Int(try boto3(cluster, code, [container, name])) ?? -1
    }

    func boto3(_ cluster: (name: String, config: String?), _ code: String, _ arguments: [String]) throws -> String {
        let prefix = cluster.name == "moto" ? "OBJSH_TEST_MOTO_" : "OBJSH_TEST_S3_"
        let environment = ProcessInfo.processInfo.environment
        let run = try Boto3Run.run(
            endpoint: environment[prefix + "ENDPOINT"] ?? "", accessKey: environment[prefix + "ACCESS_KEY"] ?? "",
            secretKey: environment[prefix + "SECRET_KEY"] ?? "", code, arguments)
        XCTAssertEqual(run.status, 0, "boto3 failed")
        return run.output
    }

    /// Polls `condition` until it holds: a state of the servers, not a time.
    func waitFor(_ what: String, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(120)
        while try !condition() {
            guard Date() < deadline else { throw XCTSkip("timed out waiting for: \(what)") }
            usleep(20_000)
        }
    }

    static func pattern(_ count: Int, seed: UInt32) -> Data {
        var state = seed &* 2_654_435_761 &+ 1
        return Data(
            (0..<count).map { _ in
                state = state &* 1_664_525 &+ 1_013_904_223
                return UInt8(truncatingIfNeeded: state >> 24)
            })
    }

    static func md5(_ data: Data) -> String { Insecure.MD5.hash(data: data).map { String(format: "%02x", $0) }.joined() }
}

/// `objsh` running with a pipe on its standard input that the test writes to and keeps
/// open, so it can be stopped mid-stream.
final class Feeder {
    let process = Process()
    private let input = Pipe()
    private let errors = Pipe()

    init(arguments: [String], config: String?, home: String) throws {
        if let config {
            try FileManager.default.createDirectory(atPath: home + "/config/objsh", withIntermediateDirectories: true)
            _ = FileManager.default.createFile(
                atPath: home + "/config/objsh/config", contents: Data(config.utf8), attributes: [.posixPermissions: 0o600])
        }
        process.executableURL = URL(fileURLWithPath: try ObjshRun.binary())
        process.arguments = arguments
        process.environment = ObjshRun.environment(home: home, server: try ObjshRun.server())
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
    }

    func write(_ data: Data) throws { try input.fileHandleForWriting.write(contentsOf: data) }

    /// Waits for the end; the exit status and standard error.
    func finish() -> (Int32, String) {
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        return (process.terminationStatus, text)
    }
}
