import AsyncHTTPClient
import Endpoints
import NIOCore
import NIOHTTP1
import NIOPosix

/// Tells how a proxy answered a request for a tunnel: the HTTP client reports only
/// that the answer to `CONNECT` was neither 200 nor 407, so the request is made once
/// more by hand and its status read (tinyproxy, for one, answers wrong credentials
/// with 401, and a proxy that does not open a port with 403).
enum ProxyProbe {
    /// The status `proxy` answers to `CONNECT target`; nil when it gives none.
    static func status(of proxy: ProxyServer, target: String, timeout: Double) async -> Int? {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let answered = loop.makePromise(of: Int.self)
        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(.milliseconds(Int64(timeout * 1000)))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(HTTPRequestEncoder())
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(HTTPResponseDecoder()))
                    try channel.pipeline.syncOperations.addHandler(StatusReader(promise: answered))
                }
            }
        guard let channel = try? await bootstrap.connect(host: proxy.host, port: proxy.port).get() else {
            answered.fail(ChannelError.ioOnClosedChannel)
            return nil
        }
        defer { channel.close(promise: nil) }
        var head = HTTPRequestHead(version: .http1_1, method: .CONNECT, uri: target)
        head.headers.add(name: "Host", value: target)
        if let user = proxy.user {
            let authorization = HTTPClient.Authorization.basic(username: user, password: proxy.password ?? "")
            head.headers.add(name: "Proxy-Authorization", value: authorization.headerValue)
        }
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        // A proxy that never answers is given the connect timeout; closing settles the promise.
        let timer = loop.scheduleTask(in: .milliseconds(Int64(timeout * 1000))) { channel.close(promise: nil) }
        defer { timer.cancel() }
        return try? await answered.futureResult.get()
    }

    /// Completes its promise with the first response head's status, or fails it on
    /// an error or close.
    private final class StatusReader: SettlingHandler<HTTPClientResponsePart, Int>, @unchecked Sendable {
        override func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            if case .head(let head) = unwrapInboundIn(data) { settle(.success(Int(head.status.code))) }
        }
    }
}
