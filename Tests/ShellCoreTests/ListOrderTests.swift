import Foundation
import XCTest

/// `ls -l` of a folder ends with its totals; `-S`, `-t` and `-r` order a folder, and
/// `--json` follows the same order.
@MainActor
final class ListOrderTests: XCTestCase {
    var harness: TranscriptHarness!

    override func setUp() async throws { harness = try TranscriptHarness() }
    override func tearDown() async throws { harness.remove() }

    func lines(_ script: String) async throws -> [String] {
        let run = try await harness.run(script, quiet: true)
        XCTAssertEqual(run.status, 0, run.stderr)
        return run.stdout.split(separator: "\n").map(String.init)
    }

    func sizes(_ lines: [String]) -> [Int64] {
        lines.compactMap { Int64($0.split(separator: " ").first ?? "") }
    }

    func testLongFolderListingEndsWithItsTotals() async throws {
        let listed = try await lines("ls -l photos/2024/summer/beach")
        XCTAssertEqual(listed.last, "total 3 objects, \(sizes(listed).reduce(0, +)) bytes")
        let human = try await lines("ls -lh photos")
        XCTAssertTrue(human.last?.hasPrefix("total 3 objects, ") ?? false, "\(human)")
        let short = try await lines("ls photos")
        XCTAssertFalse(short.contains { $0.hasPrefix("total") })
    }

    func testSizeOrderIsLargestFirstAndReverses() async throws {
        let bySize = sizes(try await lines("ls -lS photos/2024/summer/beach").dropLast())
        XCTAssertEqual(bySize, bySize.sorted(by: >))
        XCTAssertEqual(bySize.count, 3)
        let reversed = sizes(try await lines("ls -lSr photos/2024/summer/beach").dropLast())
        XCTAssertEqual(reversed, bySize.reversed())
        let names = try await lines("ls -r photos/2024/summer/beach")
        let forward = try await lines("ls photos/2024/summer/beach")
        XCTAssertEqual(names, forward.reversed())
    }

    func testJSONFollowsTheOrder() async throws {
        let records = try await lines("ls -S --json photos/2024/summer/beach").map { line in
            try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let bytes = records.compactMap { ($0["bytes"] as? NSNumber)?.int64Value }
        XCTAssertEqual(bytes.count, 3)
        XCTAssertEqual(bytes, bytes.sorted(by: >))
        let byDate = try await lines("ls -t photos/2024/summer/beach")
        XCTAssertEqual(byDate.count, 3)
    }

    /// At the root, -r reverses the containers on every store; -S and -t need the sizes
    /// and dates the account listing gives, which the file store's (as S3's) does not:
    /// refused, with a word saying so. They did nothing before.
    func testTheRootReversesAndRefusesWhatItsStoreCannotSortBy() async throws {
        let forward = try await lines("ls /")
        let reversed = try await lines("ls -r /")
        XCTAssertEqual(reversed, forward.reversed())
        XCTAssertGreaterThan(forward.count, 1)
        for option in ["-S", "-t", "-lS"] {
            let run = try await harness.run("ls \(option) /", quiet: true)
            XCTAssertEqual(run.status, 1, option)
            XCTAssertEqual(run.stdout, "", "nothing is written before the refusal: \(option)")
            let fact = option.hasSuffix("S") ? "sizes" : "dates"
            XCTAssertTrue(
                run.stderr.contains("ls: \(option.suffix(1) == "S" ? "-S" : "-t"): the file store lists containers without their \(fact)"),
                run.stderr)
        }
    }

    /// What a pattern matched follows -S, -t and -r (with -R, the matched folders'
    /// objects too); before, the options were accepted and did nothing.
    func testAPatternsMatchesFollowTheOrder() async throws {
        let bySize = sizes(try await lines("ls -lS photos/2024/summer/beach/*"))
        XCTAssertEqual(bySize.count, 3)
        XCTAssertEqual(bySize, bySize.sorted(by: >))
        let byName = sizes(try await lines("ls -l photos/2024/summer/beach/*"))
        XCTAssertNotEqual(bySize, byName, "the name order is another")
        let forward = try await lines("ls photos/*")
        let reversed = try await lines("ls -r photos/*")
        XCTAssertEqual(reversed, forward.reversed())
        let tree = sizes(try await lines("ls -lRS photos/2024/*"))
        XCTAssertGreaterThan(tree.count, 3)
        XCTAssertEqual(tree, tree.sorted(by: >))
        let byDate = try await lines("ls -lt photos/2024/summer/beach/*").map { $0.split(separator: " ")[1] }
        XCTAssertEqual(byDate, byDate.sorted(by: >))
    }
}
