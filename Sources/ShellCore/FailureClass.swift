import Browser
import Clusters
import Storage
import Transfers

/// What kind of failure ended a command, so that a script can tell them apart by
/// exit status; the same in batch runs, one-shot `-c` and start-up.
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

    /// The class of any error a command can throw.
    public static func of(_ error: any Error) -> FailureClass {
        switch error {
        case let error as ShellError: error.failureClass
        case let error as StorageError: of(error)
        case let error as BrowserError: of(error)
        case let error as TransferError: of(error)
        case let error as ClusterError: of(error)
        case is CancellationError: .interrupted
        default: .failed
        }
    }

    static func of(_ error: StorageError) -> FailureClass {
        switch error {
        case .noSuchContainer, .noSuchObject: .notFound
        case .unauthorized: .permission
        case .server(let status, _) where status == 401 || status == 403: .permission
        case .server(404, _): .notFound
        case .tls(let refusal): refusal.isTrustRefusal ? .permission : .unavailable
        case .server, .unreachable, .timedOut, .invalidResponse: .unavailable
        case .cancelled: .interrupted
        case .unreadableFile(_, let reason) where reason.contains("no such"): .notFound
        case .containerExists, .invalidName, .unreadableFile, .checksumMismatch, .changed, .containerNotEmpty,
             .unsupported, .io: .failed
        }
    }

    static func of(_ error: BrowserError) -> FailureClass {
        switch error {
        case .notFound, .notAResult: .notFound
        case .storage(let error): of(error)
        case .invalidPath: .usage
        case .notAFolder, .atRoot, .needsContainer, .notSearching: .failed
        }
    }

    static func of(_ error: TransferError) -> FailureClass {
        switch error {
        case .interrupted: .interrupted
        case .exists, .local, .corrupt, .unsafeName, .someFailed: .failed
        }
    }

    static func of(_ error: ClusterError) -> FailureClass {
        switch error {
        case .unknown, .notADirectory: .notFound
        case .invalidConfig: .usage
        }
    }
}
