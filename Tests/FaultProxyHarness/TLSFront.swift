import Foundation

/// `scripts/tls-front`: a real TLS terminator (haproxy, with the certificate
/// `scripts/tls-server` made) in front of a plain HTTP server of the test's own, such
/// as a `FaultProxy`, so that what the server bends reaches objsh over https. It stops
/// its haproxy when this object goes.
public final class TLSFront {
    /// The port of `https://127.0.0.1:PORT`.
    public var port: Int { server.port }
    private let server: PythonServer

    /// haproxy in front of `127.0.0.1:upstreamPort`, serving the certificate from the
    /// folder of `certificateAuthority` (`OBJSH_TEST_TLS_CA`).
    public init(upstreamPort: Int, certificateAuthority: String) throws {
        let pki = URL(fileURLWithPath: certificateAuthority).deletingLastPathComponent().path
        server = try PythonServer(arguments: [FaultProxy.repositoryRoot + "/scripts/tls-front", pki, String(upstreamPort)])
    }
}
