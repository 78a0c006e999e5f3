import Rendering

/// One line of commands, run the same way from a script and at the prompt: tokenized,
/// split at `;`, each command run in turn. A leading `-` on a command ignores its
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
        /// `exit`, or a signal that ends the session: the process's exit status.
        case exit(Int32)
    }

    /// Runs one command's words: `Shell.run`, or at the prompt in a task Ctrl-C cancels.
    public typealias Perform = (_ words: [Word]) async throws -> Shell.Outcome

    /// The shell the commands run in.
    public let shell: Shell
    /// Whether the commands after a failed one on the same line still run (`--on-error continue`).
    public var continuesAfterFailure: Bool
    let perform: Perform

    /// A runner for `shell`; `perform` runs each command (`Shell.run` when not given).
    public init(shell: Shell, continuesAfterFailure: Bool = false, perform: Perform? = nil) {
        self.shell = shell
        self.continuesAfterFailure = continuesAfterFailure
        self.perform = perform ?? { words in try await shell.run(words) }
    }

    /// Runs the commands of `line`.
    public func run(_ line: String, prefix: String = "") async -> Outcome {
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
            switch await run(entry, prefix: prefix) {
            case .completed: continue
            case .exit(let status): return .exit(status)
            case .failed(let failure):
                if outcome == .completed { outcome = .failed(failure) }
                if failure == .interrupted || !continuesAfterFailure { return outcome }
            }
        }
        return outcome
    }

    /// Runs one command of the line; `&`, `|`, redirections and `!` are refused for now.
    private func run(_ entry: CommandList.Entry, prefix: String) async -> Outcome {
        guard case .shell(let command) = entry.pipeline.stages.first, LineOperatorUse.first(in: entry) == nil else {
            let use = LineOperatorUse.first(in: entry) ?? .local
            return report(ShellError.unavailable(use), prefix: prefix, ignored: false).map(Outcome.failed) ?? .completed
        }
        var words = command.words
        let ignoresError = words[0].text.hasPrefix("-") && words[0].text.count > 1
        if ignoresError { words[0].text.removeFirst() }
        do {
            switch try await perform(words) {
            case .exit(let status): return .exit(status)
            case .differ:
                // As a failure, but told already by the answer itself.
                return ignoresError ? .completed : .failed(.failed)
            case .proceed: return .completed
            }
        } catch {
            return report(error, prefix: prefix, ignored: ignoresError).map(Outcome.failed) ?? .completed
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

extension String {
    var trimmingLeadingBlanks: Substring { drop { $0 == " " || $0 == "\t" } }
}
