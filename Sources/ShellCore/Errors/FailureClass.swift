/// What kind of failure ended a command, so that a script can tell them apart by
/// exit status; the same in batch runs, one-shot `-c` and start-up. `ErrorReport`
/// decides it from an error's case, never from its text.
public enum FailureClass: Sendable, Equatable, CaseIterable {
    /// Anything else: a command that could not do what it was asked (e.g. a name taken).
    case failed
    /// A cluster, container, folder, object or local file that is not there.
    case notFound
    /// Credentials refused, or the server forbids it.
    case permission
    /// The server could not be reached, timed out, failed (5xx) or answered nonsense.
    case unavailable
    /// A bad command line: unknown command or option, a missing or extra argument.
    case usage
    /// Ctrl-C, or a signal.
    case interrupted

    /// The exit status of this class.
    public var exitStatus: Int32 {
        switch self {
        case .failed: ExitStatus.commandFailed
        case .notFound: ExitStatus.notFound
        case .permission: ExitStatus.permission
        case .unavailable: ExitStatus.unavailable
        case .usage: ExitStatus.usage
        case .interrupted: ExitStatus.interrupted
        }
    }

    /// The class of any error a command can throw (see `ErrorReport`).
    public static func of(_ error: any Error) -> FailureClass { ErrorReport(error).failureClass }
}
