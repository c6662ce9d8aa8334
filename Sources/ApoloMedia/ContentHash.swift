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

    /// The SHA-256 of a whole buffer.
    public static func of(_ bytes: [UInt8]) -> String {
        let hash = ContentHash()
        bytes.withUnsafeBytes { hash.update($0) }
        return hash.finish()
    }
}
