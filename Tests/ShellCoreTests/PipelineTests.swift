import Foundation
import ShellCore
import XCTest

/// `|`, `>`, `>>`, `!` and aliases, run as a script runs them on the sample store: output
/// into a pipe or a file is what a script gets, `>` leaves FILE as it was when the
/// command fails, a reader that ends first is no error, and a line's status is its last stage's.
@MainActor
final class PipelineTests: XCTestCase {
    var harness: TranscriptHarness!
    var folder: String { harness.root + "/work" }

    override func setUp() async throws {
        harness = try TranscriptHarness()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() async throws { harness.remove() }

    func run(_ script: String, policy: ErrorPolicy = .stop) async throws -> TranscriptHarness.Result {
        try await harness.run("lcd \(folder)\n" + script, policy: policy, quiet: true)
    }

    func file(_ name: String) -> String? { try? String(contentsOfFile: folder + "/" + name, encoding: .utf8) }

    func testAPipeGetsOneEntryALineAndTheLocalShellSortsIt() async throws {
        let result = try await run("ls | LC_ALL=C sort -r > sorted.txt")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(file("sorted.txt"), "photos/\nmusic/\nempty/\ndocuments/\nbackups/\nMy Photos/\n")
        XCTAssertEqual(result.stdout, "")
    }

    func testRedirectionWritesAndAppendsInTheLocalFolder() async throws {
        let result = try await run("ls photos/2024 > list.txt\nls photos/2024 >> list.txt\nsearch beach >> list.txt")
        XCTAssertEqual(result.status, 0, result.stderr)
        let list = try XCTUnwrap(file("list.txt"))
        XCTAssertTrue(list.hasPrefix("README.txt\nautumn/\nspring/\nsummer/\nREADME.txt\nautumn/\nspring/\nsummer/\n"), list)
        XCTAssertTrue(list.contains("IMG_0001 beach.jpg"), list)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["list.txt"], "no temporary file left")
    }

    func testAFailedCommandLeavesTheFileAsItWas() async throws {
        try "old\n".write(toFile: folder + "/out.txt", atomically: true, encoding: .utf8)
        let result = try await run("ls nowhere > out.txt", policy: .continue)
        XCTAssertEqual(file("out.txt"), "old\n")
        XCTAssertTrue(result.stderr.contains("out.txt: left as it was"), result.stderr)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["out.txt"], "no temporary file left")
    }

    func testCatIntoAFileIsTheObjectsBytes() async throws {
        let result = try await run("cat photos/2024/README.txt > copy.txt\ncat photos/2024/README.txt | wc -c > count.txt")
        XCTAssertEqual(result.status, 0, result.stderr)
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: folder + "/copy.txt"))
        XCTAssertEqual(file("count.txt")?.trimmingCharacters(in: .whitespacesAndNewlines), String(bytes.count))
        XCTAssertFalse(bytes.isEmpty)
    }

    func testAReaderThatEndsFirstIsNoError() async throws {
        let result = try await run("ls -R | head -1 > first.txt\ncat photos/2024/README.txt | true\nls -R photos | false", policy: .continue)
        XCTAssertEqual(file("first.txt")?.split(separator: "\n").count, 1)
        XCTAssertEqual(result.stderr, "", "a reader gone away is never an error")
        XCTAssertEqual(result.status, 1, "the line's status is its last stage's: false")
    }

    func testALocalCommandRunsInTheLocalFolderAndGivesItsStatus() async throws {
        var result = try await run("!pwd > here.txt; echo two >> here.txt")
        XCTAssertEqual(result.status, 0, result.stderr)
        let realFolder = try XCTUnwrap(realpath(folder, nil).map { String(cString: $0) })
        XCTAssertEqual(file("here.txt"), realFolder + "\ntwo\n")
        result = try await run("!exit 3\nls")
        XCTAssertEqual(result.status, 3)
    }

    func testAnAliasStandsForItsLineAndNotForItselfInside() async throws {
        let script = """
            alias ls 'ls photos/2024'
            alias sorted 'ls | LC_ALL=C sort -r'
            sorted > reversed.txt
            alias
            unalias sorted
            alias sorted
            """
        let result = try await run(script, policy: .continue)
        XCTAssertEqual(file("reversed.txt"), "summer/\nspring/\nautumn/\nREADME.txt\n")
        XCTAssertEqual(result.stdout, "alias ls 'ls photos/2024'\nalias sorted 'ls | LC_ALL=C sort -r'\n")
        XCTAssertTrue(result.stderr.contains("sorted: no such alias"), result.stderr)
    }

    func testOutputGoesToOnePlace() async throws {
        let result = try await run("ls > a.txt | sort", policy: .continue)
        XCTAssertTrue(result.stderr.contains("a command's output goes to one place"), result.stderr)
        XCTAssertNil(file("a.txt"))
    }
}
