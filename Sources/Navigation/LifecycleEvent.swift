/// One lifecycle event the container sent to a pane, as tests and `--trace` see it.
public enum LifecycleEvent: Equatable, Sendable, CustomStringConvertible {
    case willMoveToParent(pane: Int, attached: Bool)
    case didMoveToParent(pane: Int, attached: Bool)
    case willAppear(pane: Int)
    case didAppear(pane: Int)
    case willDisappear(pane: Int)
    case didDisappear(pane: Int)
    case willMove(pane: Int, to: PaneSide)
    case didMove(pane: Int, to: PaneSide)
    /// A hidden pane dropped its content (cache limit or memory pressure).
    case unloaded(pane: Int)
    /// A pane loaded its content (recorded by whoever loads it).
    case loaded(pane: Int)

    /// The pane the event was sent to.
    public var pane: Int {
        switch self {
        case .willMoveToParent(let pane, _), .didMoveToParent(let pane, _), .willAppear(let pane),
            .didAppear(let pane), .willDisappear(let pane), .didDisappear(let pane),
            .willMove(let pane, _), .didMove(let pane, _), .unloaded(let pane), .loaded(let pane):
            pane
        }
    }

    /// The event's name, e.g. `willMove(to: left)`.
    public var name: String {
        switch self {
        case .willMoveToParent(_, let attached): attached ? "willMove(toParent: container)" : "willMove(toParent: nil)"
        case .didMoveToParent(_, let attached): attached ? "didMove(toParent: container)" : "didMove(toParent: nil)"
        case .willAppear: "willAppear"
        case .didAppear: "didAppear"
        case .willDisappear: "willDisappear"
        case .didDisappear: "didDisappear"
        case .willMove(_, let side): "willMove(to: \(side))"
        case .didMove(_, let side): "didMove(to: \(side))"
        case .unloaded: "unloaded"
        case .loaded: "loaded"
        }
    }

    public var description: String { "\(name) #\(pane)" }
}

/// Why the container refused an operation. Refusals change nothing.
public enum ContainerError: Error, Equatable, Sendable {
    /// The pane is held by a container already (this one or another).
    case paneAlreadyInContainer
    /// `push(_:from:)` named a pane that is not visible in this container.
    case sourceNotVisible
    /// `pop` with a single pane: nothing to go back to.
    case atRoot
    /// `enterSearch` while already in search mode.
    case alreadySearching
    /// `exitSearch` outside search mode.
    case notSearching
}
