/// Plain model of one pane (column) of the browser.
public struct PaneView: Equatable, Sendable {
    /// Pane title, e.g. "photos/2024/" or "sample:/"; raw, may contain control characters.
    public var title: String
    /// Preformatted summary, e.g. "3 folders, 12 objects"; shown after the title.
    public var summary: String
    /// The rows, fields or message below the header.
    public var body: PaneBody
    /// Whether an entries body's total is only a lower bound (the listing was not
    /// counted to its end); "… N more" then reads "… N+ more".
    public var totalIsLowerBound: Bool

    /// Creates a pane.
    public init(title: String, summary: String = "", body: PaneBody, totalIsLowerBound: Bool = false) {
        self.title = title
        self.summary = summary
        self.body = body
        self.totalIsLowerBound = totalIsLowerBound
    }
}
