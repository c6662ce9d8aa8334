import ApoloCore
import CCrypto

/// Share passwords, kept only as PBKDF2-HMAC-SHA256 hashes (OpenSSL's) with a random 16-byte salt.
public enum Passwords {
    /// OWASP's figure for PBKDF2-HMAC-SHA256 (2023): about 0.2 s a check on one core here, which with the server's
    /// per-link and per-address limits makes guessing a reasonable password hopeless.
    public static let iterations = 600_000

    /// A new hash of `password`.
    public static func lock(_ password: String, iterations: Int = iterations) -> ShareLock {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return ShareLock(iterations: iterations, salt: hex(salt), hash: hex(derive(password, salt, iterations)))
    }

    /// Whether `password` is the one `lock` was made from (compared in time that does not depend on where they differ).
    public static func check(_ password: String, _ lock: ShareLock) -> Bool {
        guard lock.kdf == "pbkdf2-sha256", let salt = bytes(lock.salt), let want = bytes(lock.hash),
            (1_000...10_000_000).contains(lock.iterations), password.utf8.count <= 1024
        else { return false }
        let got = derive(password, salt, lock.iterations)
        return got.count == want.count && zip(got, want).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    static func derive(_ password: String, _ salt: [UInt8], _ iterations: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        let text = Array(password.utf8)
        _ = text.withUnsafeBufferPointer { p in
            p.withMemoryRebound(to: CChar.self) { chars in
                PKCS5_PBKDF2_HMAC(
                    chars.baseAddress, Int32(text.count), salt, Int32(salt.count), Int32(iterations),
                    EVP_sha256(), 32, &out)
            }
        }
        return out
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    static func bytes(_ hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        return stride(from: 0, to: digits.count, by: 2).map { at in
            UInt8(String(decoding: digits[at...at + 1], as: UTF8.self), radix: 16)
        }.reduce(into: [UInt8]?([])) { all, byte in
            if let byte { all?.append(byte) } else { all = nil }
        }
    }
}

extension Passwords {
    /// The proof a reviewer's browser keeps once they gave a share's password: HMAC-SHA256 of the link's key under
    /// the password's hash and salt (in the document only), in hex. It opens the share again without the password
    /// (after a restart), and changes with the password.
    public static func proof(of lock: ShareLock, token: String) -> String {
        hex(mac(key: Array((lock.salt + lock.hash).utf8), Array(token.utf8)))
    }

    static func mac(key: [UInt8], _ message: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 32
        _ = HMAC(EVP_sha256(), key, Int32(key.count), message, message.count, &out, &length)
        return out
    }

    /// A person's link key: HMAC-SHA256 of the project, name and role under the home's secret, in hex like the
    /// owner's; the same every time the owner invites them again, different for another role or secret.
    public static func personToken(secret: [UInt8], project: String, name: String, role: String) -> String {
        hex(mac(key: secret, Array("\(project)\u{0}\(name)\u{0}\(role)".utf8)))
    }
}
