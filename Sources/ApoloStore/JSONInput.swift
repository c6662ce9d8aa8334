import ApoloCore
import Foundation

/// JSON from outside decoded with bounds: nesting deeper than `maxDepth` is refused before any parser recurses
/// into it (Foundation's parser would overflow the stack), and a decoding error is worded for people.
public enum JSONInput {
    /// apolo's own files nest a few levels; anything deeper is not one of them.
    public static let maxDepth = JSONDepth.limit

    /// Decodes `bytes` as `T`; `what` names the input in the error ("a history step").
    public static func decode<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], what: String) throws -> T {
        guard JSONDepth.of(bytes) <= maxDepth else {
            throw StoreError.io(path: what, problem: "nested deeper than \(maxDepth) levels")
        }
        do { return try JSONDecoder().decode(T.self, from: Data(bytes)) } catch {
            throw StoreError.io(path: what, problem: "it is not valid (\(DocumentCodec.reason(error)))")
        }
    }
}
