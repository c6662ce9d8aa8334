/// File names as the file system has them (bytes) and as apolo keeps them (Strings), reversibly.
///
/// Linux names are bytes, not always UTF-8 (old cameras, Latin-1 archives). A byte that is not part of valid
/// UTF-8 becomes the private-use scalar U+10FF00 + byte, so the String holds it and `bytes(of:)` gives back the
/// exact name for system calls; `escaped` shows it as `\xNN`. The mapping is one-to-one: a name whose bytes
/// really encode a scalar in U+10FF00…U+10FFFF keeps those four bytes as four escaped bytes, so every such
/// scalar in a String stands for exactly one byte.
///
/// A String that becomes a path component is checked on its bytes (`component`), never before conversion:
/// U+10FF2F is a `/` once converted.
public enum FileNames {
    static let base: UInt32 = 0x10FF00

    /// The String for a name's bytes.
    public static func string<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        if let text = String(
            validating: bytes,
            as: UTF8.self), !text.utf8.contains(0xF4) || !text.unicodeScalars.contains(where: isRawByte)
        {
            return text
        }
        let b = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < b.count {
            let n = validLength(b, i)
            if n > 0,
                let text = String(
                    validating: b[i..<(i + n)],
                    as: UTF8.self), !text.unicodeScalars.contains(where: isRawByte)
            {
                scalars.append(contentsOf: text.unicodeScalars)
                i += n
            } else {
                scalars.append(Unicode.Scalar(base + UInt32(b[i])) ?? "?")
                i += 1
            }
        }
        return String(scalars)
    }

    /// The exact bytes of a name or path, NUL-terminated, for system calls.
    public static func bytes(of path: String) -> [CChar] {
        guard path.utf8.contains(0xF4) else { return path.utf8CString.map { $0 } }
        var out: [UInt8] = []
        for scalar in path.unicodeScalars {
            if scalar.value >= base, scalar.value <= base + 0xFF {
                out.append(UInt8(scalar.value - base))
            } else {
                out += Array(String(scalar).utf8)
            }
        }
        return (out + [0]).map { CChar(bitPattern: $0) }
    }

    /// The bytes of a name that becomes one path component, checked after conversion: not empty, not `.` or
    /// `..`, no `/`, no NUL, at most 255 bytes. Throws a message naming the problem.
    public static func component(_ name: String, what: String = "name") throws(CoreError) -> [UInt8] {
        let bytes = bytes(of: name).dropLast().map { UInt8(bitPattern: $0) }
        let problem: String?
        if bytes.isEmpty {
            problem = "it is empty"
        } else if bytes == [46] || bytes == [46, 46] {
            problem = "'.' and '..' name folders, not files"
        } else if bytes.contains(47) {
            problem = "it contains '/'" + (name.contains("/") ? "" : " (as an escaped byte)")
        } else if bytes.contains(0) {
            problem = "it contains a NUL byte"
        } else if bytes.count > 255 {
            problem = "it is \(bytes.count) bytes long; the limit is 255"
        } else if !isCanonical(name) {
            problem = "an escaped byte in it stands for a character that is not escaped"
        } else {
            problem = nil
        }
        if let problem { throw CoreError(.invalid, "\(what) '\(name.escaped)' cannot be a file name: \(problem)") }
        return bytes
    }

    /// True when `name` is what `string(_:)` makes of its own bytes: then no other String maps to the same bytes.
    /// A raw-byte scalar for a byte that begins or continues valid UTF-8 (U+10FF70 for `p`) is not canonical.
    public static func isCanonical(_ name: String) -> Bool {
        guard name.unicodeScalars.contains(where: isRawByte) else { return true }
        return string(bytes(of: name).dropLast().map { UInt8(bitPattern: $0) }) == name
    }

    /// True when a scalar stands for a raw byte.
    public static func isRawByte(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= base && scalar.value <= base + 0xFF
    }

    /// The length of the valid UTF-8 sequence starting at `i`, or 0.
    private static func validLength(_ b: [UInt8], _ i: Int) -> Int {
        let lead = b[i]
        let (n, low, high): (Int, UInt8, UInt8)
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: (n, low, high) = (2, 0x80, 0xBF)
        case 0xE0: (n, low, high) = (3, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (n, low, high) = (3, 0x80, 0xBF)
        case 0xED: (n, low, high) = (3, 0x80, 0x9F)
        case 0xF0: (n, low, high) = (4, 0x90, 0xBF)
        case 0xF1...0xF3: (n, low, high) = (4, 0x80, 0xBF)
        case 0xF4: (n, low, high) = (4, 0x80, 0x8F)
        default: return 0
        }
        guard i + n <= b.count, (low...high).contains(b[i + 1]) else { return 0 }
        for k in 2..<max(2, n) where !(0x80...0xBF).contains(b[i + k]) { return 0 }
        return n
    }
}
