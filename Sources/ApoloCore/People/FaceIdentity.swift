import Foundation

/// A face's identity descriptor (dlib's face-recognition ResNet: 128 numbers; faces of one person lie within about
/// 0.55 of each other), as the cache keeps it: each number times `scale`, rounded into a signed byte, in base64
/// (172 characters a face, where JSON numbers would take about 1,300).
public enum FaceIdentity {
    public static let length = 128
    /// The descriptor's numbers reach ±0.33 and a little past on real faces (measured); a byte steps by 0.004.
    public static let scale: Float = 256

    /// The stored form of a descriptor, or nil when it is not `length` finite numbers.
    public static func encode(_ values: [Float]) -> String? {
        guard values.count == length, values.allSatisfy(\.isFinite) else { return nil }
        let bytes = values.map { UInt8(bitPattern: Int8(max(-127, min(127, ($0 * scale).rounded())))) }
        return Data(bytes).base64EncodedString()
    }

    /// The descriptor of a stored form, or nil when it is not one apolo writes.
    public static func decode(_ text: String) -> [Float]? {
        guard text.utf8.count == 172, let data = Data(base64Encoded: text), data.count == length else { return nil }
        return data.map { Float(Int8(bitPattern: $0)) / scale }
    }
}
