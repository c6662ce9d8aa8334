#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loaded document's bytes, which its undecoded photos point into: a read-only mapping of the file, or a copy.
///
/// Saves replace documents by rename, so a mapping keeps showing the version it was made from. Never changed
/// after it is made, hence `Sendable`.
final class DocumentBytes: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<UInt8>
    /// What to free: the mapping, or the copy.
    private let mapped: Bool
    private let allocation: UnsafeMutableBufferPointer<UInt8>?

    /// A private copy of `bytes`.
    init(copying bytes: [UInt8]) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = copy.initialize(from: bytes)
        buffer = UnsafeBufferPointer(rebasing: copy[0..<bytes.count])
        mapped = false
        allocation = copy
    }

    private init(mapping base: UnsafeRawPointer, count: Int) {
        buffer = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count)
        mapped = true
        allocation = nil
    }

    /// The file mapped read-only (a copy when it cannot be mapped), or nil when it does not exist.
    /// Only a regular file of at most `limit` bytes is read (never a FIFO or a device).
    static func load(_ path: String) throws -> DocumentBytes? {
        guard let (fd, size) = try SafeFile.open(path) else { return nil }
        defer { close(fd) }
        guard size <= limit else {
            throw StoreError.unreadable(
                path: path, problem: "it is \(size) bytes; apolo reads project documents of at most \(limit) bytes")
        }
        if size > 0, let base = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0), base != MAP_FAILED {
            return DocumentBytes(mapping: base, count: size)
        }
        return DocumentBytes(copying: try AtomicFile.read(fd: fd, size: size, limit: limit, path: path))
    }

    /// The largest document apolo reads: 4 GiB (50,000 photos take about 24 MiB).
    static let limit = 1 << 32

    deinit {
        if mapped { munmap(UnsafeMutableRawPointer(mutating: buffer.baseAddress), buffer.count) }
        allocation?.deallocate()
    }
}
