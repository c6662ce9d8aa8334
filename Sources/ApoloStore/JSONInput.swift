import Foundation

/// JSON from outside decoded with bounds: nesting deeper than `maxDepth` is refused before any parser recurses
/// into it (Foundation's parser would overflow the stack), and a decoding error is worded for people.
public enum JSONInput {
    /// apolo's own files nest a few levels; anything deeper is not one of them.
    public static let maxDepth = 64

    /// Decodes `bytes` as `T`; `what` names the input in the error ("a history step").
    public static func decode<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], what: String) throws -> T {
        guard depth(bytes) <= maxDepth else {
            throw StoreError.io(path: what, problem: "nested deeper than \(maxDepth) levels")
        }
        do { return try JSONDecoder().decode(T.self, from: Data(bytes)) } catch {
            throw StoreError.io(path: what, problem: "it is not valid (\(DocumentCodec.reason(error)))")
        }
    }

    /// The deepest nesting of arrays and objects, counted outside strings; stops counting past `maxDepth`.
    public static func depth<C: Collection>(_ bytes: C) -> Int where C.Element == UInt8 {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == 92 { escaped = true } else if byte == 34 { inString = false }
                continue
            }
            switch byte {
            case 34: inString = true
            case 91, 123:
                depth += 1
                deepest = max(deepest, depth)
                if deepest > maxDepth { return deepest }
            case 93, 125: depth -= 1
            default: break
            }
        }
        return deepest
    }
}
