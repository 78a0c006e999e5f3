import Crypto
import Foundation
import XCTest

/// `cp` and `mv` between clusters with the real binary, the test Swift server (`env`)
/// and its s3api: a 50 MB SLO and a folder streamed through objsh in parts, verified,
/// and read back byte-exact by boto3 and python-swiftclient.
final class CrossClusterCopyTests: XCTestCase {
    private var home = ""
    private let tag = String(UInt32.random(in: 0...UInt32.max), radix: 36)
    private let names = (0..<12).map { "tree/\($0 % 3)/f\($0) ü+%.txt" }
    private var big = Data()
    private var s3: (endpoint: String, access: String, secret: String)!

    override func setUp() async throws {
        s3 = try Boto3Run.s3api()
        home = NSTemporaryDirectory() + "objsh-cross-" + UUID().uuidString
        for name in names { try write(name, Data(("bytes of " + name).utf8)) }
        // 50 MiB of a random MiB, each copy marked by its first byte (quick in a debug build).
        let block = Data((0..<(1 << 20)).map { _ in UInt8.random(in: 0...255) })
        big = Data(capacity: 50 << 20)
        for index in 0..<50 {
            big.append(UInt8(index))
            big.append(block.dropFirst())
        }
        try write("big.bin", big)
    }

    override func tearDown() async throws {
        _ = try? objsh(["rm -r -f /src\(tag)", "rm -r -f /src\(tag)_segments", "rm -r -f /back\(tag)", "rm -r -f /d\(tag)"])
        _ = try? objsh(["rm -r -f /b\(tag)"], cluster: "s3api")
        try? FileManager.default.removeItem(atPath: home)
    }

    func write(_ name: String, _ data: Data) throws {
        let path = home + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: path))
    }

    func objsh(_ lines: [String], cluster: String = "env", debug: Bool = false) throws -> ObjshRun {
        let config = "[cluster s3api]\ntype = s3\nendpoint = \(s3.endpoint)\naccess_key = \(s3.access)\nsecret_key = \(s3.secret)\n"
        let flags = ["-q", "--cluster", cluster] + (debug ? ["--debug"] : [])
        return try ObjshRun.run(flags + ["-c", lines.joined(separator: "\n")], config: config, home: home)
    }

    func boto3(_ code: String, _ arguments: [String]) throws -> String {
        let run = try Boto3Run.run(endpoint: s3.endpoint, accessKey: s3.access, secretKey: s3.secret, code, arguments)
        XCTAssertEqual(run.status, 0, "boto3: \(code)")
        return run.output
    }

    static func md5(_ data: Data) -> String { Insecure.MD5.hash(data: data).map { String(format: "%02x", $0) }.joined() }

    func testSwiftToS3AndBack() throws {
        let seeded = try objsh([
            "cd /", "mkdir src\(tag)", "cd /src\(tag)", "upload --segment-size 16M \(home)/big.bin", "upload \(home)/tree",
            "meta big.bin color=blue --content-type application/x-test", "meta 'tree/1/f4 ü+%.txt' owner=ann",
        ])
        XCTAssertEqual(seeded.status, 0, seeded.errors)
        try checkObjectToS3()
        try checkFolderToS3()
        try checkMoveBackToSwift()
    }

    /// The SLO goes up as 8 MiB parts of a multipart upload, read back whole by boto3.
    func checkObjectToS3() throws {
        let copied = try objsh(["cp --segment-size 8M /src\(tag)/big.bin s3api:/b\(tag)/big.bin"], debug: true)
        XCTAssertEqual(copied.status, 0, copied.errors)
        XCTAssertTrue(copied.output.contains("copied env:/src\(tag)/big.bin to s3api:/b\(tag)/big.bin (verified)"), copied.output)
        let parts = copied.errors.split(separator: "\n").filter { $0.hasPrefix("debug: PUT ") && $0.contains("partNumber=") }
        XCTAssertEqual(parts.count, 7, "50 MB in 8 MiB parts")
        let read =
            "import hashlib\nb = s3.get_object(Bucket=sys.argv[1], Key=sys.argv[2])\nprint(hashlib.md5(b['Body'].read()).hexdigest(), b['ETag'])"
        let answer = try boto3(read, ["b\(tag)", "big.bin"])
        XCTAssertTrue(answer.hasPrefix(Self.md5(big) + " "), answer)
        XCTAssertTrue(answer.contains("-7"), "a multipart object of 7 parts: \(answer)")
        let head = "h = s3.head_object(Bucket=sys.argv[1], Key=sys.argv[2])\nprint(h['ContentType'], h['Metadata'].get('color'))"
        XCTAssertEqual(try boto3(head, ["b\(tag)", "big.bin"]), "application/x-test blue\n", "type and metadata travel")
    }

    /// A folder with awkward names, each object byte-exact on the other side.
    func checkFolderToS3() throws {
        let copied = try objsh(["cp -r /src\(tag)/tree s3api:/b\(tag)/"])
        XCTAssertEqual(copied.status, 0, copied.errors)
        XCTAssertTrue(copied.output.contains("copied 12 objects from env:/src\(tag)/tree to s3api:/b\(tag)/tree (verified)"), copied.output)
        let list = "for o in s3.list_objects_v2(Bucket=sys.argv[1], Prefix='tree/')['Contents']:\n    print(o['Key'])"
        XCTAssertEqual(Set(try boto3(list, ["b\(tag)"]).split(separator: "\n").map(String.init)), Set(names))
        let bodies = "for k in sys.argv[2:]:\n    print(s3.get_object(Bucket=sys.argv[1], Key=k)['Body'].read().decode())"
        XCTAssertEqual(try boto3(bodies, ["b\(tag)"] + names), names.map { "bytes of \($0)\n" }.joined())
        let owner = "print(s3.head_object(Bucket=sys.argv[1], Key=sys.argv[2])['Metadata'])"
        XCTAssertEqual(try boto3(owner, ["b\(tag)", "tree/1/f4 ü+%.txt"]), "{'owner': 'ann'}\n", "a folder's metadata travels")
    }

    /// `mv -r` from S3 back to Swift, and the big object: the sources go once copied.
    func checkMoveBackToSwift() throws {
        let moved = try objsh(["mv -r s3api:/b\(tag)/tree /back\(tag)/", "cp --segment-size 16M s3api:/b\(tag)/big.bin /back\(tag)/big.bin"])
        XCTAssertEqual(moved.status, 0, moved.errors)
        XCTAssertTrue(moved.output.contains("moved 12 objects from s3api:/b\(tag)/tree to env:/back\(tag)"), moved.output)
        let left = "print(s3.list_objects_v2(Bucket=sys.argv[1], Prefix='tree/')['KeyCount'])"
        XCTAssertEqual(try boto3(left, ["b\(tag)"]), "0\n", "sources left behind")
        let download = try SwiftServerTools.swiftclient(["download", "back\(tag)", "-D", home + "/back"])
        XCTAssertEqual(download.status, 0, download.errors)
        for name in names {
            let bytes = FileManager.default.contents(atPath: home + "/back/" + name.dropFirst(5))
            XCTAssertEqual(bytes, Data(("bytes of " + name).utf8), name)
        }
        XCTAssertEqual(FileManager.default.contents(atPath: home + "/back/big.bin").map(Self.md5), Self.md5(big))
        let big = try SwiftServerTools.swiftclient(["stat", "back\(tag)", "big.bin"])
        XCTAssertTrue(big.output.contains("Meta Color: blue"), big.output)
        XCTAssertTrue(big.output.contains("Content Type: application/x-test"), big.output)
        XCTAssertFalse(big.output.lowercased().contains("part-bytes"), "objsh's S3 part size stays on S3: \(big.output)")
        XCTAssertTrue(big.output.contains("X-Static-Large-Object: True"), "an SLO: \(big.output)")
        let small = try SwiftServerTools.swiftclient(["stat", "back\(tag)", "1/f4 ü+%.txt"])
        XCTAssertTrue(small.output.contains("Meta Owner: ann"), small.output)
    }

    /// A Swift DLO is copied (within the cluster by the server, across it streamed), said
    /// to be unverified, and never moved, since nothing proves the copy's bytes.
    func testADynamicLargeObjectIsCopiedButSaidUnverifiedAndNotMoved() throws {
        let bytes = Data((0..<(3 << 20 + 11)).map { UInt8(truncatingIfNeeded: $0 >> 3) })
        try write("dlo.bin", bytes)
        let upload = try SwiftServerTools.swiftclient(["upload", "-S", "1048576", "--object-name", "dlo.bin", "src\(tag)", "dlo.bin"], in: home)
        XCTAssertEqual(upload.status, 0, upload.errors)
        let copied = try objsh(["cp /src\(tag)/dlo.bin /src\(tag)/copy.bin", "cp /src\(tag)/dlo.bin s3api:/b\(tag)/dlo.bin"])
        XCTAssertEqual(copied.status, 0, copied.errors)
        let unproven = "a dynamic large object's ETag is not the MD5 of its bytes"
        XCTAssertTrue(copied.output.contains("copied /src\(tag)/dlo.bin to /src\(tag)/copy.bin (\(unproven): not verified)"), copied.output)
        XCTAssertTrue(copied.output.contains("copied env:/src\(tag)/dlo.bin to s3api:/b\(tag)/dlo.bin (\(unproven): not verified)"), copied.output)
        let read = "import hashlib\nprint(hashlib.md5(s3.get_object(Bucket=sys.argv[1], Key=sys.argv[2])['Body'].read()).hexdigest())"
        XCTAssertEqual(try boto3(read, ["b\(tag)", "dlo.bin"]), Self.md5(bytes) + "\n")
        let folder = try objsh(["cp -r /src\(tag) /d\(tag)"])
        XCTAssertEqual(folder.status, 0, folder.errors)
        XCTAssertTrue(folder.output.contains("copied 2 objects from /src\(tag) to /d\(tag) (1 of them not verified)"), folder.output)
        XCTAssertTrue(folder.errors.contains("cp: dlo.bin: copied, but \(unproven): not verified"), folder.errors)
        let moved = try objsh(["mv /src\(tag)/dlo.bin s3api:/b\(tag)/moved.bin"])
        XCTAssertEqual(moved.status, 1, moved.errors)
        XCTAssertTrue(moved.errors.contains("copied, but \(unproven): not verified; the source was kept"), moved.errors)
        XCTAssertEqual(try objsh(["info /src\(tag)/dlo.bin"]).status, 0, "the source of an unverified move went")
    }

    /// A copy between clusters killed once parts are stored (each part waits 5 s, so the
    /// kill lands well before the last ones), run again: only the parts
    /// still missing are sent, the object is whole, and the killed run's spool is gone.
    func testAKilledCopyIsFinishedByTheSameCommand() throws {
        let seeded = try objsh(["cd /", "mkdir src\(tag)", "cd /src\(tag)", "upload \(home)/big.bin"])
        XCTAssertEqual(seeded.status, 0, seeded.errors)
        let spool = home + "/tmp"
        try FileManager.default.createDirectory(atPath: spool, withIntermediateDirectories: true)
        let command = "cp --segment-size 8M /src\(tag)/big.bin s3api:/b\(tag)/big.bin"
        let first = try ObjshRun.start(
            ["-q", "--cluster", "env", "-c", command], home: home,
            extraEnvironment: ["OBJSH_TEST_SEGMENT_DELAY_MS": "5000", "TMPDIR": spool], server: try ObjshRun.server())
        let parts =
            "u = s3.list_multipart_uploads(Bucket=sys.argv[1]).get('Uploads', [])\n"
            + "print(sum(len(s3.list_parts(Bucket=sys.argv[1], Key=x['Key'], UploadId=x['UploadId']).get('Parts', [])) for x in u))"
        let deadline = Date().addingTimeInterval(120)
        while (Int(try boto3(parts, ["b\(tag)"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) < 2 {
            guard Date() < deadline, first.isRunning else { return XCTFail("no part was stored before the copy ended") }
        }
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        let config = "[cluster s3api]\ntype = s3\nendpoint = \(s3.endpoint)\naccess_key = \(s3.access)\nsecret_key = \(s3.secret)\n"
        let again = try ObjshRun.run(
            ["-q", "--debug", "--cluster", "env", "-c", command], config: config, home: home, extraEnvironment: ["TMPDIR": spool])
        XCTAssertEqual(again.status, 0, again.errors)
        XCTAssertTrue(again.output.contains("(verified)"), again.output)
        let sent = again.errors.split(separator: "\n").filter { $0.hasPrefix("debug: PUT ") && $0.contains("partNumber=") }
        XCTAssertLessThan(sent.count, 7, "the parts stored before were sent again")
        let read = "import hashlib\nprint(hashlib.md5(s3.get_object(Bucket=sys.argv[1], Key=sys.argv[2])['Body'].read()).hexdigest())"
        XCTAssertEqual(try boto3(read, ["b\(tag)", "big.bin"]), Self.md5(big) + "\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: spool), [], "a spool folder was left")
    }
}
