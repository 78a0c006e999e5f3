import NIOCore

/// The last handler of a probe's connection: it settles its promise once, with what a
/// subclass reads from the channel (`settle(_:)`), or with the first error or the close,
/// so the probe that waits on the promise never waits for ever. Used on its channel's
/// event loop only.
class SettlingHandler<In, Value>: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = In
    private let promise: EventLoopPromise<Value>
    private var settled = false

    init(promise: EventLoopPromise<Value>) { self.promise = promise }

    // Declared here, so that subclasses can override them, doing what NIO's defaults do.
    func channelRead(context: ChannelHandlerContext, data: NIOAny) { context.fireChannelRead(data) }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) { context.fireUserInboundEventTriggered(event) }

    func errorCaught(context: ChannelHandlerContext, error: Error) { settle(.failure(error)) }

    func channelInactive(context: ChannelHandlerContext) {
        settle(.failure(ChannelError.ioOnClosedChannel))
        context.fireChannelInactive()
    }

    /// Completes the promise unless it is already: the first word stands.
    final func settle(_ result: Result<Value, Error>) {
        guard !settled else { return }
        settled = true
        promise.completeWith(result)
    }
}
