/// A stack as a group shot: each person (or, for a face in no person, each place in the frame) against each frame —
/// their eyes and their face's focus — the frame where most people are good, and for each person not good there,
/// the frame that has them at their best (for a head swap in an editor).
public struct GroupShot: Sendable, Equatable, Encodable {
    /// One person in one frame: their eyes, their face's sharpness, and whether both are good (eyes not closed,
    /// the face at least `sharpEnough` of the sharpest it is in the stack).
    public struct Cell: Sendable, Equatable, Encodable {
        public let eyes: Eyes
        public let sharpness: Double
        public let good: Bool
    }

    /// A person (their number and name, when their face is grouped) and their cell in each frame (nil: not found).
    public struct Row: Sendable, Equatable, Encodable {
        public let person: Int?
        public let name: String?
        public var cells: [Cell?]
    }

    /// Someone not good in the suggested frame, and the frame that has them at their best.
    public struct Swap: Sendable, Equatable, Encodable {
        public let row: Int
        public let from: PhotoID
    }

    /// True when some frame holds two faces or more: a group, where the suggested frame is the group shot's.
    public var isGroup: Bool { frames.indices.contains { f in rows.filter { $0.cells[f] != nil }.count >= 2 } }

    /// Why the suggested frame was suggested, in words.
    public var why: String {
        let n = rows.count
        let missing = rows.contains { $0.cells.contains { $0 == nil } }
        let passed = missing ? "; frames where a face was not found passed over" : ""
        if good == n { return "everyone good (\(n) \(n == 1 ? "person" : "people")): eyes open, faces sharp" + passed }
        return "most people good (\(good) of \(n))"
            + (swaps.isEmpty ? "" : "; \(swaps.count) at their best in another frame (apolo stack show)") + passed
    }

    /// A face this share of its sharpest in the stack or more is sharp enough.
    public static let sharpEnough = 0.75

    public let frames: [PhotoID]
    public let rows: [Row]
    public let suggested: PhotoID
    /// How many people are good in the suggested frame.
    public let good: Int
    public let swaps: [Swap]

    /// The group shot of a stack's frames (in order), or nil when no frame has a face measured. A face joins the
    /// row of its person (faces grouped into people), else of a face in the same place in another frame.
    public static func of(_ frames: [PhotoID], signals: [PhotoID: Signals], people: People) -> GroupShot? {
        let seats = Self.seats(frames, signals, people.personOfFace)
        guard !seats.isEmpty else { return nil }
        let rows = seats.map { seat -> Row in
            let sharpest = seat.faces.values.map(\.face.sharpness).max() ?? 0
            let cells = frames.indices.map { f in
                seat.faces[f].map { face, eyes in
                    Cell(
                        eyes: eyes, sharpness: face.sharpness,
                        good: eyes != .closed && face.sharpness >= sharpEnough * sharpest)
                }
            }
            let name = seat.person.flatMap { id in people.persons.first { $0.id == id }?.name }
            return Row(person: seat.person, name: name, cells: cells)
        }
        let score = { (f: Int) -> (Int, Double) in
            let present = rows.compactMap { $0.cells[f] }
            return (present.filter(\.good).count, present.map(\.sharpness).min() ?? 0)
        }
        var best = 0
        for f in frames.indices.dropFirst() where score(f) > score(best) { best = f }
        let swaps = rows.indices.compactMap { r -> Swap? in
            guard rows[r].cells[best]?.good != true else { return nil }
            let good = frames.indices.filter { rows[r].cells[$0]?.good == true }
            guard let from = good.max(by: { rows[r].cells[$0]!.sharpness < rows[r].cells[$1]!.sharpness }) else {
                return nil
            }
            return Swap(row: r, from: frames[from])
        }
        return GroupShot(frames: frames, rows: rows, suggested: frames[best], good: score(best).0, swaps: swaps)
    }

    /// One person's faces across the frames (by frame index), and their person when grouped.
    struct Seat {
        var person: Int?
        var faces: [Int: (face: Face, eyes: Eyes)] = [:]
    }

    /// Eyes are judged as `Analysis.faces(of:)` judges them: against the same face in the stack's other frames.
    static func seats(_ frames: [PhotoID], _ signals: [PhotoID: Signals], _ personOf: [String: Int]) -> [Seat] {
        var seats: [Seat] = []
        for (f, id) in frames.enumerated() {
            let siblings = frames.filter { $0 != id }.flatMap { signals[$0]?.faces ?? [] }
            let judgedFaces = (signals[id]?.faces ?? []).map { (face: $0, eyes: Eyes.of($0, siblings: siblings)) }
            for (i, judged) in judgedFaces.enumerated() {
                let person = personOf[FaceKey.of(id, i)]
                let at =
                    person.flatMap { p in seats.firstIndex { $0.person == p && $0.faces[f] == nil } }
                    ?? seats.firstIndex { seat in
                        seat.faces[f] == nil && (seat.person == nil || person == nil)
                            && seat.faces.values.contains { $0.face.overlaps(judged.face) }
                    } ?? seats.count
                if at == seats.count { seats.append(Seat(person: person)) }
                seats[at].faces[f] = (judged.face, judged.eyes)
                if seats[at].person == nil { seats[at].person = person }
            }
        }
        return seats
    }
}
