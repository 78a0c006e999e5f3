import Foundation
import Storage
import XCTest

@testable import ShellCore

/// `du` against sums the test computes from the store's own listing.
@MainActor
final class DiskUsageTests: XCTestCase {
    var harness: TranscriptHarness!

    override func setUp() async throws { harness = try TranscriptHarness() }
    override func tearDown() async throws { harness.remove() }

    /// Objects and bytes under `prefix` of `container`, and per first-level folder below it.
    func sums(_ container: String, prefix: String = "") async throws -> (total: (Int, Int64), folders: [String: (Int, Int64)]) {
        let store = FileStore(root: TranscriptHarness.sharedSample)
        var total = (0, Int64(0))
        var folders: [String: (Int, Int64)] = [:]
        for try await page in store.objectPages(in: container, prefix: prefix) {
            for case .object(let object) in page where object.name != prefix {
                total = (total.0 + 1, total.1 + object.bytes)
                let rest = object.name.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
                guard rest.count > 1 else { continue }
                let folder = String(rest[0])
                folders[folder] = ((folders[folder]?.0 ?? 0) + 1, (folders[folder]?.1 ?? 0) + object.bytes)
            }
        }
        return (total, folders)
    }

    func lines(_ script: String) async throws -> [[String]] {
        let run = try await harness.run(script, quiet: true)
        XCTAssertEqual(run.status, 0, run.stderr)
        return run.stdout.split(separator: "\n").map { line in
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true).map(String.init)
            return [fields[0], fields[1], fields[2].trimmingCharacters(in: .whitespaces)]
        }
    }

    func testAFolderAndItsSubfoldersEqualTheListingsSums() async throws {
        let expected = try await sums("photos", prefix: "2024/")
        let shown = try await lines("du -d 1 photos/2024")
        XCTAssertEqual(shown.last, [String(expected.total.1), String(expected.total.0), "/photos/2024"])
        XCTAssertEqual(shown.count, expected.folders.count + 1)
        for line in shown.dropLast() {
            let name = String(line[2].dropFirst("/photos/2024/".count))
            XCTAssertEqual(line[0], String(expected.folders[name]?.1 ?? -1), line[2])
            XCTAssertEqual(line[1], String(expected.folders[name]?.0 ?? -1), line[2])
        }
    }

    func testAContainerAndTheAccountAddUp() async throws {
        let photos = try await sums("photos")
        let container = try await lines("du photos")
        XCTAssertEqual(container, [[String(photos.total.1), String(photos.total.0), "/photos"]])
        let account = try await lines("du -d 1 /")
        XCTAssertEqual(account.last?[2], "/")
        let bytes = account.dropLast().compactMap { Int64($0[0]) }.reduce(0, +)
        XCTAssertEqual(account.last?[0], String(bytes))
        XCTAssertTrue(account.contains([String(photos.total.1), String(photos.total.0), "/photos"]), "\(account)")
    }

    func testAnObjectCountsAsItself() async throws {
        let shown = try await lines("du photos/cover.png")
        XCTAssertEqual(shown.first?[1], "1")
        XCTAssertEqual(shown.first?[2], "/photos/cover.png")
    }
}
