import ApoloCore
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOSSL

/// Runs the light table until Ctrl-C (or SIGTERM) stops it cleanly. Every connection is accepted; past
/// `Limits.connections` (or `Limits.perPeer` from one address) the oldest not being answered is closed; a request's
/// headers must be whole within `Limits.headerSeconds`; an idle connection closes after `Limits.idleSeconds`.
public enum LightTableServer {
    /// Binds `host:port` (0: a free port), then calls `ready` with the bound port and serves until stopped.
    /// Only requests naming this address in their Host header are answered (see `LightTable.gate`).
    public static func run(
        _ table: LightTable, host: String, port: Int, tls: TLSFiles? = nil,
        ready: @escaping @Sendable (Int) -> Void
    ) throws {
        raiseDescriptorLimit()
        var logger = Logger(label: "apolo.serve") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .error
        let secure = try tls.map { try $0.configuration() }
        let app = try application(table, host: host, port: port, tls: secure, logger: logger) { bound in
            table.allowed.set(LightTable.hosts(listen: host, port: bound).union(table.publicHosts))
            ready(bound)
            // the open project read and its view made while the browser opens the page (a 23 MiB document
            // at 50,000 photos): the page's first answer does not wait for it
            DispatchQueue.global(qos: .utility).async { table.warm() }
        }
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        Task {
            do { try await app.runService() } catch { outcome.error = error }
            done.signal()
        }
        done.wait()
        table.foldJournals()
        if let error = outcome.error { throw ServerError.cannotListen("\(host):\(port)", reason(error)) }
    }

    /// The light table's application: its router, at most `limits.connections` connections, each closed after
    /// `limits.idleSeconds` idle or still sending its request's headers; `ready` gets the bound port.
    public static func application(
        _ table: LightTable, host: String, port: Int, tls: TLSConfiguration? = nil,
        logger: Logger? = nil,
        ready: @escaping @Sendable (Int) -> Void
    ) throws -> some ApplicationProtocol {
        let registry = ConnectionRegistry(limit: table.limits.connections, perPeer: table.limits.perPeer)
        table.connections.withLock { $0 = registry }
        let installer = ConnectionWatch.Installer(registry: registry, headerSeconds: table.limits.headerSeconds)
        let http = HTTPServerBuilder.http1(
            configuration: .init(
                additionalChannelHandlers: [installer],
                idleTimeout: .seconds(Int64(table.limits.idleSeconds))))
        return Application(
            router: table.router(),
            server: try tls.map { try .tls(http, tlsConfiguration: $0) } ?? http,
            configuration: .init(address: .hostname(host, port: port), serverName: "apolo", backlog: 1024),
            onServerRunning: { channel in ready(channel.localAddress?.port ?? port) },
            logger: logger)
    }

    /// Lets the process hold as many descriptors as the system allows (a flood is accepted and closed, never left
    /// waiting for a descriptor).
    static func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
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

/// A certificate chain and its private key, PEM files (`apolo serve --cert --key`).
public struct TLSFiles: Sendable {
    public let certificate: String
    public let key: String

    public init(certificate: String, key: String) {
        (self.certificate, self.key) = (certificate, key)
    }

    /// The server's TLS configuration, or why the files cannot be used, in words.
    func configuration() throws -> TLSConfiguration {
        let chain: [NIOSSLCertificate], key: NIOSSLPrivateKey
        for file in [certificate, self.key] {
            if access(file, R_OK) != 0 {
                throw ServerError.cannotUse(file, String(cString: strerror(errno)).lowercased())
            }
            var info = stat()
            // a FIFO or a device would block the server's start forever; a PEM file is a few KB
            guard stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                throw ServerError.cannotUse(file, "it is not a regular file (a PEM file is one)")
            }
            guard info.st_size <= 1 << 20 else {
                throw ServerError.cannotUse(file, "it is \(info.st_size) bytes; a PEM file is a few KB")
            }
        }
        do { chain = try NIOSSLCertificate.fromPEMFile(certificate) } catch {
            throw ServerError.cannotUse(certificate, "it is not a PEM certificate apolo can read (\(error))")
        }
        do { key = try NIOSSLPrivateKey(file: self.key, format: .pem) } catch {
            throw ServerError.cannotUse(self.key, "it is not a PEM private key apolo can read (\(error))")
        }
        guard !chain.isEmpty else { throw ServerError.cannotUse(certificate, "it holds no certificate") }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) },
            privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        return configuration
    }
}

/// The `host:port` values requests may name, set once the port is bound.
public final class AllowedHosts: Sendable {
    private let hosts: Locked<Set<String>>

    public init(_ hosts: Set<String> = []) { self.hosts = Locked(hosts) }

    func set(_ new: Set<String>) { hosts.withLock { $0 = new } }

    var all: Set<String> { hosts.value }
}

extension LightTable {
    /// The Host values a browser sends for this address (loopback is also reached as localhost).
    public static func hosts(listen host: String, port: Int) -> Set<String> {
        var names: Set<String> = [host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"]
        if host == "127.0.0.1" || host == "::1" || host == "localhost" {
            names.formUnion([
                "127.0.0.1:\(port)",
                "localhost:\(port)", "[::1]:\(port)"
            ])
        }
        return names
    }
}

/// The one error type of ApoloServer: the light table could not start.
public enum ServerError: Error, CustomStringConvertible {
    case cannotListen(String, String)
    case cannotUse(String, String)

    public var description: String {
        switch self {
        case .cannotListen(let address, let reason):
            return
                """
                cannot serve the light table on \(address): \(reason) (choose another --port, or a --listen address \
                of this machine)
                """
        case .cannotUse(let file, let reason):
            return "cannot use \(file) for TLS: \(reason); give --cert and --key as PEM files (e.g. from certbot)"
        }
    }
}

extension ServerError: ApoloFailure {
    public var failure: FailureKind {
        if case .cannotUse = self { return .refused }
        return .storage
    }
    public var message: String { description }
}
