/// Terminal cell widths of strings, measured per grapheme cluster.
///
/// A cluster is 2 cells when its base is East Asian Wide/Fullwidth or has emoji
/// presentation, when it contains U+FE0F (emoji presentation selector), when it is an
/// emoji ZWJ sequence, or when it is a regional-indicator flag. Combining marks,
/// format characters (ZWSP, ZWJ, …), variation selectors and controls add 0.
/// Everything else is 1 cell. Callers escape controls before measuring.
public enum DisplayWidth {
    /// The ellipsis appended by `truncate`; counted as 1 cell.
    static let ellipsis = "…"

    /// Number of terminal cells `s` occupies.
    public static func width(of s: String) -> Int {
        var total = 0
        for cluster in s { total += width(of: cluster) }
        return total
    }

    /// Cuts `s` so it fits in `w` cells, ending with "…" when anything was cut.
    ///
    /// Never splits a grapheme cluster and never exceeds `w`; the result may be one cell
    /// narrower than `w` when a wide character does not fit before the ellipsis.
    /// Returns "" for `w <= 0`.
    public static func truncate(_ s: String, toWidth w: Int) -> String {
        if w <= 0 { return "" }
        var used = 0
        var fitsAll = true
        // End of the longest prefix that still leaves room for the ellipsis.
        var cut = s.startIndex
        var index = s.startIndex
        while index < s.endIndex {
            let cluster = s[index]
            let cw = width(of: cluster)
            if used + cw > w {
                fitsAll = false
                break
            }
            used += cw
            index = s.index(after: index)
            if used <= w - 1 { cut = index }
        }
        if fitsAll { return s }
        return String(s[..<cut]) + ellipsis
    }

    /// Truncates `s` to `w` cells, then pads it with spaces to exactly `w` cells.
    public static func pad(_ s: String, toWidth w: Int) -> String {
        let cut = truncate(s, toWidth: w)
        let missing = w - width(of: cut)
        return missing > 0 ? cut + String(repeating: " ", count: missing) : cut
    }

    /// Cells occupied by one grapheme cluster: 0, 1 or 2.
    static func width(of cluster: Character) -> Int {
        let scalars = cluster.unicodeScalars
        guard let base = scalars.first else { return 0 }
        if scalars.count > 1 {
            if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
            if isRegionalIndicator(base) { return 2 }
            if scalars.contains(where: { $0.value == 0x200D }),
                scalars.contains(where: { $0.properties.isEmoji && $0.value > 0x7F })
            {
                return 2
            }
        }
        // The base decides; marks and joiners that follow it add nothing. A cluster whose
        // base is itself zero-width (e.g. a lone combining mark) takes the widest member.
        let baseWidth = width(of: base)
        if baseWidth > 0 { return baseWidth }
        return scalars.map { width(of: $0) }.max() ?? 0
    }

    /// Cells occupied by one scalar on its own: 0, 1 or 2.
    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        if WidthTables.contains(WidthTables.wide, value) { return 2 }
        if WidthTables.contains(WidthTables.zero, value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return 0
        default:
            break
        }
        if scalar.properties.isVariationSelector { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }
}
