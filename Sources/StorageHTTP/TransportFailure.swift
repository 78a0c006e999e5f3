import AsyncHTTPClient
import Glibc
import NIOCore
import NIOHTTP1
import NIOPosix
import Storage

/// What a failed HTTP exchange means for the user, and whether another try may help.
package struct TransportFailure: Error {
    package var error: StorageError
    /// A connection that broke after it was made (reset, closed, an answer cut short)
    /// may work the next time; a refused connection or a timeout already took its
    /// time, and an answer that is not HTTP would come again, so those are reported at once.
    package var isRetryable: Bool

    /// The failure in a few words, for the retry line of `--debug`.
    package var reason: String {
        switch error {
        case .unreachable(let message), .timedOut(let message), .invalidResponse(let message), .io(let message): message
        default: "\(error)"
        }
    }

    /// Classifies an error thrown by the HTTP client for a request to `target` (`host:port`);
    /// a TLS failure names `caVariable` as the way to trust the server's CA.
    package static func classify(
        _ error: Error, target: String, readTimeout: Double, connectTimeout: Double,
        caVariable: String = "SSL_CERT_FILE"
    ) -> TransportFailure {
        if let failure = error as? TransportFailure { return failure }
        if let storage = error as? StorageError { return TransportFailure(error: storage, isRetryable: false) }
        if error is CancellationError { return TransportFailure(error: .cancelled, isRetryable: false) }
        if error is UploadStalled {
            return TransportFailure(error: .timedOut("\(target) took no bytes of the request for \(seconds(readTimeout))"), isRetryable: false)
        }
        if let client = error as? HTTPClientError {
            return classify(client, target: target, readTimeout: readTimeout, connectTimeout: connectTimeout)
        }
        if let reason = TLSFailureReason.of(error) {
            return TransportFailure(error: .tls(TLSRefusal(host: target, reason: reason, caVariable: caVariable)), isRetryable: false)
        }
        if let connection = error as? NIOConnectionError {
            if connection.dnsAError != nil && connection.dnsAAAAError != nil && connection.connectionErrors.isEmpty {
                return TransportFailure(error: .unreachable("cannot connect to \(target): host name not found"), isRetryable: false)
            }
            if let first = connection.connectionErrors.first {
                return classify(
                    first.error, target: target, readTimeout: readTimeout, connectTimeout: connectTimeout,
                    caVariable: caVariable)
            }
        }
        if let parser = error as? HTTPParserError { return classify(parser, target: target) }
        if let io = error as? IOError { return classify(errno: io.errnoCode, target: target) }
        if let channel = error as? ChannelError, case .connectTimeout = channel {
            return TransportFailure(error: .timedOut("cannot connect to \(target) within \(seconds(connectTimeout))"), isRetryable: false)
        }
        // Not known to be a network failure, so not called one.
        return TransportFailure(error: .io("request to \(target) failed: \(error)"), isRetryable: false)
    }

    /// The server's bytes broke off (a body cut short) or were not HTTP at all.
    private static func classify(_ error: HTTPParserError, target: String) -> TransportFailure {
        switch error {
        case .invalidEOFState, .closedConnection:
            return TransportFailure(error: .unreachable("\(target) closed the connection in the middle of an answer"), isRetryable: true)
        case .invalidHeaderToken:
            return TransportFailure(
                error: .invalidResponse("\(target) sent a header that is not valid HTTP (\(error))"),
                isRetryable: false)
        default:
            return TransportFailure(
                error: .invalidResponse("\(target) sent an answer that is not valid HTTP (\(error))"),
                isRetryable: false)
        }
    }

    private static func classify(_ error: HTTPClientError, target: String, readTimeout: Double, connectTimeout: Double) -> TransportFailure {
        switch error {
        case .readTimeout:
            return TransportFailure(error: .timedOut("\(target) sent nothing for \(seconds(readTimeout))"), isRetryable: false)
        case .writeTimeout:
            return TransportFailure(error: .timedOut("\(target) took no bytes of the request for \(seconds(readTimeout))"), isRetryable: false)
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
            return TransportFailure(error: .io("request to \(target) failed: \(error)"), isRetryable: false)
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
            let reason = LocalProblem.systemReason(code).lowercased()
            return TransportFailure(error: .unreachable("cannot connect to \(target): \(reason)"), isRetryable: false)
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
