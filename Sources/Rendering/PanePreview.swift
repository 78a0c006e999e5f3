/// What an object's info pane shows under its facts: the first lines of its content,
/// or one line of words instead (binary content, an empty object, a read that failed).
public enum PanePreview: Equatable, Sendable {
    /// The content's first lines, printable already (`PreviewLines`); each is shown behind
    /// a gutter, so no line of content can pass for a fact of the pane.
    case lines([String])
    /// Words shown in place of content, e.g. `binary: image/png, 143.3 KiB`.
    case note(String)
}

/// The first bytes of an object as lines a pane can show: split at line feeds (a
/// carriage return before one dropped), tabs expanded to stops every 8 cells, and every
/// other control byte, escape sequence or byte that is not UTF-8 made visible by
/// `ContentEscaper` (`^[` for ESC, `<FF>`), so nothing reaches the terminal raw.
public enum PreviewLines {
    /// The lines of `bytes`, the start of an object. When `isWhole` is false the bytes
    /// stop where a read stopped: a character cut there is left out, not shown as bytes.
    public static func lines(of bytes: [UInt8], isWhole: Bool) -> [String] {
        var body = bytes[...]
        // A final line feed ends the last line; it does not start an empty one.
        if isWhole, body.last == UInt8(ascii: "\n") { body = body.dropLast() }
        guard !bytes.isEmpty else { return [] }
        var parts = body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // A read that stopped just after a line feed has not seen the next line at all.
        if !isWhole, parts.last?.isEmpty == true { parts.removeLast() }
        return parts.indices.map { index in
            let isLast = index == parts.count - 1
            // A CR before a line feed (CRLF) goes; so does one where a read cut the line.
            let line = !(isLast && isWhole) && parts[index].last == UInt8(ascii: "\r") ? parts[index].dropLast() : parts[index]
            return printable(line, complete: !isLast || isWhole)
        }
    }

    /// One line made printable; an unfinished character at its end shows as bytes only
    /// when the line is `complete` (a line feed or the object's end follows it).
    static func printable(_ line: ArraySlice<UInt8>, complete: Bool) -> String {
        guard !line.isEmpty else { return "" }
        var escaper = ContentEscaper()
        let text = escaper.escape(line)
        return expandingTabs(complete ? text + escaper.finish() : text)
    }

    /// `text` with each tab replaced by the spaces up to the next stop (every 8 cells).
    static func expandingTabs(_ text: String) -> String {
        guard text.contains("\t") else { return text }
        var out = ""
        var used = 0
        for (index, piece) in text.split(separator: "\t", omittingEmptySubsequences: false).enumerated() {
            if index > 0 {
                let spaces = 8 - used % 8
                out += String(repeating: " ", count: spaces)
                used += spaces
            }
            out += piece
            used += DisplayWidth.width(of: String(piece))
        }
        return out
    }
}
