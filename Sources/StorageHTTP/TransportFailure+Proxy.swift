import AsyncHTTPClient
import Endpoints
import Glibc
import NIOCore
import NIOPosix
import Storage

extension TransportFailure {
    /// The failure of a request sent through `proxy`, when it is the proxy's: a
    /// connection to it not made, a CONNECT it refused or left unanswered, credentials
    /// it wanted. Nil for anything else (a TLS refusal by the server through the tunnel).
    static func proxyFailure(_ error: Error, proxy: ProxyServer, target: String, connectTimeout: Double) -> TransportFailure? {
        func refusal(_ reason: ProxyRefusal.Reason) -> TransportFailure {
            TransportFailure(error: .proxy(ProxyRefusal(proxy: proxy.redacted, target: target, reason: reason)), isRetryable: false)
        }
        switch error {
        case let client as HTTPClientError:
            switch client {
            case .proxyAuthenticationRequired:
                return refusal(.authenticationRequired(credentialsGiven: proxy.user != nil || proxy.password != nil))
            case .invalidProxyResponse: return refusal(.tunnelRefused(status: nil))
            case .httpProxyHandshakeTimeout, .socksHandshakeTimeout: return refusal(.unreachable("no answer to the request for a tunnel"))
            case .connectTimeout: break
            default: return nil
            }
        case is NIOConnectionError: break
        case let io as IOError where [ECONNREFUSED, ETIMEDOUT, EHOSTUNREACH, ENETUNREACH].contains(io.errnoCode): break
        case ChannelError.connectTimeout: break
        default: return nil
        }
        // A connection that was never made is the one to the proxy: the server is reached through it.
        let direct = classify(error, target: proxy.address, readTimeout: connectTimeout, connectTimeout: connectTimeout)
        return refusal(.unreachable(direct.reason))
    }
}

extension HTTPExchange {
    /// The failure of a request sent through `proxy`, when it is the proxy's. The client
    /// does not say how the proxy refused a tunnel, so the proxy is asked once more:
    /// 401 (tinyproxy's answer to wrong credentials) and 407 are about credentials.
    func proxyFailure(_ error: Error, url: String, proxy: ProxyServer) async -> TransportFailure? {
        let target = Self.target(of: url)
        guard var failure = TransportFailure.proxyFailure(error, proxy: proxy, target: target, connectTimeout: options.connectTimeout)
        else { return nil }
        if case .proxy(var refusal) = failure.error, case .tunnelRefused(status: nil) = refusal.reason {
            let status = await ProxyProbe.status(of: proxy, target: target, timeout: options.connectTimeout)
            let credentialsGiven = proxy.user != nil || proxy.password != nil
            refusal.reason =
                status == 401 || status == 407 ? .authenticationRequired(credentialsGiven: credentialsGiven) : .tunnelRefused(status: status)
            failure.error = .proxy(refusal)
        }
        return failure
    }
}
