import ApoloCore
import Foundation

/// Password guesses on shares' links: slow enough that guessing is hopeless, and never a way to lock the client out.
///
/// An address (an IPv6 one by its /64, what one host is given) may try a link's password 5 times in 15 minutes.
/// Past 20 wrong guesses on a link in 15 minutes, an address that already guessed wrong there must wait, but one
/// that did not still has its try: a stranger with the link cannot keep the client from opening it. A try is
/// counted before the slow check and given back when the password was right, so concurrent guesses are counted
/// as they arrive, never checked past the limit.
final class Guesses: Sendable {
    static let perAddress = 5
    static let perLink = 20
    static let window = 15 * 60.0
    /// Addresses, links and pairs remembered at most; past it the entries with no guess left in the window are
    /// forgotten, then if need be the oldest, down to three quarters of it (so that forgetting is seldom).
    static let maxKeys = 10_000

    /// A try reserved: the keys it was counted under, and when.
    struct Ticket: Sendable {
        let keys: [String]
        let at: Double
    }

    private let tries = Locked([String: [Double]]())
    private let clock: @Sendable () -> Double

    init(clock: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }) {
        self.clock = clock
    }

    /// Counts a try of link `link`'s password from `address`, or answers the whole seconds to wait first.
    func reserve(link: Int, address: String) -> Result<Ticket, Wait> {
        let now = clock(), host = Self.host(address)
        let keys = ["address:\(host)", "link:\(link)", "pair:\(link):\(host)"]
        return tries.withLock { all in
            let recent = keys.map { key in (all[key] ?? []).filter { now - $0 < Self.window } }
            var until: Double?
            if recent[0].count >= Self.perAddress { until = recent[0][0] }
            if recent[1].count >= Self.perLink, let first = recent[2].first { until = min(until ?? first, first) }
            if let until { return .failure(Wait(seconds: max(1, Int((until + Self.window - now).rounded(.up))))) }
            for (key, times) in zip(keys, recent) { all[key] = times + [now] }
            if all.count > Self.maxKeys { Self.forget(&all, now: now, keeping: keys) }
            return .success(Ticket(keys: keys, at: now))
        }
    }

    /// Ends a try: a right password gives it back, a wrong one stays counted.
    func settle(_ ticket: Ticket, right: Bool) {
        guard right else { return }
        tries.withLock { all in
            for key in ticket.keys {
                if let at = all[key]?.lastIndex(of: ticket.at) { all[key]?.remove(at: at) }
            }
        }
    }

    struct Wait: Error {
        let seconds: Int
    }

    static func forget(_ all: inout [String: [Double]], now: Double, keeping: [String]) {
        all = all.filter { now - ($0.value.last ?? 0) < window }
        guard all.count > maxKeys * 3 / 4 else { return }
        let oldest = all.filter { !keeping.contains($0.key) }.sorted { ($0.value.last ?? 0) < ($1.value.last ?? 0) }
        for (key, _) in oldest.prefix(all.count - maxKeys * 3 / 4) { all[key] = nil }
    }

    /// An address as one host: an IPv6 address by its first 64 bits, anything else as it is.
    static func host(_ address: String) -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        guard address.contains(":"), inet_pton(AF_INET6, address, &bytes) == 1 else { return address }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 255, bytes[11] == 255 {  // an IPv4 address as IPv6
            return bytes[12...].map { String($0) }.joined(separator: ".")
        }
        return bytes[0..<8].map { String(format: "%02x", $0) }.joined() + "::/64"
    }

    /// How many keys are remembered.
    var count: Int { tries.value.count }
}
