/// Size and styling of a rendering.
public struct RenderOptions: Sendable {
    /// Total width in terminal cells; values below 20 are treated as 20.
    public var width: Int
    /// Maximum number of body rows per pane; values below 3 are treated as 3.
    public var height: Int
    /// Whether to emit ANSI SGR sequences (bold, blue folders, reverse-video marked row).
    public var color: Bool

    /// Creates options; defaults are 80 × 20 without color.
    public init(width: Int = 80, height: Int = 20, color: Bool = false) {
        self.width = width
        self.height = height
        self.color = color
    }
}
