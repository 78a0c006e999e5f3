import Browser
import Foundation
import Storage
import XCTest

/// A search pane shows its results as they are found, and a search stopped midway
/// keeps what it found and says that it was stopped.
@MainActor
final class SearchProgressTests: XCTestCase {
    private var root = ""

    override func setUp() async throws {
        root = NSTemporaryDirectory() + "objsh-search-progress-" + UUID().uuidString
        for container in ["a", "b", "c", "d"] {
            for index in 0..<12 {
                let path = root + "/" + container + "/f\(index % 3)/photo \(index).jpg"
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(path.utf8)))
            }
        }
    }

    override func tearDown() async throws { try? FileManager.default.removeItem(atPath: root) }

    /// Pages of 5: every container gives several pages of results.
    static func searchPane(_ root: String) -> SearchPane {
        SearchPane(store: SmallPages(base: FileStore(root: root), pageSize: 5), term: "jpg", scope: .root, openedFrom: .root)
    }

    func testResultsShowAsTheyAreFoundWithTheCountGrowing() async throws {
        let pane = SearchProgressTests.searchPane(root)
        let seen = Listings()
        try await pane.load { pane in seen.record(pane.content) }
        let counts = seen.listings.map(\.total)
        XCTAssertGreaterThanOrEqual(counts.count, 4, "one report a page of results at least")
        XCTAssertEqual(counts, counts.sorted(), "the count only grows")
        XCTAssertEqual(Set(counts).count, counts.count, "each report has something new")
        XCTAssertTrue(seen.listings.allSatisfy { $0.progress == .running }, "a report comes while the search runs")
        guard case .listing(let final)? = pane.content else { return XCTFail("no listing: \(String(describing: pane.content))") }
        XCTAssertEqual(final.progress, .finished)
        XCTAssertEqual(final.total, 48)
        XCTAssertEqual(final.total, counts.last)
        XCTAssertEqual(final.entries.first?.name, "a/f0/photo 0.jpg")
    }

    func testAStoppedSearchKeepsWhatItFoundAndSaysSo() async throws {
        // The first report stops the search, as Ctrl-C cancels the command's task.
        let root = self.root
        let load = Task { () throws -> (PaneContent?, [PaneListing]) in
            let pane = SearchProgressTests.searchPane(root)
            let seen = Listings()
            try await pane.load { pane in
                seen.record(pane.content)
                withUnsafeCurrentTask { $0?.cancel() }
            }
            return (pane.content, seen.listings)
        }
        let (content, reports) = try await load.value
        guard case .listing(let kept)? = content else { return XCTFail("no listing: \(String(describing: content))") }
        XCTAssertEqual(kept.progress, .stopped)
        XCTAssertEqual(reports.count, 1, "no page comes after the stop")
        XCTAssertEqual(kept.total, reports.first?.total)
        XCTAssertGreaterThan(kept.total, 0)
        XCTAssertLessThan(kept.total, 48)

        let again = SearchProgressTests.searchPane(root)
        try await again.load()
        guard case .listing(let all)? = again.content else { return XCTFail("no listing") }
        XCTAssertEqual(all.total, 48, "the next search is whole")
    }
}

/// The listings a pane reported while it loaded.
private final class Listings {
    var listings: [PaneListing] = []

    func record(_ content: PaneContent?) {
        guard case .listing(let listing)? = content else { return XCTFail("a report without a listing") }
        listings.append(listing)
    }
}
