import ApoloCore
import ApoloEngine
@testable import ApoloServer
import ApoloStore
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Testing

/// What a client may hold of the server, and storage errors, answered in words with a fitting status.
extension LightTableTests {
    func limited(connections: Int = 64, idle: Int = 15, body: Int = 15) -> LightTable {
        var limits = LightTable.Limits()
        (limits.connections, limits.idleSeconds, limits.bodySeconds) = (connections, idle, body)
        return LightTable(engine: Engine(store: store), token: "secret", limits: limits)
    }

    @Test func theDefaultLimitsAreTheDocumentedOnes() {
        let limits = LightTable.Limits()
        #expect(limits.connections == 512 && limits.perPeer == 256 && limits.headerSeconds == 5)
        #expect(limits.idleSeconds == 15 && limits.bodySeconds == 10)
    }

    @Test func aBusyLockAnswers423InWordsAndAFullDisk507() async throws {
        try await serve { send in
            let lock = try FileLock(path: store.home.lockFile("trip"), timeout: 1, project: "trip")
            defer { lock.release() }
            let (status, body) = try await send(
                .post, "/api/run", #"{"commands": [["rate", "table:1", "5"]], "expect": null}"#)
            #expect(
                status == .init(code: 423) && (body?["error"] as? String)?.contains("is busy") == true,
                "\(status) \(body ?? [:])")
            let undo = try await send(.post, "/api/undo", #"{"expect": null}"#)
            #expect(undo.0 == .init(code: 423) && undo.1?["error"] != nil)
            let spanish: HTTPFields = [HTTPField.Name("X-Apolo-Language")!: "es"]
            let rate = #"{"commands": [["rate", "table:1", "5"]], "expect": null}"#
            let (_, told) = try await send(.post, "/api/run", rate, headers: spanish)
            let words = told?["error"] as? String ?? ""
            let busy = "el proyecto 'trip' está ocupado: una orden sobre él"
            #expect(words.hasPrefix(busy), "the page's words: \(words)")
            let browsers: HTTPFields = [HTTPField.Name("X-Apolo-Language")!: "de-DE,es"]  // the first it speaks
            let (_, listed) = try await send(.post, "/api/run", rate, headers: browsers)
            #expect((listed?["error"] as? String ?? "").hasPrefix(busy), "\(listed ?? [:])")
        }
        #expect(FailureKind.storage("cannot write: No space left on device").httpStatus == 507)
        #expect(StoreError.io(path: "/x", problem: "cannot write: no space left on device").failure.exitCode == 4)
    }

    @Test func aFIFOInTheCacheIsNoPictureAndNeverA500() async throws {
        let id = String(repeating: "1", count: 64)
        try FileManager.default.createDirectory(atPath: root + "/cache/thumbs/11", withIntermediateDirectories: true)
        #expect(mkfifo(root + "/cache/thumbs/11/\(id).jpg", 0o644) == 0)
        try await serve { send in
            let (status, body) = try await send(.get, "/thumb/" + id)
            #expect(
                status == .unprocessableContent && (body?["error"] as? String)?.contains("IMG_1.jpg") == true,
                "\(status)")
        }
    }

    @Test func idleConnectionsAndHeadersThatNeverEndAreClosed() async throws {
        try await serve(limited(idle: 1)) { send in
            let idle = try RawConnection(port: send.port)
            let slow = try RawConnection(port: send.port)
            slow.write("GET /api/state HTTP/1.1\r\nHost: \(send.host)\r\nX-Ap")  // headers that never end
            #expect(await idle.read(seconds: 4).isEmpty && idle.closed, "closed after 1 s idle")
            #expect(await slow.read(seconds: 4).isEmpty && slow.closed, "closed after 1 s, with nothing answered")
        }
    }

    @Test func aBodyThatStopsArrivingIsNotWaitedForAndAHugeOneIsRefusedAtOnce() async throws {
        try await serve(limited(idle: 5, body: 1)) { send in
            let stalled = try RawConnection(port: send.port)
            stalled.write(
                "POST /api/run HTTP/1.1\r\nHost: \(send.host)\r\nX-Apolo-Token: secret\r\n"
                    + "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"commands\"")
            let answer = await stalled.read(seconds: 4)
            #expect(
                answer.hasPrefix("HTTP/1.1 408") && answer.contains("did not arrive within 1 s"),
                "[\(answer)] closed: \(stalled.closed)")
            let huge = try RawConnection(port: send.port)
            huge.write(
                "POST /api/run HTTP/1.1\r\nHost: \(send.host)\r\nX-Apolo-Token: secret\r\n"
                    + "Content-Type: application/json\r\nContent-Length: 1000000000000\r\n\r\n")
            #expect(await huge.read(seconds: 2).hasPrefix("HTTP/1.1 413"), "refused before any of it is read")
        }
    }

    @Test func aSecondHostAndAJSONLookAlikeTypeAreRefused() async throws {
        try await serve { send in
            let twice = try RawConnection(port: send.port)
            twice.write(
                "GET /api/version HTTP/1.1\r\nHost: \(send.host)\r\nHost: evil.example\r\nX-Apolo-Token: secret\r\n\r\n"
            )
            #expect(await twice.read(seconds: 2).hasPrefix("HTTP/1.1 400"))
            let jsonp = try await send(
                .post, "/api/run", #"{"commands": [["rate", "table:1", "5"]], "expect": null}"#,
                headers: [.contentType: "application/jsonp"])
            #expect(jsonp.0 == .unsupportedMediaType)
            #expect(try rating(1) == 0)
        }
    }

    @Test func aChangeWhoseClientGaveUpWhileTheLockWasBusyIsNotApplied() async throws {
        let table = self.table
        try await serve { send in
            let request =
                "POST /api/run HTTP/1.1\r\nHost: \(send.host)\r\nX-Apolo-Token: secret\r\n"
                + "Content-Type: application/json\r\nContent-Length: 51\r\n\r\n"
                + #"{"commands": [["rate", "table:1", "5"]], "expect": null}"#.replacingOccurrences(of: " ", with: "")
            let path = store.home.lockFile("trip")
            for gives in [true, false] {
                let lock = try FileLock(path: path, timeout: 1, project: "trip")
                let client = try RawConnection(port: send.port)
                client.write(request)
                // the change waits for the lock the test holds
                try await Self.until { FileLock.waiting.wait(seconds: 10) { $0[path, default: 0] > 0 } }
                if gives {
                    let registry = try #require(table.connections.value)
                    let held = registry.count
                    client.close()
                    try await Self.until { registry.wait { now, _ in now < held } }  // the server saw it go
                }
                lock.release()
                let answer = gives ? "" : await client.read(seconds: 3)
                try await Self.until { FileLock.waiting.wait(seconds: 10) { $0[path, default: 0] == 0 } }
                try FileLock(path: path, timeout: 5, project: "trip").release()  // the change's transaction is over
                #expect(try rating(1) == (gives ? 0 : 5), "client gave up: \(gives) [\(answer.prefix(12))]")
            }
        }
    }

    /// Waits for an event the code exposes (`wait` blocks on a `Watched` value until it says so, 10 s at most).
    static func until(_ wait: @escaping @Sendable () -> Bool) async throws {
        // a thread of its own: a blocked wait on Swift's few pool threads would starve the other tests' requests
        let came = await withCheckedContinuation { done in Thread.detachNewThread { done.resume(returning: wait()) } }
        if !came { Issue.record("waited 10 s for an event that did not come") }
    }

    @Test func aTargetGivenAsAWholeAddressIsRefused() async throws {
        try await serve { send in
            for target in ["http://\(send.host)/api/state", "*"] {
                let client = try RawConnection(port: send.port)
                client.write("GET \(target) HTTP/1.1\r\nHost: \(send.host)\r\nX-Apolo-Token: secret\r\n\r\n")
                let answer = await client.read(seconds: 2)
                #expect(answer.hasPrefix("HTTP/1.1 400") && answer.contains("not as a whole address"), "\(answer)")
            }
            let spoofed = try await send(.get, "/api/version", headers: [HTTPField.Name("X-Apolo-Target-Form")!: "x"])
            #expect(spoofed.0 == .ok, "a client's own copy of the marker is dropped")
        }
    }

    @Test func aFloodOfIdleConnectionsNeverKeepsARequestWaiting() async throws {
        var limits = LightTable.Limits()
        (limits.connections, limits.perPeer) = (4, 4)
        let flooded = LightTable(engine: Engine(store: store), token: "secret", limits: limits)
        try await serve(flooded) { send in
            let held = try (0..<12).map { _ in try RawConnection(port: send.port) }
            let registry = try #require(flooded.connections.value)
            try await Self.until { registry.wait { _, admitted in admitted >= 12 } }  // every one of the flood seen
            let late = try RawConnection(port: send.port)
            late.write("GET /api/version HTTP/1.1\r\nHost: \(send.host)\r\nX-Apolo-Token: secret\r\n\r\n")
            let answer = await late.read(seconds: 2)
            #expect(answer.hasPrefix("HTTP/1.1 200"), "answered at once past the limit: [\(answer)]")
            #expect(await held[0].read(seconds: 1).isEmpty && held[0].closed, "the oldest idle connection was closed")
        }
    }

    @Test func headersTricklingInAreCutAtTheHeaderDeadline() async throws {
        var limits = LightTable.Limits()
        (limits.headerSeconds, limits.idleSeconds) = (1, 30)
        try await serve(LightTable(engine: Engine(store: store), token: "secret", limits: limits)) { send in
            let slow = try RawConnection(port: send.port)
            slow.write("GET /api/version HTTP/1.1\r\nHost: \(send.host)\r\n")
            // a byte every half second (the client's pace is what is tested): never idle, never whole
            for _ in 0..<6 {
                try await Task.sleep(for: .milliseconds(500))
                slow.write("X")
            }
            #expect(await slow.read(seconds: 1).isEmpty && slow.closed, "closed 1 s after it opened")
        }
    }
}

/// A plain TCP connection to the server, to send what no well-behaved client sends.
final class RawConnection: @unchecked Sendable {
    let fd: Int32
    private(set) var closed = false

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    }

    deinit { if !closed { Glibc.close(fd) } }

    func write(_ text: String) { _ = text.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) } }

    /// Writes every byte (a request whose body may hold any byte).
    func write(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            sent += n
        }
    }

    func close() {
        Glibc.close(fd)
        closed = true
    }

    /// What arrives within `seconds`, waited for on a thread of its own (a blocking wait on Swift's two cooperative
    /// threads would starve the server under test).
    func read(seconds: Double) async -> String { String(decoding: await readBytes(seconds: seconds), as: UTF8.self) }

    /// The bytes that arrive within `seconds`, or until the server closes the connection.
    func readBytes(seconds: Double) async -> [UInt8] {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: self.blockingRead(seconds: seconds)) }
        }
    }

    private func blockingRead(seconds: Double) -> [UInt8] {
        var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            var poll = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard Glibc.poll(&poll, 1, Int32(max(1, end.timeIntervalSinceNow * 1000))) > 0 else { break }
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 {
                closed = n == 0
                break
            }
            bytes += buffer[0..<n]
        }
        return bytes
    }

}
