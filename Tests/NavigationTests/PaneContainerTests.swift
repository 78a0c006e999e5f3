import XCTest

@testable import Navigation

/// Event sequences for every container operation, derived from the seed's Figures 6 and 7.
@MainActor
final class PaneContainerTests: XCTestCase {
    private var container: PaneContainer!
    private var names: [Int: String] = [:]

    override func setUp() async throws {
        container = PaneContainer(cacheLimit: 3)
        names = [:]
    }

    private func pane(_ label: String) -> RecordingPane {
        let pane = RecordingPane(label)
        names[pane.id] = label
        return pane
    }

    /// Events as `name(label)` strings, so expectations read like the figures.
    private func render(_ events: [LifecycleEvent]) -> [String] {
        events.map { "\($0.name) \(names[$0.pane] ?? "?")" }
    }

    private func stack() -> [String] { container.panes.map { names[$0.id] ?? "?" } }

    func testFirstPushGoesToTheLeftPane() async throws {
        let a = pane("A")
        XCTAssertEqual(
            render(try container.push(a, from: nil)),
            [
                "willMove(toParent: container) A", "willAppear A", "willMove(to: left) A",
                "didMove(to: left) A", "didMove(toParent: container) A", "didAppear A",
            ])
        XCTAssertTrue(container.left === a)
        XCTAssertNil(container.right)
        XCTAssertTrue(a.isVisible)
        XCTAssertEqual(a.side, .left)
    }

    func testSecondPushGoesToTheRightPane() async throws {
        let a = pane("A")
        let b = pane("B")
        try container.push(a, from: nil)
        XCTAssertEqual(
            render(try container.push(b, from: a)),
            [
                "willMove(toParent: container) B", "willAppear B", "willMove(to: right) B",
                "didMove(to: right) B", "didMove(toParent: container) B", "didAppear B",
            ])
        XCTAssertEqual(stack(), ["A", "B"])
    }

    func testPushFromTheRightPaneShiftsThePanes() async throws {
        let a = pane("A")
        let b = pane("B")
        let c = pane("C")
        try container.push(a, from: nil)
        try container.push(b, from: a)
        XCTAssertEqual(
            render(try container.push(c, from: b)),
            [
                "willMove(toParent: container) C", "willDisappear A", "willMove(to: left) B",
                "willAppear C", "willMove(to: right) C",
                "didDisappear A", "didMove(to: left) B", "didMove(to: right) C",
                "didMove(toParent: container) C", "didAppear C",
            ])
        XCTAssertEqual(stack(), ["A", "B", "C"])
        XCTAssertFalse(a.isVisible)
        XCTAssertTrue(a.container === container, "a shifted-out pane stays in the stack")
        XCTAssertEqual(b.side, .left)
    }

    func testPushFromTheLeftPaneReplacesTheRightPane() async throws {
        let a = pane("A")
        let b = pane("B")
        let c = pane("C")
        try container.push(a, from: nil)
        try container.push(b, from: a)
        XCTAssertEqual(
            render(try container.push(c, from: a)),
            [
                "willMove(toParent: nil) B", "willMove(toParent: container) C", "willDisappear B",
                "willAppear C", "willMove(to: right) C",
                "didDisappear B", "didMove(to: right) C", "didMove(toParent: nil) B",
                "didMove(toParent: container) C", "didAppear C",
            ])
        XCTAssertEqual(stack(), ["A", "C"])
        XCTAssertNil(b.container)
    }

    func testPushFromAHiddenPaneIsRefusedAndChangesNothing() async throws {
        let a = pane("A")
        let b = pane("B")
        let c = pane("C")
        try container.push(a, from: nil)
        try container.push(b, from: a)
        try container.push(c, from: b)
        XCTAssertThrowsError(try container.push(pane("D"), from: a)) {
            XCTAssertEqual($0 as? ContainerError, .sourceNotVisible)
        }
        XCTAssertEqual(stack(), ["A", "B", "C"])
    }

    func testPopBringsTheLevelBelowBackOnTheLeft() async throws {
        let a = pane("A")
        let b = pane("B")
        let c = pane("C")
        try container.push(a, from: nil)
        try container.push(b, from: a)
        try container.push(c, from: b)
        XCTAssertEqual(
            render(try container.pop()),
            [
                "willMove(toParent: nil) C", "willDisappear C", "willMove(to: right) B",
                "willAppear A", "willMove(to: left) A",
                "didDisappear C", "didMove(to: right) B", "didMove(to: left) A",
                "didMove(toParent: nil) C", "didAppear A",
            ])
        XCTAssertEqual(stack(), ["A", "B"])
    }

    func testPopWithTwoPanesClosesTheRightPane() async throws {
        let a = pane("A")
        let b = pane("B")
        try container.push(a, from: nil)
        try container.push(b, from: a)
        XCTAssertEqual(
            render(try container.pop()),
            [
                "willMove(toParent: nil) B", "willDisappear B", "didDisappear B", "didMove(toParent: nil) B",
            ])
        XCTAssertEqual(stack(), ["A"])
        XCTAssertThrowsError(try container.pop()) { XCTAssertEqual($0 as? ContainerError, .atRoot) }
    }

    func testPopWithCollapseGoesBackToTheTwoBottomPanes() async throws {
        let panes = ["A", "B", "C", "D", "E"].map(pane)
        try container.push(panes[0], from: nil)
        for index in 1..<panes.count { try container.push(panes[index], from: panes[index - 1]) }
        let events = render(try container.pop(collapse: true))
        XCTAssertEqual(stack(), ["A", "B"])
        XCTAssertEqual(
            events,
            [
                "willMove(toParent: nil) C", "willMove(toParent: nil) D", "willMove(toParent: nil) E",
                "willDisappear D", "willDisappear E",
                "willAppear A", "willMove(to: left) A", "willAppear B", "willMove(to: right) B",
                "didDisappear D", "didDisappear E", "didMove(to: left) A", "didMove(to: right) B",
                "didMove(toParent: nil) C", "didMove(toParent: nil) D", "didMove(toParent: nil) E",
                "didAppear A", "didAppear B",
            ])
    }

    func testSearchModeShowsResultsAndRestoresThePanesBefore() async throws {
        let a = pane("A")
        let b = pane("B")
        let results = pane("S")
        let hit = pane("I")
        try container.push(a, from: nil)
        try container.push(b, from: a)
        b.loaded = true
        XCTAssertEqual(
            render(try container.enterSearch(results)),
            [
                "willMove(toParent: container) S", "willDisappear A", "willMove(to: left) B",
                "willAppear S", "willMove(to: right) S",
                "didDisappear A", "didMove(to: left) B", "didMove(to: right) S",
                "didMove(toParent: container) S", "didAppear S",
            ])
        XCTAssertTrue(container.isInSearchMode)
        try container.push(hit, from: results)
        XCTAssertEqual(stack(), ["A", "B", "S", "I"])
        // One `back` anywhere in search mode leaves it.
        XCTAssertEqual(
            render(try container.pop()),
            [
                "willMove(toParent: nil) S", "willMove(toParent: nil) I", "willDisappear S", "willDisappear I",
                "willAppear A", "willMove(to: left) A", "willAppear B", "willMove(to: right) B",
                "didDisappear S", "didDisappear I", "didMove(to: left) A", "didMove(to: right) B",
                "didMove(toParent: nil) S", "didMove(toParent: nil) I", "didAppear A", "didAppear B",
            ])
        XCTAssertFalse(container.isInSearchMode)
        XCTAssertEqual(stack(), ["A", "B"])
        XCTAssertTrue(b.loaded, "the panes before search keep their content")
    }

    func testSearchFromALonePaneAndExitWithoutTerm() async throws {
        let a = pane("A")
        let results = pane("S")
        try container.push(a, from: nil)
        try container.enterSearch(results)
        XCTAssertEqual(stack(), ["A", "S"])
        XCTAssertThrowsError(try container.enterSearch(pane("T"))) {
            XCTAssertEqual($0 as? ContainerError, .alreadySearching)
        }
        XCTAssertEqual(
            render(try container.exitSearch()),
            [
                "willMove(toParent: nil) S", "willDisappear S", "didDisappear S", "didMove(toParent: nil) S",
            ])
        XCTAssertThrowsError(try container.exitSearch()) { XCTAssertEqual($0 as? ContainerError, .notSearching) }
    }

    func testAPaneBelongsToOneContainerOnly() async throws {
        let a = pane("A")
        let other = PaneContainer()
        try container.push(a, from: nil)
        XCTAssertThrowsError(try other.push(a, from: nil)) {
            XCTAssertEqual($0 as? ContainerError, .paneAlreadyInContainer)
        }
        XCTAssertThrowsError(try container.push(a, from: a))
        XCTAssertTrue(other.panes.isEmpty)
    }
}
