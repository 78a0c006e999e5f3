/// The few colours objsh prints outside the panes, as SGR sequences: folders as the
/// panes show them (bold blue, as GNU ls), errors in red. Text given here is already
/// escaped (`TerminalEscaping`); widths are measured on it before it is painted.
public enum TerminalColor {
    public static func folder(_ text: String) -> String { "\u{1B}[1;34m" + text + "\u{1B}[0m" }
    public static func error(_ text: String) -> String { "\u{1B}[31m" + text + "\u{1B}[0m" }
}

/// `--color`: when objsh paints its output.
public enum ColorChoice: String, CaseIterable, Sendable {
    /// At a terminal, in an interactive session, without `NO_COLOR` or `TERM=dumb`.
    case auto
    /// Always, also into a pipe or a file (`less -R`).
    case always
    /// Never.
    case never

    /// Whether to paint, given whether the output is a terminal that allows colour and
    /// whether the session runs a script.
    public func paints(terminalAllowsColor: Bool, script: Bool) -> Bool {
        switch self {
        case .auto: terminalAllowsColor && !script
        case .always: true
        case .never: false
        }
    }
}
