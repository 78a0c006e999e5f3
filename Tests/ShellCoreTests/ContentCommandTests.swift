import Foundation
import Storage
import Synchronization
import XCTest

@testable import ShellCore

/// `cat`, `head` and `tail` on the file store: the bytes they write, and that `head`
/// and `tail` read only what they need (counted by a store that passes reads on).
@MainActor
final class ContentCommandTests: XCTestCase {
    var harness: TranscriptHarness!
    var source = ""

    override func setUp() async throws {
        harness = try TranscriptHarness()
        source = harness.root + "/log.txt"
        let text = (1...100_000).map { "line \($0)\n" }.joined()
        try text.write(toFile: source, atomically: true, encoding: .utf8)
        let upload = try await harness.run("mkdir logs\ncd logs\nupload \(source)\nmkdir old", cluster: "local", quiet: true)
        XCTAssertEqual(upload.status, 0, upload.stderr)
    }

    override func tearDown() async throws { harness.remove() }

    func run(_ commands: String, count: ReadCount = ReadCount()) async throws -> TranscriptHarness.Result {
        let result = try await harness.run(
            commands, cluster: "local", start: "/logs", quiet: true,
            wrap: { ReadCountingStore(base: $0, count: count) })
        XCTAssertEqual(result.status, 0, result.stderr)
        return result
    }

    /// What the commands wrote.
    func answer(_ result: TranscriptHarness.Result) -> String { result.stdout }

    func testHeadAndTailWriteLinesAndBytesReadingOnlyWhatTheyNeed() async throws {
        let count = ReadCount()
        let head = answer(try await run("head -n 3 log.txt", count: count))
        XCTAssertEqual(head, "line 1\nline 2\nline 3\n")
        XCTAssertLessThanOrEqual(count.bytes, 16 << 10, "head read past its first request")
        let tailCount = ReadCount()
        let tail = answer(try await run("tail -n 2 log.txt", count: tailCount))
        XCTAssertEqual(tail, "line 99999\nline 100000\n")
        XCTAssertLessThanOrEqual(tailCount.bytes, 16 << 10, "tail read more than one small range")
        let lastBytes = answer(try await run("tail -c 7 log.txt"))
        XCTAssertEqual(lastBytes, "100000\n")
        let firstBytes = answer(try await run("head -c 4 log.txt"))
        XCTAssertEqual(firstBytes, "line")
        let tenLines = answer(try await run("head log.txt"))
        XCTAssertEqual(tenLines, (1...10).map { "line \($0)\n" }.joined())
    }

    func testTailOfMoreLinesThanOneRequestHoldsReadsBackwardsUntilItHasThem() async throws {
        let count = ReadCount()
        let lines = answer(try await run("tail -n 5000 log.txt", count: count)).split(separator: "\n")
        XCTAssertEqual(lines.count, 5000)
        XCTAssertEqual(lines.first, "line 95001")
        XCTAssertLessThan(count.bytes, 200 << 10)
    }

    func testCatWritesEveryByteVerified() async throws {
        let result = try await run("cat log.txt")
        XCTAssertEqual(answer(result), try String(contentsOfFile: source, encoding: .utf8))
        XCTAssertEqual(result.stderr, "")
    }

    func testAFolderOrBothCountsAreRefused() async throws {
        let folder = try await harness.run("cat old", cluster: "local", start: "/logs", quiet: true)
        XCTAssertEqual(folder.stderr, "objsh: line 1: cat: /logs/old is a folder, not an object\n")
        XCTAssertEqual(folder.status, ExitStatus.usage)
        let both = try await harness.run("head -n 1 -c 1 x", cluster: "local", quiet: true)
        XCTAssertTrue(both.stderr.hasPrefix("objsh: line 1: head: -n and -c cannot be given together\n"), both.stderr)
        let missing = try await harness.run("tail logs/none.txt", cluster: "local", quiet: true)
        XCTAssertEqual(missing.stderr, "objsh: line 1: tail: none.txt: no such object in logs\n")
        XCTAssertEqual(missing.status, ExitStatus.notFound)
    }
}

/// Bytes the store handed to readers.
final class ReadCount: Sendable {
    private let count = Mutex(0)
    var bytes: Int { count.withLock { $0 } }
    func add(_ bytes: Int) { count.withLock { $0 += bytes } }
}

/// Passes every call on, counting the bytes of object reads.
struct ReadCountingStore: ForwardingStore {
    let base: any ObjectStore
    let count: ReadCount

    func readObject(
        container: String, name: String, version: String?, range: ClosedRange<Int64>?, ifMatch: String?,
        receive: (UnsafeRawBufferPointer) throws -> Void
    ) async throws -> ObjectInfo {
        try await base.readObject(container: container, name: name, version: version, range: range, ifMatch: ifMatch) { bytes in
            count.add(bytes.count)
            try receive(bytes)
        }
    }
}
