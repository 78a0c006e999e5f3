import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
import Storage

/// Tells why a server's certificate chain failed its check: BoringSSL reports only
/// that it failed, so the certificate is fetched once more without checks, and its
/// dates decide between expired, not yet valid and an unknown authority.
enum CertificateProbe {
    static func reason(host: String, port: Int, timeout: Double) async -> TLSRefusal.Reason {
        guard let certificate = await leafCertificate(host: host, port: port, timeout: timeout) else { return .unknownAuthority }
        let now = time_t(Date().timeIntervalSince1970)
        if certificate.notValidAfter < now { return .expired }
        if certificate.notValidBefore > now { return .notYetValid }
        return .unknownAuthority
    }

    /// The certificate `host:port` presents, read without verifying it; nil on any failure.
    private static func leafCertificate(host: String, port: Int, timeout: Double) async -> NIOSSLCertificate? {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        guard let context = try? NIOSSLContext(configuration: configuration) else { return nil }
        let serverName = host.first?.isLetter == true ? host : nil  // SNI takes names, not addresses
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let handshake = loop.makePromise(of: Void.self)
        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(.milliseconds(Int64(timeout * 1000)))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: context, serverHostname: serverName))
                    try channel.pipeline.syncOperations.addHandler(HandshakeWaiter(promise: handshake))
                }
            }
        guard let channel = try? await bootstrap.connect(host: host, port: port).get() else {
            handshake.fail(ChannelError.ioOnClosedChannel)
            return nil
        }
        defer { channel.close(promise: nil) }
        guard (try? await handshake.futureResult.get()) != nil else { return nil }
        return try? await channel.nioSSL_peerCertificate().get()
    }

    /// Completes its promise once: done when the TLS handshake is, failed on an error or close.
    private final class HandshakeWaiter: SettlingHandler<ByteBuffer, Void>, @unchecked Sendable {
        override func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if case .handshakeCompleted = event as? TLSUserEvent { settle(.success(())) }
            context.fireUserInboundEventTriggered(event)
        }
    }
}
