/// Turns a `ScreenView` into the lines of the two-pane browser.
public enum ScreenRenderer {
    /// Column separator between the panes.
    static let separator = " │ "

    /// Renders `screen` as lines no wider than `options.width` cells (at least 20).
    ///
    /// Line 1 is the escaped location, followed by `  [mode]` when a mode is set. Then the
    /// pane headers, a rule, and up to `options.height` (at least 3) body lines per pane,
    /// the columns zipped line by line. The left column is `(W - 3) / 2` cells wide, the
    /// right one the rest. Trailing spaces are trimmed from every line.
    public static func render(_ screen: ScreenView, options: RenderOptions) -> [String] {
        let width = max(20, options.width)
        let height = max(3, options.height)
        let leftWidth = (width - 3) / 2
        let rightWidth = width - 3 - leftWidth

        var location = TerminalEscaping.escape(screen.location)
        if let mode = screen.mode { location += "  [" + TerminalEscaping.escape(mode) + "]" }
        var lines = [StyledLine(DisplayWidth.truncate(location, toWidth: width))]

        let left = PaneRenderer.render(screen.left, width: leftWidth, height: height)
        let right = screen.right.map { PaneRenderer.render($0, width: rightWidth, height: height) }
        lines.append(joined(left.header, right?.header, rightWidth: rightWidth))
        lines.append(
            StyledLine(
                String(repeating: "─", count: leftWidth) + "─┼─" + String(repeating: "─", count: rightWidth)
            ))
        let rightBody = right?.body ?? []
        for index in 0..<max(left.body.count, rightBody.count) {
            let leftCell = index < left.body.count ? left.body[index] : blank(leftWidth)
            let rightCell = index < rightBody.count ? rightBody[index] : nil
            lines.append(joined(leftCell, rightCell, rightWidth: rightWidth))
        }
        return lines.map { $0.rendered(color: options.color) }
    }

    private static func joined(_ left: StyledLine, _ right: StyledLine?, rightWidth: Int) -> StyledLine {
        var line = left
        line.append(separator)
        line.append(right ?? blank(rightWidth))
        return line
    }

    private static func blank(_ width: Int) -> StyledLine {
        StyledLine(String(repeating: " ", count: width))
    }
}
