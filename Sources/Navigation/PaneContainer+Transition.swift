extension PaneContainer {
    typealias Placement = (pane: Pane, side: PaneSide)

    func visible(_ stack: [Pane]) -> [Placement] {
        switch stack.count {
        case 0: []
        case 1: [(stack[0], .left)]
        default: [(stack[stack.count - 2], .left), (stack[stack.count - 1], .right)]
        }
    }

    /// Moves from the current stack to `target`, sending every pane its events.
    func transition(to target: [Pane]) -> [LifecycleEvent] {
        let before = visible(panes)
        let after = visible(target)
        let leaving = panes.filter { pane in !target.contains { $0 === pane } }
        let joining = target.filter { pane in !panes.contains { $0 === pane } }
        let disappearing = before.filter { old in !after.contains { $0.pane === old.pane } }.map(\.pane)
        let appearing = after.filter { new in !before.contains { $0.pane === new.pane } }
        let moving = after.filter { new in before.contains { $0.pane === new.pane && $0.side != new.side } }

        var events: [LifecycleEvent] = []
        for pane in leaving { send(.willMoveToParent(pane: pane.id, attached: false), to: pane, into: &events) }
        for pane in joining {
            pane.container = self
            send(.willMoveToParent(pane: pane.id, attached: true), to: pane, into: &events)
        }
        for pane in disappearing { send(.willDisappear(pane: pane.id), to: pane, into: &events) }
        for (pane, side) in moving { send(.willMove(pane: pane.id, to: side), to: pane, into: &events) }
        for (pane, side) in appearing {
            send(.willAppear(pane: pane.id), to: pane, into: &events)
            send(.willMove(pane: pane.id, to: side), to: pane, into: &events)
        }

        panes = target
        for pane in disappearing {
            pane.isVisible = false
            pane.side = nil
        }
        for (pane, side) in after {
            pane.isVisible = true
            pane.side = side
        }

        for pane in disappearing { send(.didDisappear(pane: pane.id), to: pane, into: &events) }
        for (pane, side) in moving { send(.didMove(pane: pane.id, to: side), to: pane, into: &events) }
        for (pane, side) in appearing { send(.didMove(pane: pane.id, to: side), to: pane, into: &events) }
        for pane in leaving {
            send(.didMoveToParent(pane: pane.id, attached: false), to: pane, into: &events)
            pane.container = nil
        }
        for pane in joining { send(.didMoveToParent(pane: pane.id, attached: true), to: pane, into: &events) }
        for (pane, _) in appearing { send(.didAppear(pane: pane.id), to: pane, into: &events) }
        evictBeyondCache(into: &events)
        return events
    }

    /// Unloads hidden panes deeper than `cacheLimit`; they load again when shown.
    private func evictBeyondCache(into events: inout [LifecycleEvent]) {
        let hidden = panes.dropLast(2)
        for pane in hidden.dropLast(cacheLimit) where pane.isContentLoaded {
            pane.unloadContent()
            send(.unloaded(pane: pane.id), to: pane, into: &events)
        }
    }

    func send(_ event: LifecycleEvent, to pane: Pane, into events: inout [LifecycleEvent]) {
        switch event {
        case .willMoveToParent(_, let attached): pane.willMove(toParent: attached ? self : nil)
        case .didMoveToParent(_, let attached): pane.didMove(toParent: attached ? self : nil)
        case .willAppear: pane.willAppear()
        case .didAppear: pane.didAppear()
        case .willDisappear: pane.willDisappear()
        case .didDisappear: pane.didDisappear()
        case .willMove(_, let side): pane.willMove(to: side)
        case .didMove(_, let side): pane.didMove(to: side)
        case .unloaded, .loaded: break
        }
        events.append(event)
        observer?(event, pane)
    }
}
