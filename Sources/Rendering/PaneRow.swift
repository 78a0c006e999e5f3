/// One entry of a listing pane: an object or a folder (container or pseudo-folder).
public struct PaneRow: Equatable, Sendable {
    /// Raw name from storage; may contain control characters, CJK, emoji and spaces.
    public var name: String
    /// Folders are shown with a trailing "/"; the name itself does not include it.
    public var isFolder: Bool
    /// Right-aligned text such as "1.2 KiB"; may be empty.
    public var detail: String
    /// The "open" entry: the one the right pane shows.
    public var isMarked: Bool

    /// Creates a row; only the name is required.
    public init(name: String, isFolder: Bool = false, detail: String = "", isMarked: Bool = false) {
        self.name = name
        self.isFolder = isFolder
        self.detail = detail
        self.isMarked = isMarked
    }
}
