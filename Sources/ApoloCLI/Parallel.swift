import ApoloCore
import Foundation

/// Long listings split into a part per core (each part at least `minimum` items long).
enum Parallel {
    /// `0..<count` cut into up to one range per core (`cores` lets tests ask for several on any machine).
    static func parts(_ count: Int, minimum: Int = 5000, cores: Int = ProcessInfo.processInfo.activeProcessorCount)
        -> [Range<Int>]
    {
        let parts = min(max(1, cores), max(1, count / minimum))
        return (0..<parts).map { (count * $0 / parts)..<(count * ($0 + 1) / parts) }
    }

    /// `body` over each range, at the same time when there are several; results in the ranges' order.
    static func map<T: Sendable>(_ ranges: [Range<Int>], _ body: @Sendable (Range<Int>) -> T) -> [T] {
        guard ranges.count > 1 else { return ranges.map(body) }
        let results = Results<T>(count: ranges.count)
        DispatchQueue.concurrentPerform(iterations: ranges.count) { results.set($0, body(ranges[$0])) }
        return results.values
    }
}

/// Results of parallel parts, each set once from its own thread.
private final class Results<Value: Sendable>: Sendable {
    private let slots: Locked<[Value?]>

    init(count: Int) { slots = Locked(Array(repeating: nil, count: count)) }

    func set(_ index: Int, _ value: Value) { slots.withLock { $0[index] = value } }

    var values: [Value] { slots.value.compactMap { $0 } }
}
