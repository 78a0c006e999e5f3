import Synchronization

/// The side of the container a visible pane sits on.
public enum PaneSide: String, Sendable, Equatable {
    case left, right
}

/// One pane of the two-pane browser: the terminal counterpart of a browser pane
/// view controller in the seed's `SLStorageModule`.
///
/// A pane knows its own content (a listing, an info sheet, search results) and
/// decides what comes next; the container only adds, removes and moves panes.
/// Subclasses override the lifecycle methods; the container calls them in
/// balanced pairs and never twice in a row.
@MainActor
open class Pane {
    /// A number unique in this process, for traces and tests.
    public let id: Int
    /// The container that holds this pane, if any. A pane has at most one.
    public internal(set) weak var container: PaneContainer?
    /// Whether the pane is on screen now.
    public internal(set) var isVisible = false
    /// The side it sits on while visible.
    public internal(set) var side: PaneSide?

    public init() {
        id = paneIDs.add(1, ordering: .relaxed).newValue
    }

    /// A short name for traces, e.g. `folder photos/2024/`.
    open var traceName: String { "pane#\(id)" }

    /// Whether the pane holds its content now (loaded and not unloaded since).
    open var isContentLoaded: Bool { false }

    /// Drops the content to save memory; it loads again when the pane is next shown.
    open func unloadContent() {}

    open func willAppear() {}
    open func didAppear() {}
    open func willDisappear() {}
    open func didDisappear() {}
    open func willMove(to side: PaneSide) {}
    open func didMove(to side: PaneSide) {}
    open func willMove(toParent container: PaneContainer?) {}
    open func didMove(toParent container: PaneContainer?) {}
}

/// Hands out pane ids; an atomic so panes made on any task stay unique.
private let paneIDs = Atomic<Int>(0)
