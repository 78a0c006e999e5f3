import Foundation
import Rendering

/// One line of commands, run the same way from a script and at the prompt: tokenized,
/// split at `;`, each pipeline run in turn (see `LineRunner+Output` for `|`, `>`, `!`). A leading `-` on a command ignores its
/// error, as in sftp. A failure is told on standard error after `prefix` (a script's
/// `objsh: line N: `) and ends the line, unless `continuesAfterFailure`; Ctrl-C
/// always ends it.
@MainActor
public struct LineRunner {
    /// How a line ended.
    public enum Outcome: Equatable, Sendable {
        /// Every command ran, or failed with its error ignored.
        case completed
        /// A command failed and was told; the class of the first failure.
        case failed(FailureClass)
        /// A local program (`!`, the last stage of a pipeline) ended with this status, not
        /// 0; what it had to say it said itself.
        case localFailure(Int32)
        /// `exit`, or a signal that ends the session: the process's exit status.
        case exit(Int32)

        /// Whether Ctrl-C (or a program's SIGINT) ended it: that ends a script whatever its policy.
        public var isInterrupted: Bool {
            switch self {
            case .failed(let failure): failure == .interrupted
            case .localFailure(let status): status == 128 + SIGINT
            default: false
            }
        }
    }

    /// Runs one command's words, with its own output when given (a pipe, a file):
    /// `Shell.run`, or at the prompt in a task Ctrl-C cancels.
    public typealias Perform = (_ words: [Word], _ io: CommandIO?) async throws -> Shell.Outcome

    /// The shell the commands run in.
    public let shell: Shell
    /// Whether the commands after a failed one on the same line still run (`--on-error continue`).
    public var continuesAfterFailure: Bool
    let perform: Perform

    /// A runner for `shell`; `perform` runs each command (`Shell.run` when not given).
    public init(shell: Shell, continuesAfterFailure: Bool = false, perform: Perform? = nil) {
        self.shell = shell
        self.continuesAfterFailure = continuesAfterFailure
        self.perform = perform ?? { words, io in try await shell.run(words, io: io) }
    }

    /// Runs the commands of `line`.
    public func run(_ line: String, prefix: String = "") async -> Outcome {
        await run(line, prefix: prefix, expanded: [])
    }

    /// Runs the commands of `line`, where the aliases `expanded` are not expanded again.
    func run(_ line: String, prefix: String, expanded: Set<String>) async -> Outcome {
        let list: CommandList
        do {
            list = try Tokenizer.parse(line)
        } catch let error as SyntaxError {
            let ignored = line.trimmingLeadingBlanks.hasPrefix("-")
            return report(ShellError.syntax(error), prefix: prefix, ignored: ignored).map(Outcome.failed) ?? .completed
        } catch {
            preconditionFailure("the tokenizer throws only syntax errors")
        }
        var outcome = Outcome.completed
        for entry in list.entries {
            let next = await run(entry, prefix: prefix, expanded: expanded)
            switch next {
            case .completed: continue
            case .exit: return next
            case .failed, .localFailure:
                if outcome == .completed { outcome = next }
                if next.isInterrupted || !continuesAfterFailure { return outcome }
            }
        }
        return outcome
    }

    /// Runs one pipeline of the line: an alias expanded, a local command, or an objsh
    /// command with its output where the line sends it; with `&`, as a job.
    private func run(_ entry: CommandList.Entry, prefix: String, expanded: Set<String>) async -> Outcome {
        if entry.runsInBackground { return startJob(entry, prefix: prefix) }
        guard case .shell(let command) = entry.pipeline.stages[0] else {
            guard case .local(let text) = entry.pipeline.stages[0] else { preconditionFailure("a pipeline has a first stage") }
            return await runLocal(text, prefix: prefix)
        }
        var words = command.words
        let ignoresError = words[0].text.hasPrefix("-") && words[0].text.count > 1
        if ignoresError { words[0].text.removeFirst() }
        if let alias = shell.aliases[words[0].text], !expanded.contains(words[0].text) {
            let outcome = await run(alias + entry.text(after: command.words[0]), prefix: prefix, expanded: expanded.union([words[0].text]))
            return ignoresError && !outcome.isInterrupted && outcome != .completed ? (outcome.isExit ? outcome : .completed) : outcome
        }
        if command.redirections.count > 1 || (entry.pipeline.filter != nil && !command.redirections.isEmpty) {
            return failure(CommandFailure.outputTwice, of: words[0].text, prefix: prefix, ignored: ignoresError)
        }
        if let filter = entry.pipeline.filter { return await runPiped(words, into: filter, ignoresError: ignoresError, prefix: prefix) }
        if let redirection = command.redirections.first {
            return await runRedirected(words, to: redirection, ignoresError: ignoresError, prefix: prefix)
        }
        return outcome(of: await attempt(words, io: nil), ignoresError: ignoresError, prefix: prefix)
    }

    /// Runs one objsh command's words: what the shell answered, or what it threw.
    func attempt(_ words: [Word], io: CommandIO?) async -> Result<Shell.Outcome, any Error> {
        do {
            return .success(try await perform(words, io))
        } catch {
            return .failure(error)
        }
    }

    /// The line's outcome from one command's result, its error told.
    func outcome(of result: Result<Shell.Outcome, any Error>, ignoresError: Bool, prefix: String) -> Outcome {
        switch result {
        case .success(.exit(let status)): return .exit(status)
        // As a failure, but told already by the answer itself.
        case .success(.differ): return ignoresError ? .completed : .failed(.failed)
        case .success(.proceed): return .completed
        case .failure(let error): return report(error, prefix: prefix, ignored: ignoresError).map(Outcome.failed) ?? .completed
        }
    }

    /// Tells `error`; its class, or nil when the command's error is ignored (Ctrl-C never is).
    func report(_ error: any Error, prefix: String, ignored: Bool) -> FailureClass? {
        let message = ShellError.of(error, command: "objsh").printableMessage
        shell.writeErrorLine(prefix + message)
        let failure = FailureClass.of(error)
        return ignored && failure != .interrupted ? nil : failure
    }
}

extension LineRunner.Outcome {
    /// The exit status a script ends with when this outcome stops it.
    var failureStatus: Int32 {
        switch self {
        case .completed: ExitStatus.success
        case .failed(let failure): failure.exitStatus
        case .localFailure(let status), .exit(let status): status
        }
    }

    var isExit: Bool {
        if case .exit = self { return true }
        return false
    }
}

extension String {
    var trimmingLeadingBlanks: Substring { drop { $0 == " " || $0 == "\t" } }
}
