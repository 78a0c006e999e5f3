import AsyncHTTPClient
import NIOCore
import NIOSSL

/// The one place a store's `HTTPClient` is built: its timeouts, its TLS checks and
/// what the user should hear about them, the same for every HTTP store.
package struct StoreHTTPClient: Sendable {
    package let client: HTTPClient
    /// Things the user should hear about before the first command, e.g. TLS checks turned off.
    package let warnings: [String]

    /// A client for cluster `name`. `insecure` turns certificate checks off (and says
    /// so in `warnings`); `followsRedirects` false leaves a 3xx to the store.
    package init(cluster name: String, options: HTTPStoreOptions, insecure: Bool, followsRedirects: Bool = true) {
        // The idle limit holds both ways: a server that stops reading an upload stalls it too.
        let idle = TimeAmount.milliseconds(Int64(options.readTimeout * 1000))
        var configuration = HTTPClient.Configuration(
            timeout: .init(connect: .milliseconds(Int64(options.connectTimeout * 1000)), read: idle, write: idle))
        // A refused connection would otherwise be retried until the deadline; our own policy decides.
        configuration.connectionPool.retryConnectionEstablishment = false
        if !followsRedirects { configuration.redirectConfiguration = .disallow }
        var warnings: [String] = []
        if insecure {
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.certificateVerification = .none
            configuration.tlsConfiguration = tls
            warnings.append("objsh: warning: cluster \(name): TLS certificates are not verified (insecure)")
        }
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        self.warnings = warnings
    }
}
