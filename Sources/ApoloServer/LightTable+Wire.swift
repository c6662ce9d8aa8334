import ApoloCore
import NIOCore
import NIOHTTP1

/// What the light table watches of each connection below Hummingbird: whether its client has gone (so a change
/// that waited for the project's lock is not applied for nobody), and whether a request named its target as a
/// whole address (`GET http://host/api/state`), which Hummingbird's conversion would silently turn into a path.
final class ConnectionWatch: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    /// The header the watch sets on a request whose target was not a path; the gate refuses such a request.
    static let formHeader = "X-Apolo-Target-Form"

    private let gone = Locked(false)

    /// True once the client closed its side of the connection, or the connection closed.
    var clientGone: Bool { gone.value }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else { return context.fireChannelRead(data) }
        head.headers.remove(name: Self.formHeader)
        if !head.uri.hasPrefix("/") { head.headers.add(name: Self.formHeader, value: "not-a-path") }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event { gone.withLock { $0 = true } }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        gone.withLock { $0 = true }
        context.fireChannelInactive()
    }

    /// Hummingbird adds its extra handlers after its own conversion to HTTP types; this one puts the watch just
    /// after NIO's HTTP/1 decoder (where the request line is still as sent), then leaves.
    /// The connection's guard (see `ConnectionRegistry`) goes right after the watch.
    final class Installer: ChannelInboundHandler, RemovableChannelHandler, Sendable {
        typealias InboundIn = NIOAny
        let registry: ConnectionRegistry
        let headerSeconds: Int

        init(registry: ConnectionRegistry, headerSeconds: Int) {
            self.registry = registry
            self.headerSeconds = headerSeconds
        }

        func handlerAdded(context: ChannelHandlerContext) {
            let pipeline = context.pipeline.syncOperations
            do {
                let decoder = try pipeline.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self)
                let watch = ConnectionWatch()
                try pipeline.addHandler(watch, position: .after(decoder.handler))
                try pipeline.addHandler(
                    ConnectionGuard(registry: registry, headerSeconds: headerSeconds),
                    position: .after(watch))
            } catch {
                context.close(promise: nil)
            }
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }
}

extension TableContext {
    /// A check of whether this request's client has gone, for a change to make once it holds the lock.
    func clientGone() async -> @Sendable () -> Bool {
        guard let watch = try? await channel.pipeline.handler(type: ConnectionWatch.self).get() else {
            return { false }
        }
        return { watch.clientGone }
    }
}
