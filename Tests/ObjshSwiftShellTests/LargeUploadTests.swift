import Foundation
import XCTest

/// `upload` of large files, folders and interrupted uploads, with the real binary against
/// the test server, whose max_file_size is lowered to 8 MiB + 2 (scripts/swift-server)
/// so that files of a few MiB become static large objects. Checked from outside with
/// python-swiftclient and plain HTTP.
final class LargeUploadTests: XCTestCase {
    private var home = ""
    private let container = "up" + String(UInt32.random(in: 0...UInt32.max), radix: 36) + " été"
    private var segments: String { container + "_segments" }

    override func setUp() async throws {
        home = NSTemporaryDirectory() + "objsh-upload-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    func testLargeFilesBecomeSLOsThatSwiftclientDownloadsByteForByte() throws {
        let big = try write("big ü file.bin", count: 9_000_123, seed: 1)
        let many = try write("many.bin", count: 3 << 20 + 5, seed: 2)
        let empty = try write("empty", count: 0, seed: 3)
        let run = try objsh(
            "mkdir \"\(container)\"\ncd \"\(container)\"\nupload \"\(home)/big ü file.bin\"\n"
                + "upload --segment-size 512K \(home)/many.bin\nupload \(home)/empty")
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertTrue(run.output.contains("uploaded big ü file.bin (9000123 bytes, 2 segments, etag "), run.output)
        XCTAssertTrue(run.output.contains("uploaded many.bin (3145733 bytes, 7 segments, etag "), run.output)
        XCTAssertTrue(run.output.contains("uploaded empty (0 bytes, md5 d41d8cd98f00b204e9800998ecf8427e)"), run.output)
        XCTAssertEqual(try SwiftServerTools.download(container, "big ü file.bin", to: home + "/d1"), big)
        XCTAssertEqual(try SwiftServerTools.download(container, "many.bin", to: home + "/d2"), many)
        XCTAssertEqual(try SwiftServerTools.download(container, "empty", to: home + "/d3"), empty)
        XCTAssertEqual(try ServerByHand.names(in: segments, prefix: "big ü file.bin/slo/").count, 2)
        XCTAssertEqual(try ServerByHand.names(in: segments, prefix: "many.bin/slo/").count, 7)

        let info = try objsh("cd \"\(container)\"\ninfo many.bin", quiet: false)
        XCTAssertEqual(info.status, 0, info.errors)
        XCTAssertTrue(info.output.contains("Segments-Total") && info.output.contains("3145733"), info.output)
        XCTAssertTrue(info.output.contains("6 × 524288, 1 × 5"), info.output)
    }

    func testSwiftclientSLOIsRecognisedAndOverwritingRemovesOldSegments() throws {
        _ = try write("x.bin", count: 3 << 20 + 1, seed: 4)
        XCTAssertEqual(try SwiftServerTools.swiftclient(["post", container]).status, 0)
        let uploaded = try SwiftServerTools.swiftclient(["upload", "-S", "1048576", "--use-slo", container, "x.bin"], in: home)
        XCTAssertEqual(uploaded.status, 0, uploaded.errors)
        let theirs = Set(try ServerByHand.names(in: segments, prefix: "x.bin/"))
        XCTAssertEqual(theirs.count, 4)

        let same = try objsh("cd \"\(container)\"\nupload --skip-identical --segment-size 1M \(home)/x.bin")
        XCTAssertEqual(same.status, 0, same.errors)
        XCTAssertEqual(same.output, "skipped x.bin (3145729 bytes, identical)\n")

        let changed = try write("x.bin", count: 3 << 20 + 1, seed: 5)
        let replaced = try objsh("cd \"\(container)\"\nupload --skip-identical --segment-size 1M \(home)/x.bin")
        XCTAssertEqual(replaced.status, 0, replaced.errors)
        let ours = Set(try ServerByHand.names(in: segments, prefix: "x.bin/"))
        XCTAssertEqual(ours.count, 4, "python-swiftclient's segments went once the new manifest landed: \(ours)")
        XCTAssertTrue(ours.isDisjoint(with: theirs))
        XCTAssertEqual(try SwiftServerTools.download(container, "x.bin", to: home + "/d"), changed)

        let again = try write("x.bin", count: 2 << 20 + 7, seed: 6)
        let kept = try objsh("cd \"\(container)\"\nupload --leave-segments --segment-size 1M \(home)/x.bin")
        XCTAssertEqual(kept.status, 0, kept.errors)
        XCTAssertEqual(Set(try ServerByHand.names(in: segments, prefix: "x.bin/")).intersection(ours), ours, "--leave-segments keeps them")
        XCTAssertEqual(try SwiftServerTools.download(container, "x.bin", to: home + "/e"), again)
    }

    func testKilledUploadResumesSendingOnlyTheMissingSegments() throws {
        let content = try write("k.bin", count: 24 * 262_144 + 100, seed: 7)
        XCTAssertEqual(try objsh("mkdir \"\(container)\"").status, 0)
        let command = "cd \"\(container)\"\nupload --segment-size 256K --parallel 2 \(home)/k.bin"
        let first = try ObjshRun.start(
            ["-q", "--cluster", "env", "-c", command], home: home,
            extraEnvironment: ["OBJSH_TEST_SEGMENT_DELAY_MS": "150"], server: try ObjshRun.server())
        // Wait for the state (some segments stored), not for a time, then SIGKILL.
        let deadline = Date().addingTimeInterval(60)
        while try ServerByHand.names(in: segments, prefix: "k.bin/").count < 6 {
            XCTAssertTrue(first.isRunning, "the upload ended before it could be killed")
            guard Date() < deadline, first.isRunning else { return XCTFail("no segments appeared") }
            usleep(10_000)
        }
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        XCTAssertEqual(try ServerByHand.headStatus(container, "k.bin"), 404, "no partial object under the final name")
        let stored = try ServerByHand.names(in: segments, prefix: "k.bin/").count
        XCTAssertLessThan(stored, 25)

        let second = try objsh(command, debug: true)
        XCTAssertEqual(second.status, 0, second.errors)
        let sent = second.errors.split(separator: "\n").filter { $0.hasPrefix("debug: PUT ") && $0.contains("_segments/") }.count
        XCTAssertLessThanOrEqual(sent, 25 - stored + 1, "sent again: \(sent) segments; \(stored) were stored")
        XCTAssertTrue(second.output.contains("25 segments, \(25 - sent) already stored"), second.output)
        XCTAssertEqual(try SwiftServerTools.download(container, "k.bin", to: home + "/d"), content)
        XCTAssertEqual(try ServerByHand.names(in: segments, prefix: "k.bin/").count, 25)
    }

    func testFolderOfTwoHundredFilesUploadsSeveralAtOnceAndSkipsIdentical() throws {
        var expected: [String: Data] = [:]
        for index in 0..<200 {
            let name = index % 3 == 0 ? "sub dir/é \(index).txt" : "f \(index) 日本.bin"
            expected["tree/" + name] = try write("tree/" + name, count: index * 37, seed: UInt8(index % 251))
        }
        let run = try objsh("mkdir \"\(container)\"\ncd \"\(container)\"\nupload -v \(home)/tree")
        XCTAssertEqual(run.status, 0, run.errors)
        var lines = run.output.split(separator: "\n")
        XCTAssertEqual(lines.popLast(), "uploaded 200 files (736300 bytes) into /\(container)/tree", "-v ends with the count")
        XCTAssertEqual(lines.count, 200, run.output)
        XCTAssertEqual(
            lines.map { String($0) }, lines.map { String($0) }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) },
            "results come in name order although files go up several at once")
        XCTAssertEqual(Set(try ServerByHand.names(in: container)), Set(expected.keys))
        for (name, bytes) in expected.sorted(by: { $0.key < $1.key }).prefix(20) {
            XCTAssertEqual(try SwiftServerTools.download(container, name, to: home + "/got"), bytes, name)
        }
        let again = try objsh("cd \"\(container)\"\nupload --skip-identical \(home)/tree")
        XCTAssertEqual(again.status, 0, again.errors)
        XCTAssertEqual(again.output, "uploaded 0 files (0 bytes) into /\(container)/tree; 200 skipped (identical)\n", "one line for them all")
    }

    // MARK: - Helpers

    /// Writes `count` deterministic bytes to HOME/relative and returns them.
    @discardableResult
    private func write(_ relative: String, count: Int, seed: UInt8) throws -> Data {
        let path = home + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var state = UInt32(seed) &* 2_654_435_761 &+ 1
        let bytes = Data(
            (0..<count).map { _ in
                state = state &* 1_664_525 &+ 1_013_904_223
                return UInt8(truncatingIfNeeded: state >> 24)
            })
        try bytes.write(to: URL(fileURLWithPath: path))
        return bytes
    }

    private func objsh(_ script: String, quiet: Bool = true, debug: Bool = false) throws -> ObjshRun {
        try ObjshRun.run((quiet ? ["-q"] : []) + (debug ? ["--debug"] : []) + ["--cluster", "env", "-c", script], home: home)
    }
}
