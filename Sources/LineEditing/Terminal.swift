import Foundation

/// What the process knows of its terminal: whether there is one, and its size.
public struct Terminal: Sendable {
    /// Whether standard input is a terminal (else commands are read as a script).
    public let inputIsTerminal: Bool
    /// Whether standard output is a terminal.
    public let outputIsTerminal: Bool
    /// Whether standard output is a terminal that allows colour.
    public let allowsColor: Bool
    /// Whether standard error is a terminal that allows colour.
    public let errorsAllowColor: Bool
    private let columnsVariable: Int?
    private let linesVariable: Int?

    /// The terminal as `environment` (NO_COLOR, TERM, COLUMNS, LINES) and the descriptors tell it.
    public init(environment: [String: String]) {
        inputIsTerminal = isatty(STDIN_FILENO) != 0
        outputIsTerminal = isatty(STDOUT_FILENO) != 0
        // https://no-color.org: any non-empty NO_COLOR turns colours off; so does TERM=dumb.
        let colorWanted = (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        allowsColor = outputIsTerminal && colorWanted
        errorsAllowColor = isatty(STDERR_FILENO) != 0 && colorWanted
        columnsVariable = environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
        linesVariable = environment["LINES"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
    }

    /// `$COLUMNS`, else the terminal's width, else 80.
    public func columns() -> Int {
        if let columnsVariable { return columnsVariable }
        return windowSize()?.columns ?? 80
    }

    /// Rows each pane shows: what fits on the terminal under the headers and the
    /// prompt, or 20 when output is not a terminal.
    public func paneRows() -> Int {
        guard outputIsTerminal else { return linesVariable.map { max(3, $0 - 4) } ?? 20 }
        let lines = linesVariable ?? windowSize()?.rows ?? 24
        return max(3, lines - 4)
    }

    private func windowSize() -> (columns: Int, rows: Int)? {
        guard outputIsTerminal else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
