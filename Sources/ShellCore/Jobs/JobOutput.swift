import Foundation
import Synchronization

/// What a job writes: kept, in order, until the shell prints it before a prompt; while
/// the job is in the foreground, written to the terminal as it comes.
public final class JobOutput: ShellOutput {
    public struct Line: Sendable {
        public let text: String
        public let isError: Bool
    }

    private struct State {
        var lines: [Line] = []
        var terminal: (any ShellOutput)?
    }

    private let state = Mutex(State())

    public func write(_ text: String) { append(Line(text: text, isError: false)) }
    public func writeError(_ text: String) { append(Line(text: text, isError: true)) }

    public func writeBytes(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if let terminal = state.withLock({ $0.terminal }) { return terminal.writeBytes(bytes) }
        append(Line(text: String(decoding: bytes, as: UTF8.self), isError: false))
        return true
    }

    private func append(_ line: Line) {
        state.withLock { state in
            guard let terminal = state.terminal else { return state.lines.append(line) }
            if line.isError { terminal.writeError(line.text) } else { terminal.write(line.text) }
        }
    }

    /// Prints what was held back on `terminal`, and from now on writes there.
    func attach(to terminal: any ShellOutput) {
        state.withLock { state in
            for line in state.lines {
                if line.isError { terminal.writeError(line.text) } else { terminal.write(line.text) }
            }
            state.lines = []
            state.terminal = terminal
        }
    }

    /// Holds back what comes from now on.
    func detach() { state.withLock { $0.terminal = nil } }

    func take() -> [Line] {
        state.withLock { state in
            defer { state.lines = [] }
            return state.lines
        }
    }
}
