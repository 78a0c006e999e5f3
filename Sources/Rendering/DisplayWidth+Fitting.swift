/// Ways to fit a long text without losing what matters: wrapping it whole, or cutting
/// the middle of a path so its last name stays.
extension DisplayWidth {
    /// `s` in pieces of at most `w` cells each, in order; nothing is dropped. A cluster
    /// wider than `w` gets a piece of its own.
    public static func wrap(_ s: String, toWidth w: Int) -> [String] {
        guard w > 0, width(of: s) > w else { return [s] }
        var pieces: [String] = []
        var current = ""
        var used = 0
        for cluster in s {
            let cw = width(of: cluster)
            if used + cw > w && !current.isEmpty {
                pieces.append(current)
                current = ""
                used = 0
            }
            current.append(cluster)
            used += cw
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    /// `s` broken at blanks into lines of at most `w` cells (as `help` shows its text),
    /// each line after the first starting with `indent` blanks; runs of blanks within a
    /// line stay. A word wider than a line gets a line of its own, whole.
    public static func wrapWords(_ s: String, toWidth w: Int, indent: Int = 0) -> [String] {
        guard w > 0, width(of: s) > w else { return [s] }
        var lines: [String] = []
        var line = ""
        var used = 0
        var startsLine = true
        for word in s.split(separator: " ", omittingEmptySubsequences: false) {
            let wordWidth = width(of: String(word))
            if !word.isEmpty, !startsLine, used + 1 + wordWidth > w {
                while line.hasSuffix(" ") { line.removeLast() }  // the blanks at a break go with it
                lines.append(line)
                line = String(repeating: " ", count: indent)
                used = indent
                startsLine = true
            }
            if !startsLine {
                line += " "
                used += 1
            }
            line += word
            used += wordWidth
            startsLine = false
        }
        lines.append(line)
        return lines
    }

    /// A path fitted to `w` cells by cutting its middle: `photos/20…/beach/IMG_0001.jpg`
    /// keeps the last name (`IMG_0001.jpg`, or `2024/` for a folder path ending in `/`)
    /// and as much of the start as fits. Without a `/`, or when even the last name does
    /// not fit, the end is cut as `truncate` does.
    public static func truncateMiddle(_ s: String, toWidth w: Int) -> String {
        guard width(of: s) > w else { return s }
        let body = s.hasSuffix("/") ? s.dropLast() : Substring(s)
        guard let slash = body.lastIndex(of: "/") else { return truncate(s, toWidth: w) }
        let tail = String(s[slash...])
        let room = w - width(of: tail) - 1
        guard room >= 1 else { return truncate(s, toWidth: w) }
        let head = truncate(String(s[..<slash]), toWidth: room + 1)
        // truncate ends a cut head with "…" already; the tail follows it directly.
        return head.hasSuffix(ellipsis) ? head + tail : head + ellipsis + tail
    }
}
