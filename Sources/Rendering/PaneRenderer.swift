/// Lays out one pane as a column of styled lines, each exactly the column width.
enum PaneRenderer {
    /// Header line (title and summary) and body lines of `pane` for a column `width` cells
    /// wide holding at most `height` body lines.
    static func render(_ pane: PaneView, width: Int, height: Int) -> (header: StyledLine, body: [StyledLine]) {
        (header(pane, width: width), body(pane.body, width: width, height: height, atLeast: pane.totalIsLowerBound))
    }

    /// The title, then the summary as far as it fits; a title too long for the column is
    /// cut in the middle, so the folder's own name at its end stays.
    static func header(_ pane: PaneView, width: Int) -> StyledLine {
        var text = TerminalEscaping.escape(pane.title)
        if DisplayWidth.width(of: text) > width {
            text = DisplayWidth.truncateMiddle(text, toWidth: width)
        } else if !pane.summary.isEmpty {
            text = DisplayWidth.truncate(text + "  " + TerminalEscaping.escape(pane.summary), toWidth: width)
        }
        var line = StyledLine(text, style: .bold)
        line.pad(toWidth: width)
        return line
    }

    static func body(_ body: PaneBody, width: Int, height: Int, atLeast: Bool = false) -> [StyledLine] {
        switch body {
        case .entries(let rows, let total):
            return entries(rows, total: total, atLeast: atLeast, width: width, height: height)
        case .fields(let fields, let preview):
            let facts = self.fields(fields, width: width, height: height)
            return facts + (preview.map { self.preview($0, width: width, room: height - facts.count) } ?? [])
        case .message(let message):
            return [plain("  " + TerminalEscaping.escape(message), width: width)]
        }
    }

    private static func entries(_ rows: [PaneRow], total: Int, atLeast: Bool, width: Int, height: Int) -> [StyledLine] {
        // A caller may hold more rows than it counted; never report a negative "more".
        let total = max(total, rows.count)
        if total == 0 { return [plain("  (empty)", width: width)] }
        if total == rows.count && rows.count <= height && !atLeast {
            return rows.map { entry($0, width: width) }
        }
        let shown = min(rows.count, height - 1)
        // Scroll just far enough that the marked (open) entry stays visible.
        var start = 0
        if let marked = rows.firstIndex(where: \.isMarked), marked >= shown {
            start = marked - shown + 1
        }
        var lines = rows[start..<(start + shown)].map { entry($0, width: width) }
        lines.append(plain("  … \(total - shown)\(atLeast ? "+" : "") more", width: width))
        return lines
    }

    /// One listing row: marker, name (with "/" for folders), right-aligned detail.
    static func entry(_ row: PaneRow, width: Int) -> StyledLine {
        let available = width - 2
        let detail = TerminalEscaping.escape(row.detail)
        let detailWidth = DisplayWidth.width(of: detail)
        // The detail only earns its place when at least 4 cells of name remain beside it.
        let showDetail = !detail.isEmpty && available >= 4 + 1 + detailWidth
        let nameWidth = showDetail ? available - 1 - detailWidth : available
        let name = TerminalEscaping.escape(row.name)
        // The folder "/" is appended after truncation so it is never the part cut off; a
        // path (a search result) loses its middle, never its last name.
        let shownName =
            row.isFolder
            ? DisplayWidth.truncateMiddle(name, toWidth: nameWidth - 1) + "/"
            : DisplayWidth.truncateMiddle(name, toWidth: nameWidth)

        var line = StyledLine(row.isMarked ? "> " : "  ")
        line.append(shownName, style: row.isFolder ? [.bold, .blue] : [])
        if showDetail {
            line.pad(toWidth: 2 + nameWidth)
            line.append(" " + detail)
        }
        line.pad(toWidth: width)
        return row.isMarked ? line.adding(.reverse) : line
    }

    private static func fields(_ fields: [PaneField], width: Int, height: Int) -> [StyledLine] {
        if fields.isEmpty { return [plain("  (empty)", width: width)] }
        let labels = fields.map { TerminalEscaping.escape($0.label) + ":" }
        // Cap the label column at half the pane so long labels cannot push values out of view.
        let labelWidth = min(labels.map(DisplayWidth.width(of:)).max() ?? 0, max(1, (width - 2) / 2))
        // A value too long for its column wraps onto continuation lines under the values:
        // an ETag, a manifest path or a URL is never cut.
        let valueWidth = max(1, width - 3 - labelWidth)
        let indent = String(repeating: " ", count: 3 + labelWidth)
        let wrapped = fields.indices.map { index in
            DisplayWidth.wrap(TerminalEscaping.escape(fields[index].value), toWidth: valueWidth).enumerated().map { part, text in
                plain((part == 0 ? "  " + DisplayWidth.pad(labels[index], toWidth: labelWidth) + " " : indent) + text, width: width)
            }
        }
        var lines: [StyledLine] = []
        var shown = 0
        // Whole fields only: as many as fit, leaving a line for "… N more" when some do not.
        for field in wrapped {
            let room = shown == wrapped.count - 1 ? height : height - 1
            guard lines.count + field.count <= room else {
                // One field taller than the pane: its start, rather than nothing at all.
                if shown == 0 { lines = Array(field.prefix(height - 1)) }
                break
            }
            lines += field
            shown += 1
        }
        if shown < wrapped.count { lines.append(plain("  … \(wrapped.count - shown) more", width: width)) }
        return lines
    }

    /// An object's preview under its facts: a blank line, then as many of its lines as
    /// `room` holds, each cut to the width (it is the start of the object: nothing says
    /// "more"). Content lines sit behind a gutter, so none can pass for a fact.
    static func preview(_ preview: PanePreview, width: Int, room: Int) -> [StyledLine] {
        guard room >= 2 else { return [] }
        let shown: [String] =
            switch preview {
            case .lines(let lines): lines.prefix(room - 1).map { gutter + TerminalEscaping.escape($0) }
            case .note(let note): ["  " + TerminalEscaping.escape(note)]
            }
        return [plain("", width: width)] + shown.map { plain($0, width: width) }
    }

    /// What starts each line of a preview's content.
    static let gutter = "  ┊ "

    private static func plain(_ text: String, width: Int) -> StyledLine {
        var line = StyledLine(DisplayWidth.truncate(text, toWidth: width))
        line.pad(toWidth: width)
        return line
    }
}
