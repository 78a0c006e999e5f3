/// The terminal control sequences objsh writes to move over what it drew, in one home:
/// the status line and the live screen are their only users (colours are `TerminalColor`'s).
public enum TerminalControl {
    /// Back to the line's start, and the line erased from there.
    public static let clearLine = "\r\u{1B}[K"
    /// The whole line the cursor is on erased (the cursor stays).
    public static let eraseLine = "\u{1B}[2K"
    /// Everything from the cursor to the screen's end erased.
    public static let eraseBelow = "\u{1B}[J"

    /// Back to the start of the line `lines` up (this line's start for 0).
    public static func up(_ lines: Int) -> String { lines > 0 ? "\r\u{1B}[\(lines)A" : "\r" }
}
