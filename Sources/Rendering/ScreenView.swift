/// Plain model of the whole two-pane browser screen.
public struct ScreenView: Equatable, Sendable {
    /// Location line, e.g. "sample:/photos/2024" (cluster:path); raw.
    public var location: String
    /// Mode shown in brackets after the location, e.g. "search: beach"; nil for none.
    public var mode: String?
    /// Left pane: the parent folder.
    public var left: PaneView
    /// Right pane: the current folder or an info pane; nil leaves the right column blank.
    public var right: PaneView?

    /// Creates a screen.
    public init(location: String, mode: String? = nil, left: PaneView, right: PaneView? = nil) {
        self.location = location
        self.mode = mode
        self.left = left
        self.right = right
    }
}
