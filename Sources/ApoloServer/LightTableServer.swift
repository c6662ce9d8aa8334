import Foundation
import Hummingbird
import Logging

/// Runs the light table until Ctrl-C (or SIGTERM) stops it cleanly.
public enum LightTableServer {
    /// Binds `host:port` (0: a free port), then calls `ready` with the bound port and serves until stopped.
    /// Only requests naming this address in their Host header are answered (see `LightTable.gate`).
    public static func run(_ table: LightTable, host: String, port: Int, ready: @escaping @Sendable (Int) -> Void) throws {
        var logger = Logger(label: "apolo.serve") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .error
        let app = Application(
            responder: CallbackResponder<BasicRequestContext>(callback: table.respond),
            configuration: .init(address: .hostname(host, port: port), serverName: "apolo"),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                table.allowed.set(LightTable.hosts(listen: host, port: bound))
                ready(bound)
            },
            logger: logger)
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        Task {
            do { try await app.runService() } catch { outcome.error = error }
            done.signal()
        }
        done.wait()
        if let error = outcome.error { throw ServerError.cannotListen("\(host):\(port)", reason(error)) }
    }

    /// A failure to bind in words: the errno NIO reports, never its own text.
    static func reason(_ error: Error) -> String {
        let text = "\(error)"
        if let range = text.range(of: "errno: "), let code = Int32(text[range.upperBound...].prefix { $0.isNumber }) {
            return String(cString: strerror(code)).lowercased()
        }
        return "the address cannot be used here"
    }

    private final class Outcome: @unchecked Sendable {
        var error: Error?
    }
}

/// The `host:port` values requests may name, set once the port is bound.
public final class AllowedHosts: @unchecked Sendable {
    private let lock = NSLock()
    private var hosts: Set<String> = []

    public init(_ hosts: Set<String> = []) { self.hosts = hosts }

    func set(_ new: Set<String>) {
        lock.lock()
        hosts = new
        lock.unlock()
    }

    var all: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return hosts
    }
}

extension LightTable {
    /// The Host values a browser sends for this address (loopback is also reached as localhost).
    public static func hosts(listen host: String, port: Int) -> Set<String> {
        var names: Set<String> = [host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"]
        if host == "127.0.0.1" || host == "::1" || host == "localhost" { names.formUnion(["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]) }
        return names
    }
}

/// The one error type of ApoloServer: the light table could not start.
public enum ServerError: Error, CustomStringConvertible {
    case cannotListen(String, String)

    public var description: String {
        switch self {
        case .cannotListen(let address, let reason):
            return "cannot serve the light table on \(address): \(reason) (choose another --port, or a --listen address of this machine)"
        }
    }
}
