import AsyncHTTPClient
import Endpoints
import Foundation
import NIOCore
import NIOSSL
import Storage
import Synchronization

/// The one place a store's `HTTPClient`s are built: their timeouts, their TLS trust
/// and client certificate, their proxy, and what the user should hear about them,
/// the same for every HTTP store.
///
/// One `HTTPClient` has one proxy, and a store's hosts may be decided differently
/// (Keystone direct by `NO_PROXY`, the storage URL through the proxy), so there is
/// one client per decision, made at the first request that needs it and kept.
package final class StoreHTTPClient: Sendable {
    /// Things the user should hear about before the first command, e.g. TLS checks turned off.
    package let warnings: [String]
    /// The variable that names a CA file for this kind of store (`OS_CACERT`, `AWS_CA_BUNDLE`).
    package let caVariable: String
    private let configuration: HTTPClient.Configuration
    private let proxySetting: String?
    private let environment: [String: String]
    private let clients = Mutex<[ProxyServer?: HTTPClient]>([:])

    /// Clients for cluster `name`. `insecure` turns certificate checks off (and says
    /// so in `warnings`); redirects are left to `HTTPExchange` (see `RedirectPolicy`). The
    /// server is trusted by the system's store plus `tls.caFile` (else `caVariable`'s
    /// file) plus `SSL_CERT_FILE` and `SSL_CERT_DIR`, read from `environment`, which
    /// also gives the proxy variables that `proxy` (the cluster's setting) does not override.
    package init(
        cluster name: String, options: HTTPStoreOptions, insecure: Bool, tls: TLSSettings = TLSSettings(),
        proxy: String? = nil, caVariable: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        // The idle limit holds both ways: a server that stops reading an upload stalls it too.
        let idle = TimeAmount.milliseconds(Int64(options.readTimeout * 1000))
        var configuration = HTTPClient.Configuration(
            timeout: .init(connect: .milliseconds(Int64(options.connectTimeout * 1000)), read: idle, write: idle))
        // A refused connection would otherwise be retried until the deadline; our own policy decides.
        configuration.connectionPool.retryConnectionEstablishment = false
        // AsyncHTTPClient keeps 8 a host by default; a transfer of many small objects runs more at once.
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = ServerLoad.connectionsPerHost
        // The client would send most headers, credentials among them, to any host a server names.
        configuration.redirectConfiguration = .disallow
        var warnings: [String] = []
        var trust = try TLSTrust.configuration(tls, caVariable: caVariable, environment: environment)
        if insecure {
            trust.certificateVerification = .none
            warnings.append("objsh: warning: cluster \(name): TLS certificates are not verified (insecure)")
        }
        configuration.tlsConfiguration = trust
        self.configuration = configuration
        self.warnings = warnings
        self.caVariable = caVariable
        self.proxySetting = proxy
        self.environment = environment
    }

    /// The client for a request to `url`, and the proxy it goes through (nil: direct).
    package func client(for url: String) throws -> (client: HTTPClient, proxy: ProxyServer?) {
        let proxy: ProxyServer?
        switch ProxyChoice.choose(for: url, setting: proxySetting, environment: environment) {
        case .direct: proxy = nil
        case .via(let server): proxy = server
        case .invalid(let setting):
            throw StorageError.proxy(ProxyRefusal(proxy: "", target: HTTPExchange.target(of: url), reason: .unusableSetting(setting)))
        }
        return clients.withLock { made in
            if let client = made[proxy] { return (client, proxy) }
            var configuration = configuration
            configuration.proxy = proxy.map(Self.configuration)
            let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            made[proxy] = client
            return (client, proxy)
        }
    }

    /// Closes every client's connections; no request can be sent afterwards.
    package func shutdown() async {
        for client in clients.withLock({ Array($0.values) }) { try? await client.shutdown() }
    }

    /// The client's form of `proxy`; credentials go as `Proxy-Authorization: Basic`.
    private static func configuration(_ proxy: ProxyServer) -> HTTPClient.Configuration.Proxy {
        switch proxy.kind {
        case .socks5: return .socksServer(host: proxy.host, port: proxy.port)
        case .http:
            let authorization = proxy.user.map { HTTPClient.Authorization.basic(username: $0, password: proxy.password ?? "") }
            return .server(host: proxy.host, port: proxy.port, authorization: authorization)
        }
    }
}
