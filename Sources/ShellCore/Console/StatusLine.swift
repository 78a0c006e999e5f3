import Rendering
import Synchronization
import Transfers

/// The one owner of the terminal's status line on standard error: a transfer's
/// progress or a walk's state, redrawn in place. Every line a command writes while it
/// shows goes through `interrupting`, which clears it first, so the line stands alone;
/// the next redraw brings it back. Every text it draws passes the escaper here, so a
/// name it shows can never move the cursor or paint the terminal.
final class StatusLine: Sendable {
    private struct State {
        var text: (@Sendable () -> String)?
        var drawn = false
        var redraw: Task<Void, Never>?
        /// A job's line is drawn only while it is in the foreground (`fg`).
        var hidden = false
        /// The transfer it shows, for `jobs`.
        var progress: TransferProgress?
    }

    private let output: any ShellOutput
    private let state: Mutex<State>
    private let interval: Duration

    /// A line on `output`; `hidden` draws nothing until `show` (a job's, until `fg`).
    init(output: any ShellOutput, interval: Duration = .milliseconds(200), hidden: Bool = false) {
        self.output = output
        self.interval = interval
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
            if hidden, state.drawn {
                output.writeError(TerminalControl.clearLine)
                state.drawn = false
            } else if !hidden {
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

    /// Runs `write` with the status line cleared first; the next redraw brings it back.
    func interrupting(_ write: () -> Void) {
        state.withLock { state in
            if state.drawn {
                output.writeError(TerminalControl.clearLine)
                state.drawn = false
            }
            write()
        }
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
        output.writeError(TerminalControl.clearLine + TerminalEscaping.escape(text()))
        state.drawn = true
    }
}
