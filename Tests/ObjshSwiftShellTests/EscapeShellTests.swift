import Foundation
import XCTest

/// Keys another client wrote that would climb out of a local folder, or that no file can
/// take (`../x`, `/abs`, `..\x`, `d/./e`, `m//n`, a 256-byte name, `f` beside `f/g`):
/// `get -r`, `sync` down and `cp` to a file cluster refuse each with its line, write
/// nothing outside the target, bring the good keys byte-exact, and exit 1.
final class EscapeShellTests: XCTestCase {
    private var home = ""
    private let container = "esc" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
    static let hostile = ["../x", "a/../../y", "/abs", "..\\z", "d/./e", "m//n", String(repeating: "n", count: 256), "f/g"]
    static let good = ["f", "good.txt", "sub/ok.txt"]

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-escape-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        for cluster in EveryStore.clusters(home: home) where cluster.name != "files" {
            _ = try? EveryStore.run(cluster, ["rm -r -f /\(container)"], home: home)
        }
        try? FileManager.default.removeItem(atPath: home)
    }

    static func body(_ key: String) -> Data { Data("bytes of \(key)".utf8) }

    /// Writes every key as another client would: by hand on Swift, with boto3 on S3.
    func seed(_ cluster: String) throws {
        let keys = Self.hostile + Self.good
        if cluster == "env" {
            let server = try SwiftByHand()
            try server.put(container, nil)
            for key in keys { try server.put(container, key, body: Self.body(key)) }
            return
        }
        let prefix = cluster == "moto" ? "OBJSH_TEST_MOTO_" : "OBJSH_TEST_S3_"
        let environment = ProcessInfo.processInfo.environment
        let seeded = try Boto3Run.run(
            endpoint: environment[prefix + "ENDPOINT"]!, accessKey: environment[prefix + "ACCESS_KEY"]!,
            secretKey: environment[prefix + "SECRET_KEY"]!,
            """
            try:
                s3.create_bucket(Bucket=sys.argv[1])
            except s3.exceptions.BucketAlreadyOwnedByYou:
                pass  # s3api's account is the Swift server's, seeded just before
            for key in sys.argv[2:]:
                s3.put_object(Bucket=sys.argv[1], Key=key, Body=('bytes of ' + key).encode())
            print(sorted(o['Key'] for o in s3.list_objects_v2(Bucket=sys.argv[1])['Contents']))
            """, [container] + keys)
        XCTAssertEqual(seeded.status, 0, seeded.output)
        for key in keys { XCTAssertTrue(seeded.output.contains(String(reflecting: key).dropFirst().dropLast()), "\(key) not stored as-is") }
    }

    func testEachVerbRefusesEachKeyThatWouldEscapeAndBringsTheRest() throws {
        let stores = EveryStore.clusters(home: home).filter { $0.name != "files" }
        for cluster in stores {
            try seed(cluster.name)
            let c = container
            try check(cluster, verb: "get") { parent in ["get -r /\(c) \(parent)/t"] }
            try check(cluster, verb: "sync") { parent in ["sync /\(c) file:\(parent)/t"] }
            try check(cluster, verb: "cp", into: "store/box") { _ in ["cp -r /\(c) files:/box"] }
        }
    }

    /// The file store holds the one climb a file name can: `..\z` (a backslash is a byte of
    /// a name on Linux); read from it, that name is refused as from any store.
    func testAFileStoresBackslashClimbIsRefused() throws {
        let box = home + "/src/box"
        try FileManager.default.createDirectory(atPath: box, withIntermediateDirectories: true)
        for key in ["..\\z", "good.txt"] { try Self.body(key).write(to: URL(fileURLWithPath: box + "/" + key)) }
        let config = "[cluster src]\ntype = file\npath = \(home)/src\n"
        for (verb, line) in [("get", "get -r /box \(home)/get/t"), ("sync", "sync /box file:\(home)/sync/t")] {
            try FileManager.default.createDirectory(atPath: home + "/" + verb, withIntermediateDirectories: true)
            let run = try ObjshRun.run(["-q", "--cluster", "src", "-c", line], config: config, home: home)
            XCTAssertEqual(run.status, 1, "\(verb): \(run.errors)")
            XCTAssertTrue(run.errors.contains("\(verb): ..\\z: skipped, refused: its name climbs out of the target folder"), run.errors)
            XCTAssertTrue(run.errors.contains("1 of 2"), run.errors)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home + "/" + verb), ["t"], verb)
            XCTAssertEqual(try Self.files(below: home + "/" + verb + "/t"), ["good.txt"], verb)
        }
    }

    /// A pattern matches the pseudo-folder `..` that `../x` makes: refused, never
    /// downloaded into (it would be the target's parent).
    func testAPatternsFolderNamedDotDotIsRefused() throws {
        let server = try SwiftByHand()
        try server.put(container, nil)
        for key in ["../x", "ok/y"] { try server.put(container, key, body: Self.body(key)) }
        let parent = home + "/pattern"
        try FileManager.default.createDirectory(atPath: parent + "/t", withIntermediateDirectories: true)
        let run = try ObjshRun.run(["-q", "--cluster", "env", "-c", "get -r /\(container)/* \(parent)/t"], home: home)
        XCTAssertEqual(run.status, 1, run.errors)
        XCTAssertTrue(run.errors.contains("get: //\(container)/../: skipped, refused: its name climbs out"), run.errors)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent), ["t"])
        XCTAssertEqual(try Self.files(below: parent + "/t"), ["ok/y"])
    }

    /// Runs `lines` with a fresh parent folder (and a file cluster at `parent/store`), then
    /// checks the parent holds the target alone, and it exactly the good keys.
    func check(
        _ cluster: (name: String, config: String?), verb: String, into target: String = "t", _ lines: (String) -> [String]
    ) throws {
        let parent = home + "/\(cluster.name)-\(verb)"
        try FileManager.default.createDirectory(atPath: parent + "/store", withIntermediateDirectories: true)
        let files = "[cluster files]\ntype = file\npath = \(parent)/store\n"
        let run = try ObjshRun.run(
            ["-q", "--cluster", cluster.name, "-c", lines(parent).joined(separator: "\n")],
            config: (cluster.config ?? "") + files, home: home)
        let what = "\(verb) on \(cluster.name)"
        XCTAssertEqual(run.status, 1, "\(what): \(run.errors)")
        for key in Self.hostile {
            XCTAssertTrue(run.errors.contains("\(verb): \(key): skipped, refused: "), "\(what): \(key):\n\(run.errors)")
        }
        XCTAssertTrue(run.errors.contains("f/g: skipped, refused: it needs f as a folder"), "\(what):\n\(run.errors)")
        XCTAssertTrue(run.errors.contains("8 of 11"), "\(what):\n\(run.errors)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent).sorted(), verb == "cp" ? ["store"] : ["store", "t"], what)
        XCTAssertEqual(try Self.files(below: parent + "/" + target), Self.good, what)
        for key in Self.good {
            XCTAssertEqual(FileManager.default.contents(atPath: parent + "/" + target + "/" + key), Self.body(key), "\(what): \(key)")
        }
        if verb == "cp" {
            let store = try FileManager.default.contentsOfDirectory(atPath: parent + "/store").filter { $0 != ".objsh-staging" }
            XCTAssertEqual(store, ["box"], what)
            XCTAssertEqual(try Self.files(below: parent + "/store/.objsh-staging"), [], "\(what): a staging file was left")
        }
    }

    /// Every file below `folder` (hidden ones too: a partial file would show), relative, sorted.
    static func files(below folder: String) throws -> [String] {
        guard let walk = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let path = walk.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue { found.append(path) }
        }
        return found.sorted()
    }
}
