/// How a store trusts its server and proves itself to it over TLS, beyond the
/// system's trust store (which is always used too).
public struct TLSSettings: Sendable, Equatable {
    /// A PEM file of CA certificates to trust (`cacert`, clouds.yaml's `cacert`, an AWS
    /// profile's `ca_bundle`); nil falls back to the store's variable (`OS_CACERT`, `AWS_CA_BUNDLE`).
    public var caFile: String?
    /// A PEM client certificate for servers that ask for one (`client_cert`, `OS_CERT`).
    public var clientCertificate: String?
    /// Its private key (`client_key`, `OS_KEY`); nil when the certificate's file holds it too.
    public var clientKey: String?

    public init(caFile: String? = nil, clientCertificate: String? = nil, clientKey: String? = nil) {
        self.caFile = caFile
        self.clientCertificate = clientCertificate
        self.clientKey = clientKey
    }
}
