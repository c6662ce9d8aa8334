import ApoloCore
import Foundation

/// Checking and indexing the photos of a document in apolo's layout, in two halves at once when it is large.
extension DocumentReader {
    /// Checks every photo and notes where it lies; nil when the layout is not the one apolo writes.
    mutating func indexed() throws -> [DocumentPhotos.Entry]? {
        try expect(123)
        space()
        if peek() == 125 { i += 1; return [] }
        if b.count - i > 1 << 22, ProcessInfo.processInfo.activeProcessorCount > 1, let entries = halves() {
            return entries
        }
        return try members(stop: .max).map(\.entries)
    }

    /// Photos from `i` on, until the object closes (`closed`) or until the first photo that starts past `stop`
    /// (`i` is left at its key); nil when the layout is not apolo's.
    fileprivate mutating func members(stop: Int) throws -> (entries: [DocumentPhotos.Entry], closed: Bool)? {
        var entries: [DocumentPhotos.Entry] = []
        entries.reserveCapacity((min(b.count, stop) - i) / 450)
        while true {
            space()
            if i > stop { return (entries, false) }
            let (key, count) = try rawKey()
            if let last = entries.last, !precedes(Int(last.key), Int(last.keyCount), key, count) { return nil }
            newlines = 0
            space()
            try expect(58)
            space()
            let value = i
            _ = try photo(key: .bytes(start: key, count: count), build: false)
            guard newlines == 0 else { return nil }
            entries.append(
                DocumentPhotos.Entry(
                    key: Int32(key), keyCount: Int32(count), value: Int32(value), end: Int32(i),
                    file: Int32(file.start), fileCount: Int32(file.count),
                    captured: Int32(captured.start), capturedCount: Int32(captured.count),
                    modified: Int32(modified.start), modifiedCount: Int32(modified.count),
                    flags: flags()))
            space()
            if peek() == 44 { i += 1; continue }
            try expect(125)
            return (entries, true)
        }
    }

    /// The photos checked as two halves on two cores, split at a raw newline near the middle: in apolo's
    /// layout raw newlines fall only between photos. Nil (the caller checks them in one go) unless the first
    /// half stops exactly where the second starts, the second closes the object, and the keys stay in order.
    private mutating func halves() -> [DocumentPhotos.Entry]? {
        var middle = i + (b.count - i) / 2
        while middle < b.count, b[middle] != 10 { middle += 1 }
        let split = middle
        var second = self
        second.i = split
        second.space()
        let begin = second.i
        let work = Halves(self, second)
        DispatchQueue.concurrentPerform(iterations: 2) { work.run($0, stop: split) }
        guard let one = work.results[0], let two = work.results[1], !one.closed, two.closed, work.readers[0].i == begin,
            let last = one.entries.last, let first = two.entries.first,
            precedes(Int(last.key), Int(last.keyCount), Int(first.key), Int(first.keyCount))
        else { return nil }
        i = work.readers[1].i
        return one.entries + two.entries
    }

    private func flags() -> UInt8 {
        typealias E = DocumentPhotos.Entry
        return (discarded ? E.discarded : 0) | (tagged ? E.tagged : 0) | (file.escaped ? E.escapedFile : 0)
            | (captured.escaped || modified.escaped ? E.escapedTime : 0) | UInt8(rating) << E.ratingShift
            | (paired ? E.paired : 0)
    }
}

/// Two readers, each working on its own half from its own thread.
private final class Halves: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var readers: [DocumentReader]
    private(set) var results: [(entries: [DocumentPhotos.Entry], closed: Bool)?] = [nil, nil]

    init(_ first: DocumentReader, _ second: DocumentReader) { readers = [first, second] }

    func run(_ part: Int, stop: Int) {
        lock.lock()
        var reader = readers[part]
        lock.unlock()
        let result = try? reader.members(stop: part == 0 ? stop : .max)
        lock.lock()
        readers[part] = reader
        results[part] = result ?? nil
        lock.unlock()
    }
}
