import ApoloCommands
import ApoloCore
import ApoloEngine
import ApoloMedia
import ApoloStore
import Foundation
import HTTPTypes
import Hummingbird

/// The bodies of requests: JSON only, at most `maxBody` bytes, within the limits' seconds.
extension LightTable {
    func decode<T: Decodable>(_ type: T.Type, _ request: Request) async throws -> T {
        let type = request.headers[.contentType]?.split(separator: ";").first?
            .trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "application/json" else {
            throw HTTPFailure(
                status: .unsupportedMediaType,
                message: "changes are sent as JSON (Content-Type: application/json)")
        }
        let buffer = try await collect(request)
        do { return try JSONInput.decode(T.self, Array(buffer.readableBytesView), what: "the request") } catch {
            throw HTTPFailure(status: .badRequest, message: "\(error)")
        }
    }

    /// The body, at most `maxBody` bytes, within `limits.bodySeconds`: a client that stops sending is not waited
    /// for (its read is cancelled, never left running beside the server's own, and the connection is closed).
    private func collect(_ request: Request) async throws -> ByteBuffer {
        let body = request.body, seconds = limits.bodySeconds
        return try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
            group.addTask {
                do { return try await body.collect(upTo: Self.maxBody) } catch is CancellationError { return nil } catch
                {
                    throw HTTPFailure(
                        status: .contentTooLarge,
                        message: "a request body may hold at most \(Self.maxBody / 1024) KiB", close: true)
                }
            }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let buffer = first else {
                throw HTTPFailure(
                    status: .requestTimeout,
                    message: "the request body did not arrive within \(seconds) s", close: true)
            }
            return buffer
        }
    }
}
