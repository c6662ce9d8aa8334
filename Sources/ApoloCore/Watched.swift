import Foundation

/// A value shared between threads whose changes can be waited for: a caller (a test) waits until the value says
/// something happened (a request blocked on a lock, a connection gone) instead of sleeping a guessed time.
/// Every write wakes the waiters; with none waiting, a write costs one broadcast under the lock.
public final class Watched<Value: Sendable>: @unchecked Sendable {  // `current` is read and written under `condition`
    private let condition = NSCondition()
    private var current: Value

    public init(_ value: Value) { current = value }

    /// Runs `body` with the value, holding the lock, then wakes every waiter.
    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try body(&current)
    }

    /// The value now.
    public var value: Value { withLock { $0 } }

    /// Waits until `holds` is true of the value, at most `seconds`; false when it never was.
    public func wait(seconds: Double, until holds: (Value) -> Bool) -> Bool {
        let end = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while !holds(current) {
            if !condition.wait(until: end) { return holds(current) }
        }
        return true
    }
}
