import Browser
import Clusters
import Foundation
import NameIndex
import Navigation
import Storage
import Sync
import Transfers

/// The one place that turns any error into the one-line message a user reads and the
/// class that decides the exit status, from the error's case, never from its text.
public struct ErrorReport: Sendable {
    public let message: String
    public let failureClass: FailureClass

    public init(_ error: any Error) {
        (message, failureClass) =
            switch error {
            case let error as ShellError: Self.report(error)
            case let error as StorageError: (Self.words(error), Self.kind(error))
            case let error as BrowserError: Self.report(error)
            case let error as TransferError: Self.report(error)
            case let error as ClusterError: Self.report(error)
            case let error as CommandFailure: Self.report(error)
            case let error as ContainerError: (Self.words(error), .failed)
            case let error as NameIndexError: Self.report(error)
            case SyncError.unordered(let name):
                ("the listing gave \(name) out of byte order; nothing can be compared against it", .unavailable)
            case SyncError.differsAfterTransfer(let name, let by):
                ("\(name): still differs from its copy once sent (by \(by)); it changed meanwhile, or bytes were lost", .failed)
            case let error as StreamUploadLeft: Self.report(error)
            case let error as SomeObjectsFailed:
                ("\(error.failed) of \(error.total) names failed", ErrorReport(error.first).failureClass)
            case let error as SyntaxError: Self.report(ShellError.syntax(error))
            case let error as CommandTableMismatch:
                ("internal error: \(error.command) asks for \(error.option), which its row in the command table lacks", .failed)
            case is CancellationError: ("interrupted", .interrupted)
            default: ("unexpected failure: \(Self.typeFree(error))", .failed)
            }
    }

    /// One object of `get -r` or `rm -r` that failed, in words: an error that names its
    /// object or file is told as it is, any other after the object's name.
    static func words(_ failure: ObjectFailure) -> String {
        let message = ErrorReport(failure.error).message
        switch failure.error {
        case is TransferError, StorageError.noSuchObject: return message
        default: return "\(failure.name): \(message)"
        }
    }

    /// A command that acts on many names and went on past failures: how many, and the
    /// first, whose class is the exit status.
    struct SomeObjectsFailed: Error {
        let failed: Int
        let total: Int
        let first: any Error
    }

    static func report(_ error: ShellError) -> (String, FailureClass) {
        switch error {
        case .unknownCommand(let name):
            let suggestion = ShellError.closestCommand(to: name).map { " (did you mean \($0)?)" } ?? ""
            return ("\(name): unknown command\(suggestion); try help", .usage)
        case .syntax(.unterminatedQuote(let quote)): return ("unterminated \(quote) quote", .usage)
        case .syntax(.danglingBackslash): return ("a backslash at the end of the line escapes nothing", .usage)
        case .syntax(.missingRedirectionTarget(let op)): return ("\(op) needs a file name after it", .usage)
        case .syntax(.missingCommand(around: "&")): return ("& needs a command before it", .usage)
        case .syntax(.missingCommand(let op)): return ("\(op) needs a command on each side", .usage)
        case .unavailable(let use):
            return (
                "\(use.rawValue): \(use.feature) are not available yet; to use the character in a name, quote it or write \\\(use.rawValue)", .usage
            )
        case .usage(let spec, let problem): return ("\(spec.name): \(words(problem))\nusage: \(spec.synopsis)", .usage)
        case .cluster(let error):
            let (text, kind) = report(error)
            if case .invalidConfig = error { return (text, kind) }
            return ("cluster: " + text, kind)
        case .failed(let command, let cause):
            let inner = ErrorReport(cause)
            return ("\(command): \(inner.message)", inner.failureClass)
        case .interrupted: return ("interrupted", .interrupted)
        }
    }

    static func words(_ problem: UsageProblem) -> String {
        switch problem {
        case .unknownOption(let word): "unknown option \(word)"
        case .missingValue(let option, let valueName): "\(option) needs a \(valueName)"
        case .missingOperand(let name): "missing \(name)"
        case .tooManyArguments: "too many arguments"
        case .exclusiveOptions(let first, let second): "\(first) and \(second) cannot be given together"
        case .badOptionValue(let option, let accepted): "\(option) takes \(words(accepted))"
        case .badOperand(let name, let accepted): "\(name) must be \(words(accepted))"
        case .standardInputNeedsName: "give the NAME to store standard input as: upload - NAME"
        case .notKeyValue(let word, nil): "\(word) is not KEY=VALUE (-d KEY removes a key)"
        case .notKeyValue(let word, let option?): "\(option) takes KEY=VALUE, not \(word)"
        case .badMetadataKey(let key):
            "\(key.isEmpty ? "''" : key) is not a metadata key: ASCII letters, digits, -, _ and ., at most 128 bytes"
        case .badMetadataValue(let key, nil): "the value of \(key) must be text without control characters (-d \(key) removes the key)"
        case .badMetadataValue(let key, let option?): "\(option) \(key)=: the value must be text without control characters"
        }
    }

    static func words(_ accepted: UsageProblem.Accepted) -> String {
        switch accepted {
        case .number(let range): "a number from \(range.lowerBound) to \(range.upperBound)"
        case .size: "a size such as 64M (K, M, G: powers of 1024)"
        case .contentType: "a content type such as text/plain"
        case .headerValue: "printable ASCII, such as max-age=3600 or STANDARD_IA"
        case .age: "an age such as 30m, 12h, 7d or 2w, or a date such as 2024-06-01"
        case .duration: "a duration such as 90s, 30m, 1h or 7d"
        case .onOrOff: "on or off"
        case .subcommand: "add, test or rm (cluster NAME switches)"
        case .clusterType: "s3, swift or keystone"
        case .aliasName: "letters, digits and _ . + @ % - (not first)"
        }
    }
}

extension ErrorReport {
    /// Why an info pane shows no preview of an object whose facts it shows: not a failure
    /// of the command, so the pane says it where the preview would be.
    static func previewWords(_ error: StorageError) -> String {
        switch error {
        case .noSuchObject: "no preview: the object was deleted after its facts were read"
        case .changed: "no preview: the object changed after its facts were read; refresh shows the new one"
        default: "no preview: \(words(error))"
        }
    }
}
