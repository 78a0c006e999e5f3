import Browser
import Clusters
import Rendering
import Storage

/// Why a shell command failed, as data; `ErrorReport` makes the words and the class.
public enum ShellError: Error, Sendable {
    case unknownCommand(String)
    case syntax(SyntaxError)
    /// A line that uses `&`, `|`, `>`, `>>` or `!`, which this shell reads but cannot run yet.
    case unavailable(LineOperatorUse)
    case usage(CommandSpec, UsageProblem)
    case cluster(ClusterError)
    /// A failure of the named command; its cause says why.
    case failed(command: String, cause: any Error)
    case interrupted

    /// A failure of `command` whatever was thrown: a shell error stays as it is, a
    /// cancellation is an interruption, anything else is the command's failure.
    public static func of(_ error: any Error, command: String) -> ShellError {
        if let error = error as? ShellError { return error }
        if error is CancellationError || error as? StorageError == .cancelled { return .interrupted }
        return .failed(command: command, cause: error)
    }

    /// The message, without the `objsh: line N:` prefix batch mode adds.
    public var message: String { ErrorReport(self).message }

    /// What kind of failure this is; it decides the exit status.
    public var failureClass: FailureClass { ErrorReport(self).failureClass }

    /// The exit status a script or one-shot run ends with when this error stops it.
    public var exitStatus: Int32 { failureClass.exitStatus }

    /// The message made safe for a terminal: control characters in names are escaped,
    /// line by line, so a name can never move the cursor or change colours.
    public var printableMessage: String {
        message.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalEscaping.escape(String($0)) }.joined(separator: "\n")
    }

    /// The command one edit away from a mistyped name, if there is exactly one.
    static func closestCommand(to word: String) -> String? {
        let close = CommandTable.commands.map(\.name).filter { EditDistance.between($0, word) <= 1 }
        return close.count == 1 ? close[0] : nil
    }
}

extension ShellError: Equatable {
    /// Two failures are the same when they say the same and end the same way.
    public static func == (lhs: ShellError, rhs: ShellError) -> Bool {
        lhs.message == rhs.message && lhs.failureClass == rhs.failureClass
    }
}
