import Browser
import Foundation
import Navigation
import Storage
import XCTest

/// Any sequence of commands, however odd, leaves the browser working: it may refuse
/// a path, but it never stops the process and never breaks the stack's shape.
final class NavigationWalkTests: SampleSessionTestCase {
    // `cd photos; info ..` stopped objsh with a precondition failure (issue 9).
    func testInfoOfTheParentFolderOpensFromItsPane() async throws {
        try await session.cd("photos")
        try await session.info("..")
        XCTAssertEqual(titles, ["sample:/", "info sample:/"])
        XCTAssertEqual(session.currentFolder, .root)
    }

    // `cd a; info x.txt; info /` crashed the same way.
    func testInfoOfTheRootAfterAnObjectsInfo() async throws {
        try await session.cd("photos")
        try await session.info("cover.png")
        try await session.info("/")
        XCTAssertEqual(titles, ["sample:/", "info sample:/"])
    }

    // `info` with no name in search mode replaced the results pane but stayed in search mode.
    func testInfoWithoutANameLeavesSearchModeFirst() async throws {
        try await session.cd("photos")
        try await session.search("a", in: "2024")
        try await session.info(nil)
        XCTAssertFalse(session.isInSearchMode)
        XCTAssertEqual(titles, ["sample:/", "photos/", "info photos/"])
        try await session.info("..")
        XCTAssertEqual(titles, ["sample:/", "info sample:/"])
    }

    func testInfoOfAnAncestorPopsToItFirst() async throws {
        try await session.cd("photos/2024/summer")
        try await session.info("/photos")
        XCTAssertEqual(titles, ["sample:/", "photos/", "info photos/"])
        XCTAssertEqual(session.currentFolder.description, "/photos")
    }

    /// Seeded walks of 1,000 commands each over real, missing, relative and absolute paths,
    /// in and out of search mode. Errors are expected; a crash or a broken stack is not.
    func testRandomWalkNeverBreaksTheStack() async throws {
        let paths = [
            "", ".", "..", "../..", "/", "//", "photos", "/photos/2024", "2024", "summer/beach", "cover.png",
            "/photos/cover.png", "../documents", "documents/日本語", "nope", "/nope/..", "a//b", "/backups",
            "My Photos", "empty", "photos/2024/README.txt", "../photos/../photos", "./2023/", "🎉 party.gif",
        ]
        for seed in [9, 14, 2026] { try await walk(seed: UInt64(seed), over: paths) }
    }

    func walk(seed: UInt64, over paths: [String]) async throws {
        var generator = SeededGenerator(seed: seed)
        for step in 0..<1_000 {
            let path = paths[Int(generator.next() % UInt64(paths.count))]
            let command = Int(generator.next() % 7)
            do {
                switch command {
                case 0, 1: try await session.cd(path)
                case 2: try await session.info(path.isEmpty ? nil : path)
                case 3: try await session.back()
                case 4: try await session.search(generator.next() % 3 == 0 ? nil : "a", in: generator.next() % 2 == 0 ? nil : path)
                case 5: try await session.refresh()
                default: try await session.search(nil)
                }
            } catch is BrowserError {
            } catch is StorageError {
            }
            assertStackIsAChain(after: "seed \(seed) step \(step): command \(command) on \"\(path)\"")
        }
    }

    /// Outside search mode the panes go from the account down, each folder inside the
    /// one before it, with at most one info pane on top.
    func assertStackIsAChain(after step: String) {
        guard !session.isInSearchMode else {
            XCTAssertTrue(session.right is SearchPane || session.container.panes.contains { $0 is SearchPane }, "\(titles); \(step)")
            return
        }
        let panes = session.container.panes.compactMap { $0 as? StoragePane }
        XCTAssertEqual(panes.first?.folder, .root, step)
        for (index, pane) in panes.enumerated().dropFirst() {
            let previous = panes[index - 1]
            if pane is InfoPane {
                XCTAssertEqual(index, panes.count - 1, "an info pane is only on top; \(step)")
                XCTAssertEqual(pane.folder, previous.folder, step)
            } else {
                XCTAssertEqual(pane.folder.parent, previous.folder, "\(titles); \(step)")
            }
        }
    }
}

/// SplitMix64: a small generator that gives the same walk on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
