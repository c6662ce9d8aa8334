import Foundation

/// Work shared by parallel workers: a locked cursor over item indices and the results, filled in by index.
final class ParallelResults<Value, Failure: Error>: @unchecked Sendable {
    private let lock = NSLock()
    private var cursor = 0
    private var done = 0
    private var results: [Result<Value, Failure>?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    /// The next index to work on, or nil when every item is taken.
    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard cursor < results.count else { return nil }
        cursor += 1
        return cursor - 1
    }

    /// Stores a result; returns how many items are finished.
    @discardableResult
    func set(_ index: Int, _ result: Result<Value, Failure>) -> Int {
        lock.lock()
        defer { lock.unlock() }
        results[index] = result
        done += 1
        return done
    }

    var all: [Result<Value, Failure>] { results.compactMap { $0 } }

    /// The results, moved out (no copy): the work holds none after.
    func take() -> [Result<Value, Failure>?] {
        lock.lock()
        defer { lock.unlock() }
        var taken: [Result<Value, Failure>?] = []
        swap(&taken, &results)
        return taken
    }
}
