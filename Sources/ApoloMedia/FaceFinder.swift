import ApoloCore
import CApoloWorkers
import Foundation

/// Faces (YuNet) and eyes (dlib), in apolo-face-worker processes (a crash or a hang there costs one photo's faces).
/// When the worker or dlib's landmark model is not installed, faces are off: photos are measured without them and
/// `off` says why, once.
public enum FaceFinder {
    /// Seconds one look may take before the worker is stopped: a new worker loads its 100 MB model in about 0.7 s,
    /// and the largest picture the worker takes (16.7 MP) is scanned in about 2 s here. `APOLO_FACE_SECONDS` (1–60)
    /// sets another limit (the tests' hanging worker).
    static let seconds: Double = {
        let given = ProcessInfo.processInfo.environment["APOLO_FACE_SECONDS"].flatMap { Int($0.prefix(3)) }
        return given.map { Double(min(60, max(1, $0))) } ?? 10
    }()
    /// Looks in a row that hang after which the face finder is retired for the rest of the run: a worker that keeps
    /// hanging would cost `seconds` a photo (1,000 photos: almost 3 hours).
    static let hangsToRetire = 3
    /// Looks in a row whose worker crashed after which it is retired for the rest of the run.
    static let crashesToRetire = 20
    /// Detections scoring lower are not kept. YuNet's start at 0.7 (the worker keeps no lower one); where its model
    /// is missing, dlib's HOG scores a frontal face over 0.5, a face turned a little away 0.3–0.5, and a round badge
    /// on a suit (scikit-image's astronaut) about 0.06.
    public static let minimumScore = 0.25

    private static let reason = Locked<String?>(nil)
    private static let weaker = Locked<String?>(nil)
    /// Hangs and crashes in a row, and whether `reason` retired a failing worker (ended by `beginRun`).
    private static let watch = Locked((hangs: 0, crashes: 0, retired: false))

    /// Starts a run (an import's or an analysis's measures): a face finder retired by an earlier run is tried again.
    public static func beginRun() {
        watch.withLock { state in
            if state.retired { reason.withLock { $0 = nil } }
            weaker.withLock { $0 = nil }
            state = (0, 0, false)
        }
    }

    /// Why faces are not looked for, or nil while they are.
    public static var off: String? { reason.value }

    /// Why this run's faces were found by dlib's HOG detector, which misses about a third of the faces YuNet finds
    /// (its model is missing or unreadable), or nil when YuNet found them or HOG was chosen
    /// (`APOLO_FACE_DETECTOR=`).
    public static var fewer: String? {
        weaker.value.map { "faces were found by dlib's older detector, which misses about a third of them: " + $0 }
    }

    /// True when faces come from YuNet: a blank picture is looked at, and its answer does not say dlib's older
    /// detector stood in (nor that faces are off); false when that detector is chosen (`APOLO_FACE_DETECTOR=`).
    public static func findsWithYuNet() -> Bool {
        guard ProcessInfo.processInfo.environment["APOLO_FACE_DETECTOR"] != "" else { return false }
        let blank = [UInt8](repeating: 128, count: 64 * 64)
        let found = blank.withUnsafeBufferPointer { $0.baseAddress.flatMap { find(grey: $0, width: 64, height: 64) } }
        return found != nil && weaker.value == nil
    }

    /// True when the worker and the landmark model are where a first call will look (so photos measured without
    /// faces are worth measuring again).
    public static var installed: Bool { apolo_faces_installed() == 1 }

    /// True when faces are found and the identity model is installed: faces then get descriptors (`Identity`).
    public static var identifies: Bool { installed && identityModel != nil }

    /// The identity model the worker loads (see APOLO_IDENTITY_MODEL in apolo_faces.h), or nil when none is
    /// readable.
    static var identityModel: String? {
        if let given = ProcessInfo.processInfo.environment["APOLO_IDENTITY_MODEL"] {
            return !given.isEmpty && access(given, R_OK) == 0 ? given : nil
        }
        return [APOLO_IDENTITY_MODEL, APOLO_IDENTITY_MODEL_PACKAGED].first { access($0, R_OK) == 0 }
    }

    /// Why faces get no descriptors, in words that say what to do.
    public static var identityMissing: String {
        "dlib's face-recognition model is not installed (make deps installs it: scripts/ensure-models.sh)"
    }

    /// The faces in an 8-bit grey picture, looked for shrunk to `scan` on its longer side (0: as it is, up to 4 MP),
    /// in `colour` (the same picture as packed RGB, no larger) when there is one; nil when they were not looked for
    /// (faces are off, or the worker died on this photo).
    public static func find(
        grey: UnsafePointer<UInt8>, width: Int, height: Int, scan: Int = 0, colour: ColourPicture? = nil
    ) -> [FoundFace]? {
        guard reason.value == nil else { return nil }
        var answer = apolo_faces_answer()
        var error = [CChar](repeating: 0, count: 256)
        let status = apolo_faces_isolated(
            grey, Int32(width), Int32(height), colour?.pixels, Int32(colour?.width ?? 0), Int32(colour?.height ?? 0),
            Int32(max(0, min(65_535, scan))), &answer, &error, error.count, seconds)
        let words = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard status == 0 else {
            if status == -1 {
                reason.withLock { $0 = $0 ?? (words.hasPrefix("faces are off") ? words : "faces are off: " + words) }
            } else {
                failed(hung: status == APOLO_FACES_HUNG, words)
            }
            return nil
        }
        watch.withLock {
            $0.hangs = 0; $0.crashes = 0
        }
        if !words.isEmpty { weaker.withLock { $0 = $0 ?? words } }
        return withUnsafeBytes(of: answer.faces) { raw in
            Array(raw.bindMemory(to: apolo_face.self).prefix(Int(answer.count)))
                .filter { Double($0.score) >= minimumScore }.map { face in
                    FoundFace(
                        x: Int(face.x), y: Int(face.y), width: Int(face.w), height: Int(face.h),
                        score: Double(face.score), eyes: [Double(face.left_eye), Double(face.right_eye)],
                        identity: face.identified == 1 ? identity(face) : nil,
                        shut: [face.left_shut, face.right_shut].map { $0.isFinite ? max(-99, min(99, Double($0))) : 0 },
                        turned: face.turn > 0 && face.turn.isFinite ? min(9, Double(face.turn)) : nil)
                }
        }
    }

    /// A face's identity descriptor as the worker sent it.
    private static func identity(_ face: apolo_face) -> [Float] {
        withUnsafeBytes(of: face.identity) { Array($0.bindMemory(to: Float.self).prefix(Int(APOLO_IDENTITY_LENGTH))) }
    }

    /// Counts a look whose worker hung or crashed; retires the face finder for the run when they keep coming.
    private static func failed(hung: Bool, _ words: String) {
        watch.withLock { state in
            if hung { state.hangs += 1 } else { state.crashes += 1 }
            guard state.hangs >= hangsToRetire || state.crashes >= crashesToRetire, !state.retired else { return }
            state.retired = true
            let what =
                hung
                ? "hung on \(hangsToRetire) photos in a row (each stopped after \(Int(seconds)) s)"
                : "crashed on \(crashesToRetire) photos in a row (\(words))"
            reason.withLock { $0 = $0 ?? "faces are off for the rest of this run: the face finder \(what)" }
        }
    }
}

/// A picture as packed 8-bit RGB, for the face detector's look.
public struct ColourPicture {
    public let pixels: UnsafePointer<UInt8>
    public let width: Int, height: Int

    public init(pixels: UnsafePointer<UInt8>, width: Int, height: Int) {
        (self.pixels, self.width, self.height) = (pixels, width, height)
    }
}
