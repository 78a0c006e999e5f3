import NIOSSL
import Storage

/// Reads a TLS library error as a `TLSRefusal.Reason`: from BoringSSL's error codes
/// and NIOSSL's typed errors, never from their wording.
enum TLSFailureReason {
    /// What `error` says about the TLS connection; `.unknownAuthority` also stands for
    /// any failed chain check, which `CertificateProbe` then tells apart. Nil when the
    /// error is not a TLS one.
    static func of(_ error: Error) -> TLSRefusal.Reason? {
        if let extra = error as? NIOSSLExtraError, extra == .failedToValidateHostname { return .wrongHost }
        // TLS 1.3 checks the client's certificate after the handshake: the refusal comes on the first read.
        if let boring = error as? BoringSSLError { return of(boring) }
        guard let tls = error as? NIOSSLError else { return nil }
        switch tls {
        case .handshakeFailed(let boring), .shutdownFailed(let boring): return of(boring)
        case .uncleanShutdown: return nil
        default: return .handshake("\(tls)")
        }
    }

    private static func of(_ boring: BoringSSLError) -> TLSRefusal.Reason {
        guard case .sslError(let stack) = boring else { return .handshake("\(boring)") }
        for entry in stack {
            switch sslReason(entry) {
            case certificateVerifyFailed: return .unknownAuthority
            case wrongVersionNumber, recordTooLarge, httpRequest: return .notTLS
            case alertCertificateRequired, alertBadCertificate: return .clientCertificateRefused
            default: continue
            }
        }
        return .handshake(stack.map(\.description).joined(separator: "; "))
    }

    // BoringSSL's reason codes of the SSL library (ssl.h), packed as (library << 24) | reason.
    static let libSSL: UInt32 = 16
    static let certificateVerifyFailed: UInt32 = 125
    static let httpRequest: UInt32 = 156
    static let recordTooLarge: UInt32 = 200
    static let wrongVersionNumber: UInt32 = 247
    static let alertBadCertificate: UInt32 = 1042
    static let alertCertificateRequired: UInt32 = 1116

    /// The SSL-library reason code of one BoringSSL error: NIOSSL keeps the packed code
    /// private and shows it as the number after `Error: ` in its description.
    static func sslReason(_ error: BoringSSLInternalError) -> UInt32? {
        let text = error.description
        guard text.hasPrefix("Error: ") else { return nil }
        let digits = text.dropFirst("Error: ".count).prefix { $0.isNumber }
        guard let code = UInt32(digits), code >> 24 == libSSL else { return nil }
        return code & 0xFFF
    }
}
