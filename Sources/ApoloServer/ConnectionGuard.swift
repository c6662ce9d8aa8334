import ApoloCore
import NIOCore
import NIOHTTP1

/// Which connections the light table holds: every connection is accepted (none waits in the kernel's queue behind
/// a flood), and when there are more than the limits allow the oldest that is not being answered is closed.
/// A connection is "being answered" from the end of its request's headers to the end of the response; before
/// that, and between requests, it can be closed at no cost (a browser opens another).
/// Without it, 1,100 idle connections held the page's first answer for 119.5 s.
final class ConnectionRegistry: Sendable {
    struct Entry {
        let channel: any Channel
        let peer: String
        let order: Int
        var busy: Bool
    }

    private let state = Watched<State>(State())
    let limit: Int
    let perPeer: Int

    struct State: Sendable {
        var entries: [ObjectIdentifier: Entry] = [:]
        var next = 0
    }

    init(limit: Int, perPeer: Int) {
        self.limit = max(1, limit)
        self.perPeer = max(1, min(perPeer, limit))
    }

    /// Holds `channel`; returns the connections to close for it (the oldest idle ones, or the new one itself when
    /// every other is being answered).
    func admit(_ channel: any Channel) -> [any Channel] {
        let peer = channel.remoteAddress?.ipAddress ?? "?"
        return state.withLock { state in
            var closing: [any Channel] = []
            let samePeer = state.entries.values.filter { $0.peer == peer }.count
            if samePeer >= perPeer {
                guard let victim = Self.oldestIdle(state.entries, peer: peer) else { return [channel] }
                state.entries[ObjectIdentifier(victim)] = nil
                closing.append(victim)
            }
            if state.entries.count >= limit {
                guard let victim = Self.oldestIdle(state.entries, peer: nil) else { return closing + [channel] }
                state.entries[ObjectIdentifier(victim)] = nil
                closing.append(victim)
            }
            let entry = Entry(channel: channel, peer: peer, order: state.next, busy: false)
            state.entries[ObjectIdentifier(channel)] = entry
            state.next += 1
            return closing
        }
    }

    private static func oldestIdle(_ entries: [ObjectIdentifier: Entry], peer: String?) -> (any Channel)? {
        entries.values.filter { !$0.busy && (peer == nil || $0.peer == peer) }.min { $0.order < $1.order }?.channel
    }

    /// Marks a connection as being answered (or not).
    func answering(_ channel: any Channel, _ busy: Bool) {
        state.withLock { $0.entries[ObjectIdentifier(channel)]?.busy = busy }
    }

    func remove(_ channel: any Channel) { state.withLock { $0.entries[ObjectIdentifier(channel)] = nil } }

    /// Connections held now.
    var count: Int { state.value.entries.count }
    /// How many connections were ever admitted.
    var admitted: Int { state.value.next }

    /// Waits until `holds` is true of the connections held and the number ever admitted, at most `seconds`
    /// (what a test waits on: a connection seen, or gone); false when it never was.
    func wait(seconds: Double = 10, until holds: (_ held: Int, _ admitted: Int) -> Bool) -> Bool {
        state.wait(seconds: seconds) { holds($0.entries.count, $0.next) }
    }
}

/// One connection's part in the registry, and its header deadline: a request's headers must be whole within
/// `headerSeconds` of the connection's start or of the previous response, however slowly they trickle in
/// (a slowloris sends a byte every few seconds and is never idle).
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let registry: ConnectionRegistry
    private let headerSeconds: Int64
    private var deadline: Scheduled<Void>?
    private var admitted = false
    private var pending = 0  // requests whose headers arrived and whose response has not ended (pipelining)

    init(registry: ConnectionRegistry, headerSeconds: Int) {
        self.registry = registry
        self.headerSeconds = Int64(max(1, headerSeconds))
    }

    func handlerAdded(context: ChannelHandlerContext) { if context.channel.isActive { admit(context) } }

    func channelActive(context: ChannelHandlerContext) {
        admit(context)
        context.fireChannelActive()
    }

    private func admit(_ context: ChannelHandlerContext) {
        guard !admitted else { return }
        admitted = true
        for victim in registry.admit(context.channel) { victim.close(promise: nil) }
        arm(context)
    }

    private func arm(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: .seconds(headerSeconds)) { channel.close(promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            deadline?.cancel()
            deadline = nil
            pending += 1
            registry.answering(context.channel, true)
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            pending = max(0, pending - 1)
            if pending == 0 {
                registry.answering(context.channel, false)
                arm(context)
            }
        }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        registry.remove(context.channel)
        context.fireChannelInactive()
    }
}
