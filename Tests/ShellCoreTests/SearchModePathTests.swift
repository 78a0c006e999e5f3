import XCTest

/// In search mode the results are named from the root, so every command takes a
/// relative path from the root there, as `cd` and `info` do: a result's name as shown
/// can be given to `ls`, `cat` or `get`, also after a result was opened. `pwd` says so.
@MainActor
final class SearchModePathTests: XCTestCase {
    var harness: TranscriptHarness!

    override func setUp() async throws { harness = try TranscriptHarness() }
    override func tearDown() async throws { harness.remove() }

    func testEveryCommandTakesAResultNameAsShown() async throws {
        let script = """
            cd photos
            search app-0001
            pwd
            cd backups/logs/2024/app-0001.log
            pwd
            ls backups/logs/2024/app-000[23].log
            cat backups/logs/2024/app-0002.log
            back
            pwd
            """
        let run = try await harness.run(script, quiet: true)
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("/photos  [search: app-0001; paths start at /]"), run.stdout)
        XCTAssertTrue(lines.contains("/backups/logs/2024  [search: app-0001; paths start at /]"), run.stdout)
        XCTAssertTrue(lines.contains("backups/logs/2024/app-0003.log"), run.stdout)
        XCTAssertTrue(run.stdout.contains("objsh sample object backups/logs/2024/app-0002.log"), run.stdout)
        XCTAssertTrue(
            run.stdout.hasSuffix("/photos\n") && !run.stdout.contains("[search: app-0001; paths start at /]\n/photos"),
            "back leaves search mode where it began: \(run.stdout)")
    }
}
