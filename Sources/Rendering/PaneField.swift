/// One "label: value" line of an info pane.
///
/// Used instead of a `(label:value:)` tuple so that `PaneBody` can be `Equatable`.
public struct PaneField: Equatable, Sendable {
    /// Label shown before the colon, e.g. "Content-Type"; raw, escaped when rendered.
    public var label: String
    /// Value shown after the padded label; raw, escaped when rendered.
    public var value: String

    /// Creates a field.
    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }
}
