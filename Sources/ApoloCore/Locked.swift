import Synchronization

/// A value shared between threads, reached only under its lock: the one lock box of apolo's layers.
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) { mutex = Mutex(value) }

    /// Runs `body` with the value, holding the lock.
    public func withLock<T: Sendable>(_ body: (inout Value) throws -> T) rethrows -> T {
        try mutex.withLock { try body(&$0) }
    }

    /// The value now.
    public var value: Value { withLock { $0 } }
}
