import ShellCore

/// Runs one command in a task of its own that Ctrl-C cancels: a watcher polls the
/// SIGINT flag while the command runs (a signal handler may not cancel a task itself).
/// The storage layer checks for cancellation at each page and the browser restores the
/// panes, so the shell returns to the prompt as it was.
enum InterruptibleCommand {
    /// The command's result, as `Shell.run` gives it; `.proceed` at once when Ctrl-Z
    /// moved it to the background, where it runs on as a job. Ctrl-Z on a command that
    /// cannot move (one with `|` or `>`, or one that neither transfers nor walks) says why.
    /// The interrupt flag is not cleared here: a Ctrl-C pressed between Enter and this
    /// call belongs to the command (the line readers clear it when a new line starts).
    @MainActor
    static func run(_ words: [Word], io: CommandIO? = nil, on shell: Shell) async -> Result<Shell.Outcome, any Error> {
        // A Ctrl-Z pressed at the prompt moves nothing.
        SignalEvents.clearSuspend()
        // The command's task runs on the main actor, where the shell's state lives.
        let command = Task { @MainActor () throws -> Shell.Outcome in try await shell.run(words, io: io) }
        let ending = Ending()
        let redirected = io != nil
        return await withCheckedContinuation { continuation in
            ending.continuation = continuation
            let watcher = watch(cancel: { command.cancel() }) {
                await MainActor.run {
                    if ending.end(with: .success(.proceed), if: { shell.moveForegroundToBackground(command) }) { return true }
                    // A command that cannot move goes on, and says why.
                    shell.tellStaysInForeground(words, redirected: redirected)
                    return false
                }
            }
            Task { @MainActor in
                let result = await command.result
                watcher.cancel()
                ending.end(with: result) { true }
            }
        }
    }

    /// Resumes the caller once: when the command ends, or when Ctrl-Z moved it away.
    @MainActor
    final class Ending {
        var continuation: CheckedContinuation<Result<Shell.Outcome, any Error>, Never>?

        /// Ends with `result` when nothing ended it yet and `condition` holds; whether it did.
        @discardableResult
        func end(with result: Result<Shell.Outcome, any Error>, if condition: () -> Bool) -> Bool {
            guard let continuation, condition() else { return false }
            self.continuation = nil
            continuation.resume(returning: result)
            return true
        }
    }

    /// A watcher that calls `cancel` once Ctrl-C (or a hangup) is seen, and `suspend` at
    /// each Ctrl-Z until it says the command moved away, until it is cancelled itself.
    static func watch(
        cancel: @escaping @Sendable () -> Void, suspend: (@Sendable () async -> Bool)? = nil
    ) -> Task<Void, Never> {
        Task {
            while !Task.isCancelled {
                if SignalEvents.isInterrupted || SignalEvents.hangupSignal != nil {
                    cancel()
                    return
                }
                if SignalEvents.takeSuspend(), !Confirmation.isAsking, let suspend, await suspend() { return }
                try? await Task.sleep(for: .milliseconds(25))
            }
        }
    }
}

/// Ctrl-C in a script, for a command that reads standard input as data: SIGINT is
/// caught while it runs (a script otherwise ends at its default action, leaving what
/// the command sent behind), and cancels the command's task, which cleans up.
public struct ScriptInterrupts: InterruptScope {
    public init() {}

    public func cancellingOnInterrupt<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let previous = SignalEvents.catchInterrupts()
        defer { SignalEvents.restoreInterrupts(previous) }
        let task = Task { try await work() }
        let watcher = InterruptibleCommand.watch { task.cancel() }
        defer { watcher.cancel() }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    public var isInterrupted: Bool { SignalEvents.isInterrupted }
}
