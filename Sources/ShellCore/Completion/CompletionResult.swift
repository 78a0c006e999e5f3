import Rendering

/// What a TAB does to the line, and what it shows.
public struct CompletionResult: Equatable, Sendable {
    /// Where the replaced text starts, in Unicode scalars of the line; it ends at the cursor.
    public var replacementStart: Int
    /// The text that replaces the line from `replacementStart` to the cursor; nil leaves it.
    public var replacement: String?
    /// The matches to list (folders end in `/`), escaped for the terminal; empty when
    /// the one match was inserted.
    public var candidates: [String]
    /// False when more names may match than one request returned.
    public var isComplete: Bool

    public init(replacementStart: Int, replacement: String?, candidates: [String], isComplete: Bool = true) {
        self.replacementStart = replacementStart
        self.replacement = replacement
        self.candidates = candidates
        self.isComplete = isComplete
    }

    /// Nothing to insert and nothing to show.
    public static func nothing(at cursor: Int) -> CompletionResult {
        CompletionResult(replacementStart: cursor, replacement: nil, candidates: [])
    }

    /// Whether the TAB found nothing at all (the editor beeps).
    public var foundNothing: Bool { replacement == nil && candidates.isEmpty }

    /// The candidates in columns, down then across, fitted to `width` terminal cells.
    public func columns(width: Int) -> [String] {
        var columns = Columns(width: width)
        return columns.layout(candidates)
    }
}
