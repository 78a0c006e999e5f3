import AsyncHTTPClient
import Endpoints
import Foundation
import NIOCore
import NIOSSL
import Storage

/// The one place a store's `HTTPClient` is built: its timeouts, its TLS trust and
/// client certificate, and what the user should hear about them, the same for every HTTP store.
package struct StoreHTTPClient: Sendable {
    package let client: HTTPClient
    /// Things the user should hear about before the first command, e.g. TLS checks turned off.
    package let warnings: [String]
    /// The variable that names a CA file for this kind of store (`OS_CACERT`, `AWS_CA_BUNDLE`).
    package let caVariable: String

    /// A client for cluster `name`. `insecure` turns certificate checks off (and says
    /// so in `warnings`); `followsRedirects` false leaves a 3xx to the store. The
    /// server is trusted by the system's store plus `tls.caFile` (else `caVariable`'s
    /// file) plus `SSL_CERT_FILE` and `SSL_CERT_DIR`, read from `environment`.
    package init(
        cluster name: String, options: HTTPStoreOptions, insecure: Bool, tls: TLSSettings = TLSSettings(),
        caVariable: String, environment: [String: String] = ProcessInfo.processInfo.environment,
        followsRedirects: Bool = true
    ) throws {
        // The idle limit holds both ways: a server that stops reading an upload stalls it too.
        let idle = TimeAmount.milliseconds(Int64(options.readTimeout * 1000))
        var configuration = HTTPClient.Configuration(
            timeout: .init(connect: .milliseconds(Int64(options.connectTimeout * 1000)), read: idle, write: idle))
        // A refused connection would otherwise be retried until the deadline; our own policy decides.
        configuration.connectionPool.retryConnectionEstablishment = false
        if !followsRedirects { configuration.redirectConfiguration = .disallow }
        var warnings: [String] = []
        var trust = try TLSTrust.configuration(tls, caVariable: caVariable, environment: environment)
        if insecure {
            trust.certificateVerification = .none
            warnings.append("objsh: warning: cluster \(name): TLS certificates are not verified (insecure)")
        }
        configuration.tlsConfiguration = trust
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        self.warnings = warnings
        self.caVariable = caVariable
    }
}
