import FaultProxyHarness
import Foundation
import XCTest

/// Answers no honest server sends, made by `scripts/fault-proxy` in front of the real
/// Swift server and moto: a listing that does not advance, XML entities, a body that
/// is too long or never ends, a `Retry-After` of a year. Each ends in one line of
/// error, soon and within bounded memory (the figures are printed for the notes).
final class HostileAnswerTests: XCTestCase {
    static let seeded = "objsh-faults-5k"
    static let readTimeout = 5.0
    var home = ""
    let bucket = "hostile" + String(UInt32.random(in: 0...UInt32.max), radix: 36)

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-hostile-answers-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    func testASwiftListingThatDoesNotAdvanceIsAnError() throws {
        try ServerByHand.seed(Self.seeded, count: 5_000, flat: true)
        let proxy = try FaultProxy(faults: .random(share: 1, seed: 1, kinds: ["ignore-marker"]))
        let run = try measured(proxy, swift: "ls /\(Self.seeded)")
        expectOneLineError(run, "the listing of \(Self.seeded) does not advance past o004999.txt", case: "Swift marker ignored")
        XCTAssertLessThanOrEqual(proxy.log.filter { $0.contains("GET /v1/AUTH_test/\(Self.seeded)?") }.count, 4, "no loop")
    }

    func testAnS3ContinuationTokenThatRepeatsIsAnError() throws {
        try seedBucket()
        let proxy = try FaultProxy(upstreamPort: try motoPort(), faults: .random(share: 1, seed: 1, kinds: ["ignore-marker"]))
        let run = try measured(proxy, s3: "ls /\(bucket)")
        expectOneLineError(run, "the listing of \(bucket) does not advance past b", case: "S3 token repeated")
        XCTAssertLessThanOrEqual(proxy.log.filter { $0.contains("GET /\(bucket)?") }.count, 4, "no loop: \(proxy.log)")
    }

    func testXMLEntitiesAreRefusedNotExpanded() throws {
        try seedBucket()
        for kind in ["laughs", "external"] {
            let proxy = try FaultProxy(upstreamPort: try motoPort(), faults: .on([(kind, "GET /\(bucket)?")]))
            let run = try measured(proxy, s3: "ls /\(bucket)")
            expectOneLineError(run, "invalid answer from the server: the answer declares a DOCTYPE", case: "S3 XML \(kind)")
            XCTAssertFalse(run.run.output.contains("lol") || run.run.output.contains("root:"), run.run.output)
        }
    }

    func testAListingTooLongOrEndlessEndsAtTheBound() throws {
        try ServerByHand.seed(Self.seeded, count: 5_000, flat: true)
        try seedBucket()
        for kind in ["huge", "endless"] {
            let swift = try FaultProxy(faults: .on([(kind, "GET /v1/AUTH_test/\(Self.seeded)?")]))
            expectOneLineError(try measured(swift, swift: "ls /\(Self.seeded)"), "sent an answer over", case: "Swift \(kind) body")
            let s3 = try FaultProxy(upstreamPort: try motoPort(), faults: .on([(kind, "GET /\(bucket)?")]))
            expectOneLineError(try measured(s3, s3: "ls /\(bucket)"), "sent an answer over", case: "S3 \(kind) body")
        }
    }

    func testARetryAfterOfAYearIsSaidNotSlept() throws {
        try ServerByHand.seed(Self.seeded, count: 5_000, flat: true)
        let proxy = try FaultProxy(faults: .on([("retry-year", "GET /v1/AUTH_test/\(Self.seeded)?")]))
        let run = try measured(proxy, swift: "ls /\(Self.seeded)")
        expectOneLineError(run, "server error 503: the server asks to be tried again in 365d (Retry-After)", case: "Retry-After a year")
        XCTAssertEqual(proxy.injected, ["retry-year"], "asked once, not again")
    }

    // MARK: - Helpers

    struct Measured {
        var run: ObjshRun
        var peakKilobytes: Int
        var seconds: Double
    }

    /// One error line, within the read timeout, under 64 MiB of peak RSS; printed for the notes.
    func expectOneLineError(_ measured: Measured, _ text: String, case name: String, file: StaticString = #filePath, line: UInt = #line) {
        let lines = measured.run.errors.split(separator: "\n")
        XCTAssertNotEqual(measured.run.status, 0, file: file, line: line)
        XCTAssertEqual(lines.count, 1, measured.run.errors, file: file, line: line)
        XCTAssertTrue(measured.run.errors.contains(text), measured.run.errors, file: file, line: line)
        XCTAssertLessThan(measured.seconds, Self.readTimeout, file: file, line: line)
        XCTAssertLessThan(measured.peakKilobytes, 64 << 10, "peak RSS", file: file, line: line)
        print("hostile answer \(name): \(measured.peakKilobytes) KiB peak RSS, \(Int(measured.seconds * 1000)) ms to: \(lines.first ?? "")")
    }

    func motoPort() throws -> Int {
        guard let port = ObjshRun.environment["OBJSH_TEST_MOTO_PORT"].flatMap(Int.init) else {
            throw XCTSkip("no moto server: OBJSH_TEST_MOTO_PORT is unset")
        }
        return port
    }

    /// The bucket on moto with three objects, `a` to `c`, put with curl (moto takes unsigned requests).
    func seedBucket() throws {
        let base = "http://127.0.0.1:\(try motoPort())/\(bucket)"
        for (url, body) in [(base, ""), (base + "/a", "1"), (base + "/b", "2"), (base + "/c", "3")] {
            let curl = Process()
            curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            curl.arguments = ["-sf", "-X", "PUT", "--data-binary", body, url]
            try curl.run()
            curl.waitUntilExit()
            XCTAssertEqual(curl.terminationStatus, 0, "PUT \(url)")
        }
    }

    func measured(_ proxy: FaultProxy, swift command: String) throws -> Measured {
        let server = try ObjshRun.server()
        let auth = proxy.rewrite(server.auth, upstreamPort: try FaultProxy.upstreamPort())
        return try measured("[cluster c]\ntype = swift\nauth_url = \(auth)\nuser = \(server.user)\nkey = \(server.key)\n", command)
    }

    func measured(_ proxy: FaultProxy, s3 command: String) throws -> Measured {
        let keys = (ObjshRun.environment["OBJSH_TEST_MOTO_ACCESS_KEY"] ?? "", ObjshRun.environment["OBJSH_TEST_MOTO_SECRET_KEY"] ?? "")
        let config = "[cluster c]\ntype = s3\nendpoint = http://127.0.0.1:\(proxy.port)\naccess_key = \(keys.0)\nsecret_key = \(keys.1)\n"
        return try measured(config + "region = us-east-1\n", command)
    }

    /// `objsh -q --cluster c -c COMMAND` under time(1), which gives the peak RSS; output in files.
    func measured(_ config: String, _ command: String) throws -> Measured {
        try FileManager.default.createDirectory(atPath: home + "/config/objsh", withIntermediateDirectories: true)
        let settings = config + "connect_timeout = 2\nread_timeout = \(Self.readTimeout)\n"
        _ = FileManager.default.createFile(
            atPath: home + "/config/objsh/config", contents: Data(settings.utf8), attributes: [.posixPermissions: 0o600])
        let paths = ["out", "err", "peak"].map { home + "/" + $0 }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M", "-o", paths[2], try ObjshRun.binary(), "-q", "--cluster", "c", "-c", command]
        process.environment = ObjshRun.environment(home: home, server: try ObjshRun.server())
        FileManager.default.createFile(atPath: paths[0], contents: nil)
        FileManager.default.createFile(atPath: paths[1], contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: paths[0]))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: paths[1]))
        process.standardInput = FileHandle.nullDevice
        let started = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        let elapsed = ContinuousClock.now - started
        let texts = try paths.map { String(decoding: try Data(contentsOf: URL(fileURLWithPath: $0)), as: UTF8.self) }
        let peak = try XCTUnwrap(texts[2].split(separator: "\n").last.flatMap { Int($0) }, texts[2])
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Measured(run: ObjshRun(status: process.terminationStatus, output: texts[0], errors: texts[1]), peakKilobytes: peak, seconds: seconds)
    }
}
