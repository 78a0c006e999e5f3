import Rendering
import Synchronization
import Transfers

/// A status line on standard error: a transfer's progress or a walk's state, redrawn
/// in place. Every line a command writes while it shows goes through `interrupting`,
/// which clears it first, so the line stands alone; the next redraw brings it back.
/// Every text it draws passes the escaper here, so a name it shows can never move the
/// cursor or paint the terminal. The status lines of one terminal (the shell's, a
/// foreground command's, each job's) share its one `StatusRow`, the row's one owner:
/// a line written through any of them clears what any of them drew.
final class StatusLine: Sendable {
    private struct State {
        var text: (@Sendable () -> String)?
        var redraw: Task<Void, Never>?
        /// A job's line is drawn only while it is in the foreground (`fg`).
        var hidden = false
        /// The transfer it shows, for `jobs`.
        var progress: TransferProgress?
    }

    private let output: any ShellOutput
    private let state: Mutex<State>
    private let interval: Duration
    /// The terminal row it draws on, shared with every other status line of the terminal.
    let row: StatusRow

    /// A line on `output`, drawn on `row` (a new one: the only line of its output);
    /// `hidden` draws nothing until `show` (a job's, until `fg`).
    init(output: any ShellOutput, interval: Duration = .milliseconds(200), hidden: Bool = false, row: StatusRow = StatusRow()) {
        self.output = output
        self.interval = interval
        self.row = row
        state = Mutex(State(hidden: hidden))
    }

    /// The transfer shown now (or last), for `jobs`.
    var progress: TransferProgress? { state.withLock { $0.progress } }

    /// Shows `progress` from now on, redrawn every interval until `end()`.
    func begin(_ progress: TransferProgress) {
        state.withLock { $0.progress = progress }
        begin { ProgressText.line(progress) }
    }

    /// Draws nothing from now on, clearing what shows (`true`), or draws again (`false`: `fg`).
    func setHidden(_ hidden: Bool) {
        state.withLock { state in
            state.hidden = hidden
            if hidden {
                row.clear(drawnBy: self, on: output)
            } else {
                draw(&state)
            }
        }
    }

    /// Shows `text()` from now on, redrawn every interval until `end()`.
    func begin(_ text: @escaping @Sendable () -> String) {
        let interval = interval
        let task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled else { return }
                self?.redraw()
            }
        }
        state.withLock {
            $0.redraw?.cancel()
            $0.text = text
            $0.redraw = task
        }
    }

    /// Draws `text` at once (a walk telling where it is), to stay until replaced or ended.
    func show(_ text: String) {
        state.withLock {
            $0.text = { text }
            draw(&$0)
        }
    }

    /// Runs `write` with the terminal's status row cleared first, whichever status line
    /// drew on it; the next redraw brings it back.
    func interrupting(_ write: () -> Void) {
        // A hidden line's command writes where it is held (a job's output), not on the terminal.
        if state.withLock({ $0.hidden }) { return write() }
        row.interrupting(on: output, write)
    }

    /// Stops redrawing, waits until the last redraw is out, and clears the line, so
    /// what comes next starts on a clean line.
    func end() async {
        let running = state.withLock { state in
            defer {
                state.redraw = nil
                state.text = nil
            }
            return state.redraw
        }
        running?.cancel()
        await running?.value
        interrupting {}
    }

    private func redraw() {
        state.withLock { draw(&$0) }
    }

    private func draw(_ state: inout State) {
        guard let text = state.text, !state.hidden else { return }
        row.draw(TerminalControl.clearLine + TerminalEscaping.escape(text()), by: self, on: output)
    }
}

/// A terminal's one status row, the one owner of what is drawn there: which status line
/// drew last (none once cleared). Every status line of a terminal draws and clears
/// through it, under its lock, so a line written through any console of that terminal
/// (the shell's `--debug` lines while a foreground command's progress shows, say)
/// clears the row first; with one row a status line, it went on after the progress.
final class StatusRow: Sendable {
    private let drawnBy = Mutex<ObjectIdentifier?>(nil)

    init() {}

    /// Writes `text` (a status line's whole row) for `line`, which owns the row from now on.
    func draw(_ text: String, by line: StatusLine, on output: any ShellOutput) {
        drawnBy.withLock { owner in
            output.writeError(text)
            owner = ObjectIdentifier(line)
        }
    }

    /// Clears the row if `line` drew what shows there.
    func clear(drawnBy line: StatusLine, on output: any ShellOutput) {
        drawnBy.withLock { owner in
            guard owner == ObjectIdentifier(line) else { return }
            output.writeError(TerminalControl.clearLine)
            owner = nil
        }
    }

    /// Runs `write` with the row cleared first, whoever drew on it.
    func interrupting(on output: any ShellOutput, _ write: () -> Void) {
        drawnBy.withLock { owner in
            if owner != nil {
                output.writeError(TerminalControl.clearLine)
                owner = nil
            }
            write()
        }
    }
}
