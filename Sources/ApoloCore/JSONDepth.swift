/// How deeply JSON text nests, counted before any recursive parser sees it: a parser recursing 100,000 levels
/// deep overflows the stack, so input from outside is refused past `limit` instead.
public enum JSONDepth {
    /// apolo's own files nest a few levels; anything deeper is not one of them.
    public static let limit = 64

    /// The deepest nesting of arrays and objects outside strings; stops counting once past `limit`.
    public static func of<C: Collection>(_ bytes: C) -> Int where C.Element == UInt8 {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 92 {
                    escaped = true
                } else if byte == 34 {
                    inString = false
                }
                continue
            }
            switch byte {
            case 34: inString = true
            case 91, 123:
                depth += 1
                deepest = max(deepest, depth)
                if deepest > limit { return deepest }
            case 93, 125: depth -= 1
            default: break
            }
        }
        return deepest
    }
}
