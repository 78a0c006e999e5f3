/// What to do when a command of a script fails.
public enum ErrorPolicy: String, Sendable, CaseIterable {
    /// Stop the script with a non-zero status (the default, as sftp's batch mode).
    case stop
    /// Go on with the next command; the final status still says something failed.
    case `continue`
}

/// Runs scripts: `-c` text, `-f` files and piped standard input.
///
/// Blank lines and `#` comments are skipped; each line runs as `LineRunner` runs it.
/// A failure prints `objsh: line N: message` on stderr and, unless told to go on,
/// stops the run with the exit status of its class (`FailureClass`); going on, the
/// run ends with the status of its first failure. Ctrl-C stops it whatever the policy.
@MainActor
public struct ScriptRunner {
    public let shell: Shell
    public let policy: ErrorPolicy

    public init(shell: Shell, policy: ErrorPolicy) {
        self.shell = shell
        self.policy = policy
    }

    /// Runs the lines in order, then waits for the jobs they started (`&`); the exit
    /// status of the whole run: its first failure's, a job's included.
    public func run(lines: some Sequence<String>) async -> Int32 {
        let status = await runLines(lines)
        let jobFailure = await shell.waitForJobs()
        return status == ExitStatus.success ? jobFailure?.exitStatus ?? status : status
    }

    private func runLines(_ lines: some Sequence<String>) async -> Int32 {
        let runner = LineRunner(shell: shell, continuesAfterFailure: policy == .continue)
        var status = ExitStatus.success
        for (index, line) in lines.enumerated() {
            let outcome = await runner.run(line, prefix: "objsh: line \(index + 1): ")
            shell.printFinishedJobs()
            switch outcome {
            case .completed: continue
            case .exit(let code): return code
            case .failed, .localFailure:
                let failed = outcome.failureStatus
                // Ctrl-C ends the run whatever the policy: the person asked it to stop.
                if policy == .stop || outcome.isInterrupted { return failed }
                if status == ExitStatus.success { status = failed }
            }
        }
        return status
    }
}
