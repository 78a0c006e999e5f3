import Foundation
import Storage
import Synchronization
import XCTest

/// `ls` in search mode prints a finished search that the pane holds whole as the pane
/// shows it, without walking the account again, and exactly what a fresh search gives.
/// With `-q` nothing shows the results pane, so `search` leaves it unloaded and `ls`
/// searches once.
@MainActor
final class SearchListingTests: XCTestCase {
    var harness: TranscriptHarness!

    override func setUp() async throws { harness = try TranscriptHarness() }
    override func tearDown() async throws { harness.remove() }

    func testLsPrintsAFinishedSearchWithoutSearchingAgain() async throws {
        let searchAlone = ListingCount()
        let alone = try await harness.run("search jpg", wrap: { ListingCountingStore(base: $0, count: searchAlone) })
        XCTAssertEqual(alone.status, 0, alone.stderr)
        XCTAssertGreaterThan(searchAlone.requests, 0)
        let shownWithLs = ListingCount()
        let shown = try await harness.run("search jpg\nls", wrap: { ListingCountingStore(base: $0, count: shownWithLs) })
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertEqual(shownWithLs.requests, searchAlone.requests, "ls searched the account again")

        // With -q the results are the answer: `search` prints them (one search), and `ls`
        // then prints what the pane holds without searching again.
        let quietAlone = ListingCount()
        let quiet = try await harness.run("search jpg", quiet: true, wrap: { ListingCountingStore(base: $0, count: quietAlone) })
        XCTAssertEqual(quietAlone.requests, searchAlone.requests, "-q search searched once")
        let withLs = ListingCount()
        let run = try await harness.run("search jpg\nls", quiet: true, wrap: { ListingCountingStore(base: $0, count: withLs) })
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(withLs.requests, searchAlone.requests, "search and ls searched once")
        // `ls --json` still searches again (it gives fields the pane does not keep): the reference.
        let json = try await harness.run("search jpg\nls --json", quiet: true)
        let expected = try json.stdout.split(separator: "\n").filter { $0.hasPrefix("{") }.map { line in
            let record = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let name = try XCTUnwrap(record["name"] as? String)
            return record["kind"] as? String == "folder" ? name + "/" : name
        }
        XCTAssertGreaterThan(expected.count, 1)
        XCTAssertEqual(quiet.stdout.split(separator: "\n").map(String.init), expected)
        XCTAssertEqual(run.stdout.split(separator: "\n").map(String.init), expected + expected)
        let long = try await harness.run("search jpg\nls -l", quiet: true)
        let longLines = long.stdout.split(separator: "\n").dropFirst(expected.count)
        XCTAssertEqual(longLines.count, expected.count, long.stdout)
        for (line, name) in zip(longLines, expected) {
            XCTAssertTrue(line.hasSuffix("  " + name), "\(line) is not \(name)")
        }
    }
}

/// How many object listing requests a `ListingCountingStore` passed on.
final class ListingCount: Sendable {
    private let count = Mutex(0)
    var requests: Int { count.withLock { $0 } }
    func add() { count.withLock { $0 += 1 } }
}

/// Passes every call on, counting object listing requests.
struct ListingCountingStore: ForwardingStore {
    let base: any ObjectStore
    let count: ListingCount

    func listObjects(in container: String, _ query: ListingQuery) async throws -> [ListingEntry] {
        count.add()
        return try await base.listObjects(in: container, query)
    }
}
