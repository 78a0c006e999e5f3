import AsyncHTTPClient
import Glibc
import NIOCore
import NIOPosix
import Storage

/// What a failed HTTP exchange means for the user, and whether another try may help.
struct TransportFailure: Error {
    var error: StorageError
    /// A connection that broke after it was made (reset, closed) may work the next time;
    /// a refused connection or a timeout already took its time and is reported at once.
    var isRetryable: Bool

    /// Classifies an error thrown by the HTTP client for a request to `target` (`host:port`).
    static func classify(_ error: Error, target: String, readTimeout: Double, connectTimeout: Double) -> TransportFailure {
        if let failure = error as? TransportFailure { return failure }
        if let storage = error as? StorageError { return TransportFailure(error: storage, isRetryable: false) }
        if error is CancellationError { return TransportFailure(error: .cancelled, isRetryable: false) }
        if let client = error as? HTTPClientError {
            return classify(client, target: target, readTimeout: readTimeout, connectTimeout: connectTimeout)
        }
        if let connection = error as? NIOConnectionError {
            if connection.dnsAError != nil && connection.dnsAAAAError != nil && connection.connectionErrors.isEmpty {
                return TransportFailure(error: .unreachable("cannot connect to \(target): host name not found"), isRetryable: false)
            }
            if let first = connection.connectionErrors.first {
                return classify(first.error, target: target, readTimeout: readTimeout, connectTimeout: connectTimeout)
            }
        }
        if let io = error as? IOError { return classify(errno: io.errnoCode, target: target) }
        if let channel = error as? ChannelError, case .connectTimeout = channel {
            return TransportFailure(error: .timedOut("cannot connect to \(target) within \(seconds(connectTimeout))"), isRetryable: false)
        }
        return TransportFailure(error: .unreachable("request to \(target) failed: \(error)"), isRetryable: false)
    }

    private static func classify(_ error: HTTPClientError, target: String, readTimeout: Double, connectTimeout: Double) -> TransportFailure {
        switch error {
        case .readTimeout:
            return TransportFailure(error: .timedOut("\(target) sent nothing for \(seconds(readTimeout))"), isRetryable: false)
        case .connectTimeout:
            return TransportFailure(error: .timedOut("cannot connect to \(target) within \(seconds(connectTimeout))"), isRetryable: false)
        case .deadlineExceeded:
            return TransportFailure(error: .timedOut("the request to \(target) took too long"), isRetryable: false)
        case .cancelled, .requestStreamCancelled:
            return TransportFailure(error: .cancelled, isRetryable: false)
        case .remoteConnectionClosed:
            return TransportFailure(error: .unreachable("\(target) closed the connection"), isRetryable: true)
        case .bodyLengthMismatch:
            return TransportFailure(error: .io("the local file changed size while it was sent"), isRetryable: false)
        default:
            return TransportFailure(error: .unreachable("request to \(target) failed: \(error)"), isRetryable: false)
        }
    }

    private static func classify(errno code: Int32, target: String) -> TransportFailure {
        switch code {
        case ECONNREFUSED:
            return TransportFailure(error: .unreachable("cannot connect to \(target): connection refused"), isRetryable: false)
        case ECONNRESET, EPIPE, ECONNABORTED:
            return TransportFailure(error: .unreachable("\(target) reset the connection"), isRetryable: true)
        case ETIMEDOUT:
            return TransportFailure(error: .timedOut("cannot connect to \(target): timed out"), isRetryable: false)
        default:
            let reason = String(cString: strerror(code)).lowercased()
            return TransportFailure(error: .unreachable("cannot connect to \(target): \(reason)"), isRetryable: false)
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
