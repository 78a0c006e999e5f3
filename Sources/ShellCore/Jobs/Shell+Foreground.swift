import Foundation
import Rendering

extension Shell {
    /// The commands Ctrl-Z may move to the background: those that transfer or walk.
    static let detachable: Set<String> = ["get", "upload", "cp", "mv", "sync", "rm", "du", "index", "search"]

    /// A foreground command that Ctrl-Z may make a job, and where it writes meanwhile.
    struct Foreground {
        let job: Job
        let console: Console
    }

    /// At a terminal, a transfer or a walk in the foreground writes through a job that is
    /// not listed yet (see `moveForegroundToBackground`); nil for any other command.
    func beginForeground(_ type: any ShellCommand.Type, words: [Word]) -> Foreground? {
        guard detachesForeground, Self.detachable.contains(type.spec.name) else { return nil }
        // The shell's status row: what the shell writes meanwhile (`--debug` lines) clears its progress line.
        let job = Job(foreground: Self.lineText(words), terminal: output, row: statusLine.row)
        foregroundJob = job
        // A question after Ctrl-Z is answered no, as a job asks nothing.
        var settings = settings
        if let ask = settings.streams.confirm {
            settings.streams.confirm = { question in
                let isForeground = await MainActor.run {
                    job.wouldHaveAsked = job.number != 0
                    return job.number == 0
                }
                return isForeground ? await ask(question) : false
            }
        }
        return Foreground(job: job, console: Console(output: job.output, settings: settings, status: job.status))
    }

    /// Ctrl-Z: the transfer in the foreground, whose work is `task`, runs on as a job
    /// (`[1] get big.bin &` says its number); the job `fg` holds goes back to the
    /// background. False when nothing in the foreground can go (the prompt comes back
    /// only when the command ends).
    public func moveForegroundToBackground(_ task: Task<Outcome, any Error>) -> Bool {
        if let held = heldJob {
            held.leavesForeground = true
            // Its progress line goes now, before the prompt: cleared later, it would take the prompt's line with it.
            held.sendToBackground()
            task.cancel()
            writeError("\n[\(held.number)] \(TerminalEscaping.escape(held.line)) &\n")
            return true
        }
        guard let job = foregroundJob, job.number == 0 else { return false }
        foregroundJob = nil
        jobs.adopt(job, running: task)
        writeError("\n[\(job.number)] \(TerminalEscaping.escape(job.line)) &\n")
        return true
    }

    /// Ctrl-Z on the foreground command `words` that stays where it is: it goes on, and
    /// a line on standard error says why (`redirected`: it writes into a pipe or a file).
    public func tellStaysInForeground(_ words: [Word], redirected: Bool) {
        let name = TerminalEscaping.escape(words.first?.text ?? "")
        let detachable = words.first.flatMap { CommandTable.type(named: $0.text) }.map { Self.detachable.contains($0.spec.name) } ?? false
        let why =
            redirected
            ? "a command with | or > stays in the foreground"
            : detachable ? "jobs need the line editor, at a terminal" : "only a transfer or a walk can move to the background"
        writeError("\nobjsh: Ctrl-Z: \(name) goes on (\(why)); Ctrl-C stops it\n")
    }

    /// The words as a line, a word with a blank or a quote in single quotes.
    static func lineText(_ words: [Word]) -> String {
        words.map { word in
            let text = word.text
            guard text.isEmpty || text.contains(where: { " \t'\"\\;&|<>".contains($0) }) else { return text }
            return "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        }.joined(separator: " ")
    }
}
