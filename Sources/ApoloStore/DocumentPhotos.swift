import ApoloCore
import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The photos of a loaded document, kept as the document's bytes plus where each photo lies in them.
///
/// The reader checks every photo when it loads the document but builds none; a photo is decoded when a
/// command reads it, and a save copies the bytes of photos nobody changed. With 50,000 photos this is what
/// keeps a one-photo edit from decoding and re-encoding the other 49,999.
final class DocumentPhotos: PhotoSource {
    /// Where one photo lies in the document (byte offsets).
    struct Entry {
        /// The key's first byte (after its quote) and length.
        var key: Int32
        var keyCount: Int32
        /// The object's `{` and the byte after its `}`.
        var value: Int32
        var end: Int32
        /// The `file` string's content, as written; `Entry.escapedFile` when it holds escapes.
        var file: Int32
        var fileCount: Int32
        /// The `captured` (count -1 when null) and `modified` strings' content.
        var captured: Int32
        var capturedCount: Int32
        var modified: Int32
        var modifiedCount: Int32
        var flags: UInt8

        static let discarded: UInt8 = 1
        static let escapedFile: UInt8 = 2
        static let escapedTime: UInt8 = 4
        static let tagged: UInt8 = 8
        /// The rating (0–5) sits in bits 4–6.
        static let ratingShift: UInt8 = 4
        static let paired: UInt8 = 128
    }

    let document: DocumentBytes
    let entries: [Entry]
    private var bytes: UnsafeBufferPointer<UInt8> { document.buffer }

    init(bytes: DocumentBytes, entries: [Entry]) {
        self.document = bytes
        self.entries = entries
    }

    var count: Int { entries.count }

    func id(at index: Int) -> PhotoID {
        let e = entries[index]
        return String(decoding: bytes[Int(e.key)..<Int(e.key + e.keyCount)], as: UTF8.self)
    }

    func lowerBound(_ id: PhotoID) -> Int {
        var id = id
        return id.withUTF8 { wanted in
            var low = 0, high = entries.count
            while low < high {
                let mid = (low + high) / 2
                if Self.compare(bytes, entries[mid], wanted) < 0 { low = mid + 1 } else { high = mid }
            }
            return low
        }
    }

    func index(of id: PhotoID) -> Int? {
        let i = lowerBound(id)
        guard i < entries.count else { return nil }
        var id = id
        let equal = id.withUTF8 { wanted in Self.compare(bytes, entries[i], wanted) == 0 }
        return equal ? i : nil
    }

    func photo(at index: Int) -> Photo {
        let e = entries[index]
        do {
            return try DocumentReader.photo(in: bytes, entry: e)
        } catch {
            preconditionFailure("photo \(id(at: index)) was checked on load but does not decode")
        }
    }

    /// Decoded on every core when there are many (a table of 45,000 photos takes half the time on two cores).
    func photos(at indexes: [Int]) -> [Photo] { decode(indexes) { $0 } }

    /// Tested on every core when there are many, each photo decoded and dropped by its part (`filter --from all`
    /// with a camera: 45,000 photos in half the time, without holding them all).
    func select(_ indexes: [Int], where keep: @Sendable (Photo) -> Bool) -> [Bool] { decode(indexes, keep) }

    /// `body` of each photo at `indexes`, in their order, the photos split among the cores when there are many.
    private func decode<T>(_ indexes: [Int], _ body: @Sendable (Photo) -> T) -> [T] {
        let cores = min(ProcessInfo.processInfo.activeProcessorCount, indexes.count / 2000)
        guard cores > 1 else { return indexes.map { body(photo(at: $0)) } }
        return [T](unsafeUninitializedCapacity: indexes.count) { buffer, count in
            let slots = Slots(buffer)
            DispatchQueue.concurrentPerform(iterations: cores) { part in
                for k in (indexes.count * part / cores)..<(indexes.count * (part + 1) / cores) {
                    slots.initialize(k, to: body(photo(at: indexes[k])))
                }
            }
            count = indexes.count
        }
    }

    func indexes(file name: String) -> [Int] {
        var name = name
        return name.withUTF8 { wanted in
            entries.indices.filter { i in
                let e = entries[i]
                if e.flags & Entry.escapedFile != 0 {
                    return photo(at: i).file == String(decoding: wanted, as: UTF8.self)
                }
                guard Int(e.fileCount) == wanted.count else { return false }
                return wanted.isEmpty
                    || memcmp(bytes.baseAddress! + Int(e.file), wanted.baseAddress!, wanted.count) == 0
            }
        }
    }

    func isDiscarded(at index: Int) -> Bool { entries[index].flags & Entry.discarded != 0 }

    func isTagged(at index: Int) -> Bool { entries[index].flags & Entry.tagged != 0 }

    func rating(at index: Int) -> Int { Int(entries[index].flags >> Entry.ratingShift & 7) }

    func isPaired(at index: Int) -> Bool { entries[index].flags & Entry.paired != 0 }

    func file(at index: Int) -> String {
        let e = entries[index]
        if e.flags & Entry.escapedFile != 0 { return photo(at: index).file }
        return String(decoding: bytes[Int(e.file)..<Int(e.file + e.fileCount)], as: UTF8.self)
    }

    /// `Photo.sortTime`, parsed from the stored text.
    func sortTime(at index: Int) -> Timestamp {
        let e = entries[index]
        if e.flags & Entry.escapedTime != 0 { return photo(at: index).sortTime }
        return time(e.captured, e.capturedCount) ?? time(e.modified, e.modifiedCount) ?? Timestamp(seconds: 0, nanos: 0)
    }

    /// The capture time, parsed from the stored text.
    func captureTime(at index: Int) -> Timestamp? {
        let e = entries[index]
        if e.flags & Entry.escapedTime != 0 { return photo(at: index).captured.flatMap(Timestamp.init(iso:)) }
        return time(e.captured, e.capturedCount)
    }

    private func time(_ start: Int32, _ count: Int32) -> Timestamp? {
        count < 0 ? nil : Timestamp.parse(UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(start + count)]))
    }

    /// The bytes of photos `range` as stored, from the first key's opening quote to the last object's closing
    /// brace (with the separators between them).
    func members(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        let start = Int(entries[range.lowerBound].key - 1), end = Int(entries[range.upperBound - 1].end)
        return UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start..<end])
    }

    /// memcmp-style order of an entry's key against `wanted`.
    private static func compare(_ b: UnsafeBufferPointer<UInt8>, _ e: Entry, _ wanted: UnsafeBufferPointer<UInt8>)
        -> Int
    {
        let n = min(Int(e.keyCount), wanted.count)
        let c = n == 0 ? 0 : Int(memcmp(b.baseAddress! + Int(e.key), wanted.baseAddress!, n))
        return c != 0 ? c : Int(e.keyCount) - wanted.count
    }
}

/// The slots of an uninitialized array that parallel parts fill, each part its own slots (so no lock).
private struct Slots<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>

    init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }

    func initialize(_ index: Int, to value: Element) { (buffer.baseAddress! + index).initialize(to: value) }
}
