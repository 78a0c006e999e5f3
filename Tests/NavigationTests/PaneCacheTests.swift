import XCTest

@testable import Navigation

/// Lazy loading, the cache of hidden panes, memory pressure, and the balance of
/// events over long random walks.
@MainActor
final class PaneCacheTests: XCTestCase {
    func testOnlyVisiblePanesNeedContentAndPreloadingLoadsNothing() async throws {
        let container = PaneContainer()
        let a = RecordingPane("A")
        let b = RecordingPane("B")
        XCTAssertTrue(container.panesNeedingContent.isEmpty)
        try container.push(a, from: nil)
        XCTAssertTrue(container.panesNeedingContent.elementsEqual([a], by: ===))
        a.loaded = true
        try container.push(b, from: a)
        XCTAssertTrue(container.panesNeedingContent.elementsEqual([b], by: ===))
    }

    func testHiddenPanesBeyondTheCacheLimitAreUnloadedAndReloadOnReturn() async throws {
        let container = PaneContainer(cacheLimit: 3)
        let panes = (0..<7).map { RecordingPane("P\($0)") }
        try container.push(panes[0], from: nil)
        panes[0].loaded = true
        var unloaded: [Int] = []
        for index in 1..<panes.count {
            let events = try container.push(panes[index], from: panes[index - 1])
            unloaded += events.compactMap { if case .unloaded(let id) = $0 { id } else { nil } }
            panes[index].loaded = true
        }
        // Seven panes: P5 and P6 visible, P2…P4 cached, P0 and P1 unloaded.
        XCTAssertEqual(unloaded, [panes[0].id, panes[1].id])
        XCTAssertEqual(panes.map(\.loaded), [false, false, true, true, true, true, true])
        for _ in 0..<3 { try container.pop() }
        XCTAssertTrue(container.panesNeedingContent.isEmpty, "P2 was cached")
        try container.pop()
        XCTAssertTrue(
            container.panesNeedingContent.elementsEqual([panes[1]], by: ===),
            "P1 comes back on the left without content and must load again")
    }

    func testMemoryPressureUnloadsEveryHiddenPane() async throws {
        let container = PaneContainer(cacheLimit: 3)
        let panes = (0..<4).map { RecordingPane("P\($0)", loaded: true) }
        try container.push(panes[0], from: nil)
        for index in 1..<panes.count { try container.push(panes[index], from: panes[index - 1]) }
        let events = container.handleMemoryPressure()
        XCTAssertEqual(events, [.unloaded(pane: panes[0].id), .unloaded(pane: panes[1].id)])
        XCTAssertEqual(panes.map(\.loaded), [false, false, true, true])
        XCTAssertTrue(container.handleMemoryPressure().isEmpty, "nothing is unloaded twice")
    }

    /// The seed's "doubled lifecycle events" bug as a test: over thousands of random
    /// operations no event is doubled, skipped or unbalanced.
    func testEventsStayBalancedOverRandomOperations() async throws {
        var generator = SplitMix(seed: 42)
        let container = PaneContainer(cacheLimit: 2)
        var all: [RecordingPane] = []
        var trace: [(LifecycleEvent, Pane)] = []
        container.observer = { trace.append(($0, $1)) }
        for step in 0..<3_000 {
            let choice = generator.next() % 10
            switch choice {
            case 0..<5:
                let new = RecordingPane("N\(step)")
                all.append(new)
                let source = generator.next() % 2 == 0 ? container.left : container.right
                _ = try? container.push(new, from: source)
            case 5..<8: _ = try? container.pop(collapse: generator.next() % 5 == 0)
            case 8:
                let results = RecordingPane("S\(step)")
                all.append(results)
                _ = try? container.enterSearch(results)
            default: container.handleMemoryPressure()
            }
            for pane in container.panes where !pane.isContentLoaded && pane.isVisible {
                (pane as! RecordingPane).loaded = true
            }
        }
        for pane in all {
            XCTAssertEqual(pane.violations, [], "\(pane.label)")
            let appears = pane.log.filter { $0 == "willAppear" }.count
            let disappears = pane.log.filter { $0 == "willDisappear" }.count
            XCTAssertEqual(appears - disappears, pane.isVisible ? 1 : 0, pane.label)
            let joins = pane.log.filter { $0 == "willJoin" }.count
            let leaves = pane.log.filter { $0 == "willLeave" }.count
            XCTAssertEqual(joins - leaves, pane.container == nil ? 0 : 1, pane.label)
            XCTAssertLessThanOrEqual(joins, 1, "a pane joins once: \(pane.label)")
        }
        XCTAssertEqual(
            trace.count,
            all.reduce(0) { $0 + $1.log.count }
                + trace.filter {
                    if case .unloaded = $0.0 { true } else { false }
                }.count)
        XCTAssertLessThanOrEqual(container.panes.count - 2, container.panes.count)
    }
}

/// A small deterministic generator so the random walk is the same on every run.
struct SplitMix {
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
