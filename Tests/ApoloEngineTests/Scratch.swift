import Foundation

/// A folder under the temp folder, `prefix-UUID`, removed when the last test holding it ends (a suite's instance is
/// made for each test): test runs leave nothing behind in /tmp.
final class Scratch: Sendable {
    let path: String

    init(_ prefix: String) { path = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString)" }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
