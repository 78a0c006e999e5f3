import Foundation
import Rendering
import ShellCore

/// The loop for a person at a terminal: a prompt, a line, its result; each line runs
/// as a script's does (`LineRunner`), its errors told and the session going on.
/// Ctrl-C drops the line or cancels the running command; Ctrl-D leaves (asking first
/// while jobs run); SIGHUP and SIGTERM save the history and leave.
@MainActor
public struct InteractiveLoop {
    let shell: Shell
    /// libedit when standard output is a terminal too, else the plain reader.
    let lines: any LineSource

    /// The loop over `lines` for `shell`.
    public init(shell: Shell, lines: any LineSource) {
        self.shell = shell
        self.lines = lines
    }

    /// Reads and runs lines until Ctrl-D, `exit` or a hangup; the exit status.
    public func run() async -> Int32 {
        SignalEvents.install()
        shell.detachesForeground = lines is LineEditor
        shell.printPanes()
        let runner = LineRunner(shell: shell) { [shell] words, io in try await Self.perform(words, io: io, on: shell) }
        while true {
            // A background index refresh's failure, once, on its own line before the prompt.
            for notice in shell.backgroundRefresh.takeNotices() { shell.writeErrorLine(notice) }
            // What finished jobs wrote, and their notices: never into a line being edited.
            shell.printFinishedJobs()
            let context = shell.completionContext()
            let event = await lines.read(prompt: TerminalEscaping.escape(shell.prompt)) { line, cursor in
                await Completer.complete(line: line, cursor: cursor, context: context)
            }
            switch event {
            // On standard error, beside the prompt: standard output may be a file.
            case .interrupted:
                shell.writeError(lines is LineEditor ? "^C\n" : "\n")
            case .endOfFile:
                shell.writeError("\n")
                if await mayLeave(runner) { return ExitStatus.success }
            case .hangup(let signal):
                shell.writeError("\n")
                return 128 + signal
            case .line(let line):
                lines.remember(line)
                if case .exit(let status) = await runner.run(line), await mayLeave(runner) { return status }
            }
        }
    }

    /// One command, in a task Ctrl-C cancels; a command that SIGHUP or SIGTERM stopped
    /// ends the session with the signal's status.
    static func perform(_ words: [Word], io: CommandIO?, on shell: Shell) async throws -> Shell.Outcome {
        switch await InterruptibleCommand.run(words, io: io, on: shell) {
        case .success(let outcome):
            return outcome
        case .failure(let error):
            if let signal = SignalEvents.hangupSignal { return .exit(128 + signal) }
            // After the ^C the terminal shows, on a line of its own.
            if (error as? ShellError) == .interrupted { shell.writeError("\n") }
            throw error
        }
    }
}
