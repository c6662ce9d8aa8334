import ApoloCore
import CApoloWorkers

/// Faces and eyes from dlib, in apolo-face-worker processes (a crash or a hang there costs one photo's faces).
/// When the worker or dlib's landmark model is not installed, faces are off: photos are measured without them and
/// `off` says why, once.
public enum FaceFinder {
    /// Seconds one photo's faces may take (the worker is stopped then; the first call loads a 100 MB model).
    static let seconds = 30.0
    /// Detections scoring lower are not kept: dlib's HOG scores a frontal face over 0.5 and a round badge on a
    /// suit (scikit-image's astronaut) about 0.06; a face turned a little away scores 0.3–0.5.
    public static let minimumScore = 0.25

    private static let reason = Locked<String?>(nil)

    /// Why faces are not looked for, or nil while they are.
    public static var off: String? { reason.value }

    /// True when the worker and the landmark model are where a first call will look (so photos measured without
    /// faces are worth measuring again).
    public static var installed: Bool { apolo_faces_installed() == 1 }

    /// The faces in an 8-bit grey picture, or nil when they were not looked for (faces are off, or the worker died
    /// on this photo).
    public static func find(grey: UnsafePointer<UInt8>, width: Int, height: Int) -> [FoundFace]? {
        guard reason.value == nil else { return nil }
        var answer = apolo_faces_answer()
        var error = [CChar](repeating: 0, count: 256)
        let status = apolo_faces_isolated(grey, Int32(width), Int32(height), &answer, &error, error.count, seconds)
        guard status == 0 else {
            if status == -1 {
                let words = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                reason.withLock { $0 = $0 ?? (words.hasPrefix("faces are off") ? words : "faces are off: " + words) }
            }
            return nil
        }
        return withUnsafeBytes(of: answer.faces) { raw in
            Array(raw.bindMemory(to: apolo_face.self).prefix(Int(answer.count)))
                .filter { Double($0.score) >= minimumScore }.map { face in
                FoundFace(x: Int(face.x), y: Int(face.y), width: Int(face.w), height: Int(face.h),
                          score: Double(face.score), eyes: [Double(face.left_eye), Double(face.right_eye)])
            }
        }
    }
}
