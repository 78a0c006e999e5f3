/// What to do when a command of a script fails.
public enum ErrorPolicy: String, Sendable, CaseIterable {
    /// Stop the script with a non-zero status (the default, as sftp's batch mode).
    case stop
    /// Go on with the next command; the final status still says something failed.
    case `continue`
}

/// Runs scripts: `-c` text, `-f` files and piped standard input.
///
/// Blank lines and `#` comments are skipped; `;` separates commands on a line; a
/// leading `-` on a command ignores its error, as in sftp. A failure prints
/// `objsh: line N: message` on stderr and, unless told to go on, stops the run with
/// the exit status of its class (`FailureClass`); going on, the run ends with the
/// status of its first failure.
public struct ScriptRunner {
    public let shell: Shell
    public let policy: ErrorPolicy

    public init(shell: Shell, policy: ErrorPolicy) {
        self.shell = shell
        self.policy = policy
    }

    /// Runs the lines in order; the exit status of the whole run.
    public func run(lines: some Sequence<String>) async -> Int32 {
        var status = ExitStatus.success
        var number = 0
        for line in lines {
            number += 1
            switch await runLine(line, number: number) {
            case .proceed: continue
            case .failed(let code): if status == ExitStatus.success { status = code }
            case .stop(let code): return code
            }
        }
        return status
    }

    enum LineResult {
        case proceed
        case failed(Int32)
        case stop(Int32)
    }

    /// Runs one line of a script.
    func runLine(_ line: String, number: Int) async -> LineResult {
        let commands: [[Word]]
        do {
            commands = try Tokenizer.commands(in: line)
        } catch let error as SyntaxError {
            return report(ShellError.syntax(error), line: number, ignored: line.trimmingLeadingBlanks.hasPrefix("-"))
        } catch {
            preconditionFailure("the tokenizer throws only syntax errors")
        }
        var result = LineResult.proceed
        for words in commands {
            var texts = words.map(\.text)
            let ignoresError = texts.first?.hasPrefix("-") == true && (texts.first?.count ?? 0) > 1
            if ignoresError { texts[0].removeFirst() }
            do {
                if case .exit(let code) = try await shell.run(texts) { return .stop(code) }
            } catch ShellError.interrupted {
                shell.writeErrorLine("objsh: line \(number): interrupted")
                return .stop(ExitStatus.interrupted)
            } catch {
                let outcome = report(error, line: number, ignored: ignoresError)
                if case .stop = outcome { return outcome }
                if case .failed = outcome, case .proceed = result { result = outcome }
            }
        }
        return result
    }

    func report(_ error: any Error, line: Int, ignored: Bool) -> LineResult {
        let message = ShellError.of(error, command: "objsh").printableMessage
        shell.writeErrorLine("objsh: line \(line): \(message)")
        let failure = FailureClass.of(error)
        // Ctrl-C ends the run whatever the policy: the person asked it to stop.
        if failure == .interrupted { return .stop(failure.exitStatus) }
        if ignored { return .proceed }
        return policy == .stop ? .stop(failure.exitStatus) : .failed(failure.exitStatus)
    }
}

extension String {
    var trimmingLeadingBlanks: Substring { drop { $0 == " " || $0 == "\t" } }
}
