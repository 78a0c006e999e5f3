/// Lays names out in columns, as `ls` does on a terminal.
///
/// A listing streamed page by page keeps the column width of its first page, so the
/// columns do not move half-way; a later name wider than a column gets a line of its own.
public struct Columns: Sendable {
    let width: Int
    /// The width of a column, set by the first page laid out.
    private(set) var column: Int?

    public init(width: Int) {
        self.width = width
    }

    /// Lines for one page of names; `painted`, when given, is what is printed for each
    /// name (its width is the name's).
    public mutating func layout(_ names: [String], painted: [String]? = nil) -> [String] {
        let widths = names.map { DisplayWidth.width(of: $0) }
        let column = self.column ?? (widths.max() ?? 0) + 2
        self.column = column
        let fits = names.indices.filter { widths[$0] <= column - 2 }
        let lone = names.indices.filter { widths[$0] > column - 2 }
        return Self.grid(fits, column: column, width: width, widths: widths) { painted?[$0] ?? names[$0] }
            + lone.map { painted?[$0] ?? names[$0] }
    }

    /// `ls`'s grid: down the columns first, as many columns as fit.
    static func grid(_ indices: [Int], column: Int, width: Int, widths: [Int], text: (Int) -> String) -> [String] {
        let perRow = max(1, width / max(column, 1))
        let rows = (indices.count + perRow - 1) / perRow
        return (0..<rows).map { row in
            var line = ""
            for col in 0..<perRow {
                let position = col * rows + row
                guard position < indices.count else { break }
                let index = indices[position]
                let isLast = col == perRow - 1 || (col + 1) * rows + row >= indices.count
                line += isLast ? text(index) : text(index) + String(repeating: " ", count: max(0, column - widths[index]))
            }
            return line
        }
    }
}
