import ShellCore

/// Runs one command in a task of its own that Ctrl-C cancels: a watcher polls the
/// SIGINT flag while the command runs (a signal handler may not cancel a task itself).
/// The storage layer checks for cancellation at each page and the browser restores the
/// panes, so the shell returns to the prompt as it was.
enum InterruptibleCommand {
    /// The command's result: the exit status it asks for (`exit`), or nil to go on.
    /// The interrupt flag is not cleared here: a Ctrl-C pressed between Enter and this
    /// call belongs to the command (the line readers clear it when a new line starts).
    static func run(_ words: [Word], on shell: Shell) async -> Result<Int32?, any Error> {
        // The shell crosses into the command's task and back; this function awaits that
        // task before anyone touches the shell again, so it is never used from two places.
        nonisolated(unsafe) let shell = shell
        let command = Task { () throws -> Int32? in
            switch try await shell.run(words) {
            case .proceed: return nil
            case .exit(let status): return status
            }
        }
        let watcher = Task {
            while !Task.isCancelled {
                if SignalEvents.isInterrupted || SignalEvents.hangupSignal != nil {
                    command.cancel()
                    return
                }
                try? await Task.sleep(for: .milliseconds(25))
            }
        }
        let result = await command.result
        watcher.cancel()
        return result
    }
}
