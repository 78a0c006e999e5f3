import Rendering
import Synchronization

/// Redraws the two-pane screen in place on a terminal while a pane loads (a search
/// showing its results as they are found), at most once per `interval`.
///
/// The first frame is drawn at once; a frame that comes sooner than `interval` after
/// the one before waits, and a ticker draws the newest waiting frame, so a search that
/// stalls still shows its latest count. Each frame goes back up over the one before
/// and writes over it, so nothing scrolls. `finish` erases the last frame, for the
/// final screen to take its place.
final class LiveScreen: Sendable {
    private struct State {
        /// The newest frame not drawn yet.
        var waiting: [String]?
        /// Lines of the frame on screen, to go back up over.
        var drawnLines = 0
        var lastDraw: ContinuousClock.Instant?
        var isFinished = false
    }

    private let state = Mutex(State())
    private let ticker = Mutex<Task<Void, Never>?>(nil)
    private let console: Console
    private let interval: Duration

    init(console: Console, interval: Duration = .milliseconds(100)) {
        self.console = console
        self.interval = interval
    }

    /// Shows `lines` (a whole frame): now, or when the interval since the last frame is up.
    func show(_ lines: [String]) {
        let drawnNow = state.withLock { state in
            state.waiting = lines
            if let last = state.lastDraw, last.duration(to: .now) < interval { return false }
            draw(&state)
            return true
        }
        if !drawnNow { startTicker() }
    }

    /// Erases the frame on screen and stops drawing; the cursor is left where the frame began.
    func finish() {
        ticker.withLock { task in
            task?.cancel()
            task = nil
        }
        state.withLock { state in
            guard !state.isFinished else { return }
            state.isFinished = true
            if state.drawnLines > 0 { console.write(TerminalControl.up(state.drawnLines) + TerminalControl.eraseBelow) }
            state.drawnLines = 0
        }
    }

    /// Writes the waiting frame over the one on screen: each row cleared, then written
    /// (cleared first: after a line as wide as the terminal, clearing to its end would
    /// take its last cell), then whatever is left below the new frame cleared.
    private func draw(_ state: inout State) {
        guard !state.isFinished, let lines = state.waiting else { return }
        let frame = lines.map { TerminalControl.eraseLine + $0 + "\n" }.joined()
        console.write(TerminalControl.up(state.drawnLines) + frame + TerminalControl.eraseBelow)
        state.drawnLines = lines.count
        state.waiting = nil
        state.lastDraw = .now
    }

    private func drawWaiting() { state.withLock { draw(&$0) } }

    /// Starts the ticker that draws a frame left waiting, once.
    private func startTicker() {
        ticker.withLock { task in
            guard task == nil, !state.withLock({ $0.isFinished }) else { return }
            let interval = self.interval
            task = Task { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: interval)
                    self?.drawWaiting()
                }
            }
        }
    }
}
