/// A line built from spans of already-escaped text, each with an optional SGR style.
///
/// Widths are measured on the plain text only, so escape sequences added for color never
/// affect layout.
struct StyledLine: Equatable {
    /// SGR attributes a span can carry.
    struct Style: OptionSet, Equatable {
        let rawValue: UInt8
        static let bold = Style(rawValue: 1 << 0)
        static let blue = Style(rawValue: 1 << 1)
        static let reverse = Style(rawValue: 1 << 2)

        /// SGR parameter list, e.g. "1;34"; "" when no attribute is set.
        var parameters: String {
            var codes: [String] = []
            if contains(.bold) { codes.append("1") }
            if contains(.blue) { codes.append("34") }
            if contains(.reverse) { codes.append("7") }
            return codes.joined(separator: ";")
        }
    }

    struct Span: Equatable {
        var text: String
        var style: Style
    }

    private(set) var spans: [Span] = []

    init() {}

    init(_ text: String, style: Style = []) {
        append(text, style: style)
    }

    var width: Int {
        spans.reduce(0) { $0 + DisplayWidth.width(of: $1.text) }
    }

    mutating func append(_ text: String, style: Style = []) {
        if text.isEmpty { return }
        // Merge equal neighbours so colored output has as few SGR pairs as possible.
        if let last = spans.last, last.style == style {
            spans[spans.count - 1].text += text
        } else {
            spans.append(Span(text: text, style: style))
        }
    }

    mutating func append(_ other: StyledLine) {
        for span in other.spans { append(span.text, style: span.style) }
    }

    /// Appends spaces until the line is `width` cells wide.
    mutating func pad(toWidth width: Int, style: Style = []) {
        let missing = width - self.width
        if missing > 0 { append(String(repeating: " ", count: missing), style: style) }
    }

    /// Adds `style` to every span, e.g. reverse video for a marked row.
    func adding(_ style: Style) -> StyledLine {
        var result = StyledLine()
        for span in spans { result.append(span.text, style: span.style.union(style)) }
        return result
    }

    /// Final text with trailing unstyled spaces removed; SGR sequences only when `color`.
    func rendered(color: Bool) -> String {
        var kept = spans
        // Trailing padding is trimmed so goldens stay clean; styled spaces (a reverse-video
        // bar) are visible and stay.
        while let last = kept.last, last.style.isEmpty || !color {
            var text = last.text
            while text.last == " " { text.removeLast() }
            if text.isEmpty {
                kept.removeLast()
            } else {
                kept[kept.count - 1].text = text
                break
            }
        }
        var out = ""
        for span in kept {
            if color && !span.style.isEmpty {
                out += "\u{1B}[\(span.style.parameters)m\(span.text)\u{1B}[0m"
            } else {
                out += span.text
            }
        }
        return out
    }
}
