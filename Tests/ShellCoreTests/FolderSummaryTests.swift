import Browser
import XCTest

@testable import ShellCore

/// A folder pane's title counts its own level; with subfolders it says "here", and a
/// container adds what it holds at every depth when the store tells it (Swift does), so
/// the title and `info` no longer seem to disagree.
@MainActor
final class FolderSummaryTests: XCTestCase {
    func listing(folders: Int, objects: Int, bytes: Int64, inAll: Int?) -> PaneListing {
        var listing = PaneListing()
        listing.folders = folders
        listing.objects = objects
        listing.total = folders + objects
        listing.bytes = bytes
        listing.containerObjects = inAll
        return listing
    }

    func testSubfoldersMakeTheCountsThisLevelsAndTheContainerSaysItsWhole() async {
        XCTAssertEqual(
            ScreenComposer.folderSummary(of: listing(folders: 3, objects: 3, bytes: 416_355, inAll: 17)),
            "3 folders, 3 objects here (17 in all), 406.6 KiB")
        XCTAssertEqual(
            ScreenComposer.folderSummary(of: listing(folders: 3, objects: 1, bytes: 99_225, inAll: nil)),
            "3 folders, 1 object here, 96.9 KiB")
        // A count the store has not caught up on (Swift's is eventually consistent) is left out.
        XCTAssertEqual(
            ScreenComposer.folderSummary(of: listing(folders: 1, objects: 1, bytes: 2, inAll: 0)),
            "1 folder, 1 object here, 2 B")
    }

    func testAFolderWithoutSubfoldersIsCountedWhole() async {
        XCTAssertEqual(ScreenComposer.folderSummary(of: listing(folders: 0, objects: 2, bytes: 2048, inAll: 2)), "2 objects, 2.0 KiB")
    }

    func testLsLongTotalsAgreeInNumber() async throws {
        let harness = try TranscriptHarness()
        defer { harness.remove() }
        let run = try await harness.run("mkdir one\nls -l /", cluster: "local", quiet: true)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("total 1 container, 0 objects, 0 bytes\n"), run.stdout)
    }
}
