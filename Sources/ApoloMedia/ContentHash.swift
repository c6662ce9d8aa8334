#if canImport(Glibc)
    import Glibc
#endif
import CCrypto

/// SHA-256 through OpenSSL's libcrypto (hardware-accelerated where the CPU allows), as lowercase hex.
public final class ContentHash {
    private let context: OpaquePointer

    public init() {
        guard let context = EVP_MD_CTX_new() else { fatalError("OpenSSL could not allocate a digest context") }
        self.context = context
        EVP_DigestInit_ex(context, EVP_sha256(), nil)
    }

    deinit { EVP_MD_CTX_free(context) }

    /// Adds bytes to the digest.
    public func update(_ bytes: UnsafeRawBufferPointer) {
        EVP_DigestUpdate(context, bytes.baseAddress, bytes.count)
    }

    /// The digest as 64 hex digits.
    public func finish() -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        let hex = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(64)
        for byte in digest.prefix(Int(length)) {
            out.append(hex[Int(byte >> 4)])
            out.append(hex[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The SHA-256 of the first `size` bytes of an open file, read in 1 MiB chunks from its start; nil when a read
    /// fails or the file is shorter (`errno` says why).
    public static func of(fd: Int32, size: Int) -> String? {
        let hash = ContentHash()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset = 0
        while offset < size {
            let n = buffer.withUnsafeMutableBytes {
                pread(
                    fd, $0.baseAddress, min($0.count, size - offset),
                    off_t(offset))
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            buffer.withUnsafeBytes { hash.update(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            offset += n
        }
        return hash.finish()
    }

    /// The SHA-256 of a regular file, read in chunks; nil when it cannot be opened or read.
    public static func of(file path: String) -> String? {
        guard let fd = try? POSIX.openRegular(path) else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return of(fd: fd, size: Int(info.st_size))
    }

    /// The SHA-256 of a whole buffer.
    public static func of(_ bytes: [UInt8]) -> String {
        let hash = ContentHash()
        bytes.withUnsafeBytes { hash.update($0) }
        return hash.finish()
    }
}
