/// The two-pane navigation container: the seed's `SLStorageModule`.
///
/// It owns a stack of panes; the two topmost are visible, left and right (a lone
/// pane sits on the left). Every operation is one transition from the old stack
/// to a new one, and every transition sends each pane its lifecycle events in
/// balanced will/did pairs: a pane that appears gets `willAppear`/`didAppear`, one
/// that disappears `willDisappear`/`didDisappear`, one that changes side
/// `willMove(to:)`/`didMove(to:)`, one that joins or leaves the container
/// `willMove(toParent:)`/`didMove(toParent:)`. All "will" events come before the
/// stack changes, all "did" events after, as a transition's start and end
/// callbacks would send them. Operations return the events they sent.
@MainActor
public final class PaneContainer {
    /// The stack, bottom first; the last two are visible.
    public internal(set) var panes: [Pane] = []
    /// How many hidden panes below the visible two keep their content.
    public let cacheLimit: Int
    /// Called for every event as it is sent (the `--trace` hook).
    public var observer: ((LifecycleEvent, Pane) -> Void)?

    var stackBeforeSearch: [Pane]?

    public init(cacheLimit: Int = 3, observer: ((LifecycleEvent, Pane) -> Void)? = nil) {
        self.cacheLimit = max(0, cacheLimit)
        self.observer = observer
    }

    /// The left pane (the only pane when there is one).
    public var left: Pane? { panes.count >= 2 ? panes[panes.count - 2] : panes.first }
    /// The right pane; nil with fewer than two panes.
    public var right: Pane? { panes.count >= 2 ? panes.last : nil }
    /// The pane commands act on: the right one, or the left when it is alone.
    public var current: Pane? { panes.last }
    /// Whether search results are showing; `pop` then leaves search mode.
    public var isInSearchMode: Bool { stackBeforeSearch != nil }
    /// Visible panes that have no content: the ones to load now.
    public var panesNeedingContent: [Pane] { visible(panes).map(\.pane).filter { !$0.isContentLoaded } }

    /// Adds `new` as the seed's `push:from:` does: to the left pane when the stack is
    /// empty, to the right when there is one pane; from the left pane it replaces the
    /// right pane; from the right pane the panes shift left.
    @discardableResult
    public func push(_ new: Pane, from existing: Pane?) throws -> [LifecycleEvent] {
        guard new.container == nil else { throw ContainerError.paneAlreadyInContainer }
        if panes.count < 2 { return transition(to: panes + [new]) }
        if let existing, existing === left { return transition(to: panes.dropLast() + [new]) }
        if let existing, existing === right { return transition(to: panes + [new]) }
        throw ContainerError.sourceNotVisible
    }

    /// Goes back one level as the seed's `pop:` does. In search mode it leaves search
    /// mode. With two panes it closes the right one. `collapse` pops until only the
    /// two bottom panes are left.
    @discardableResult
    public func pop(collapse: Bool = false) throws -> [LifecycleEvent] {
        if isInSearchMode { return try exitSearch() }
        switch panes.count {
        case 0, 1: throw ContainerError.atRoot
        case 2: return transition(to: [panes[0]])
        default: return transition(to: collapse ? Array(panes.prefix(2)) : Array(panes.dropLast()))
        }
    }

    /// Enters search mode: `results` appears as if pushed from the current pane, and the
    /// panes shown before are kept, with their content, until `exitSearch`.
    @discardableResult
    public func enterSearch(_ results: Pane) throws -> [LifecycleEvent] {
        guard !isInSearchMode else { throw ContainerError.alreadySearching }
        guard results.container == nil else { throw ContainerError.paneAlreadyInContainer }
        let saved = panes
        let events = transition(to: panes + [results])
        stackBeforeSearch = saved
        return events
    }

    /// Leaves search mode and restores exactly the panes shown before it.
    @discardableResult
    public func exitSearch() throws -> [LifecycleEvent] {
        guard let saved = stackBeforeSearch else { throw ContainerError.notSearching }
        stackBeforeSearch = nil
        return transition(to: saved)
    }

    /// Unloads the content of every hidden pane, as after a memory warning.
    @discardableResult
    public func handleMemoryPressure() -> [LifecycleEvent] {
        var events: [LifecycleEvent] = []
        for pane in panes.dropLast(2) where pane.isContentLoaded {
            pane.unloadContent()
            send(.unloaded(pane: pane.id), to: pane, into: &events)
        }
        return events
    }

    /// Records that a pane loaded its content, so traces show it in order.
    public func noteLoaded(_ pane: Pane) {
        var events: [LifecycleEvent] = []
        send(.loaded(pane: pane.id), to: pane, into: &events)
    }
}

extension PaneContainer {
    /// The stack and search state at one moment, to go back to if an operation is cancelled.
    public struct Snapshot {
        let panes: [Pane]
        let stackBeforeSearch: [Pane]?
    }

    /// The current stack and search state.
    public func snapshot() -> Snapshot {
        Snapshot(panes: panes, stackBeforeSearch: stackBeforeSearch)
    }

    /// Goes back to a snapshot, sending the events of that transition.
    @discardableResult
    public func restore(_ snapshot: Snapshot) -> [LifecycleEvent] {
        stackBeforeSearch = snapshot.stackBeforeSearch
        return transition(to: snapshot.panes)
    }
}
