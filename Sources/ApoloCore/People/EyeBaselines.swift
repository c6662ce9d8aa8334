/// Each person's own open-eye look across the shoot: what their eyes' opening usually is, so that a narrow-eyed
/// person looking as they always do is not read as a blink.
///
/// A person's baseline is the opening their faces reach or pass in three of four photos (the 75th percentile: a few
/// blinks do not lower it), over their faces of `Eyes.minimumPixels` or more; from `fewest` such faces. It only ever
/// makes eyes `open` (see `Eyes.of`): measured on 120 real faces where a baseline rule and everyone's thresholds
/// disagreed, each judged by a person, "closed under 70% of the person's baseline" called 26 open eyes closed for
/// 5 closed ones caught (the opening of open eyes varies too much with pose and expression), while "open from 85%
/// of it" turned 2 faces `unknown` into `open`, both right.
public struct EyeBaselines: Sendable, Equatable {
    /// Faces a person needs before their own look is trusted.
    public static let fewest = 3
    /// A face at least this share of its person's baseline is as open as they usually are.
    public static let openFrom = 0.85

    /// Each grouped face's person's baseline, by face key.
    public private(set) var byFace: [String: Double] = [:]

    public init() {}

    /// The baselines of every person with enough faces measured.
    public init(people: People, signals: [PhotoID: Signals]) {
        for person in people.persons {
            var openings: [Double] = []
            for key in person.faces {
                guard let photo = FaceKey.photo(of: key), let i = FaceKey.index(of: key),
                    let faces = signals[photo]?.faces, i < faces.count,
                    faces[i].pixels >= Eyes.minimumPixels, faces[i].eyes.count == 2
                else { continue }
                openings.append(faces[i].opening)
            }
            guard openings.count >= Self.fewest else { continue }
            let sorted = openings.sorted()
            let baseline = sorted[min(sorted.count - 1, sorted.count * 3 / 4)]
            for key in person.faces { byFace[key] = baseline }
        }
    }

    /// The baseline of face `index` of photo `id`, when its person has one.
    public func of(_ id: PhotoID, _ index: Int) -> Double? { byFace.isEmpty ? nil : byFace[FaceKey.of(id, index)] }
}
