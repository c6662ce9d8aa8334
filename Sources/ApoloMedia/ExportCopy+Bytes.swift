import ApoloCore
import CApoloSystem
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

extension ExportWriter {
    /// Copies by hand in 1 MiB chunks, at most `size` bytes (a file that grows meanwhile is cut at the size it
    /// had when opened); returns the SHA-256 of what was copied.
    func hashedCopy(from source: Int32, to target: Int32, size: Int, _ item: ExportItem) throws(ExportError) -> String {
        let hash = ContentHash()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var left = size
        while left > 0 {
            let n = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, min($0.count, left)) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw ExportError.io(item.original, "cannot read: \(POSIX.errorText.lowercased())") }
            if n == 0 { break }
            left -= n
            let written = buffer.withUnsafeBytes { raw in
                let chunk = UnsafeRawBufferPointer(rebasing: raw[0..<n])
                hash.update(chunk)
                return POSIX.writeAll(target, chunk)
            }
            if !written {
                throw ExportError.io(folder + "/" + item.name, "cannot write: \(POSIX.errorText.lowercased())")
            }
        }
        return hash.finish()
    }

    /// Copies in the kernel (copy_file_range, like cp); false when that is not possible here, so the caller copies by
    /// hand.
    static func kernelCopy(from source: Int32, to target: Int32, size: Int) -> Bool {
        var left = size
        while left > 0 {
            let n = apolo_copy_file_range(source, target, left)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            left -= n
        }
        return true
    }
}
