/// What a pane shows below its header and rule.
public enum PaneBody: Equatable, Sendable {
    /// Listing rows held (maybe fewer than `total`: the rest are shown as "… N more").
    case entries([PaneRow], total: Int)
    /// Info pane: labelled values with labels padded to the longest one, and under them,
    /// in the room the facts leave, an object's preview.
    case fields([PaneField], preview: PanePreview? = nil)
    /// A single line such as "empty" or an error text.
    case message(String)
}
