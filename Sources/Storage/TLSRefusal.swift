/// Why a TLS connection failed, as data: the words and the exit class are chosen
/// from the reason where errors become text, never from a message.
public struct TLSRefusal: Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// The certificate is signed by an authority the client does not trust.
        case unknownAuthority
        /// The certificate's validity ended.
        case expired
        /// The certificate's validity has not begun (often a wrong clock).
        case notYetValid
        /// The certificate names other hosts than the one in the URL.
        case wrongHost
        /// The server asked for a client certificate and got none it accepts.
        case clientCertificateRefused
        /// What answered does not speak TLS (a plain HTTP server on an https URL).
        case notTLS
        /// Another handshake failure, in the TLS library's words.
        case handshake(String)
    }

    /// `host:port` of the server.
    public var host: String
    public var reason: Reason
    /// The environment variable that names a CA file for this kind of cluster
    /// (`OS_CACERT`, `AWS_CA_BUNDLE`), for the message that says how to trust it.
    public var caVariable: String

    public init(host: String, reason: Reason, caVariable: String) {
        self.host = host
        self.reason = reason
        self.caVariable = caVariable
    }

    /// Whether one side refused to trust the other (fixed by a trust setting: a
    /// permission failure), rather than the server not serving TLS (unavailable).
    public var isTrustRefusal: Bool {
        switch reason {
        case .unknownAuthority, .expired, .notYetValid, .wrongHost, .clientCertificateRefused: true
        case .notTLS, .handshake: false
        }
    }
}
