/// `time match REF --to OTHER`: two bodies' clocks made equal by one pair of photos of the same moment: every
/// photo of REF's camera (its model and serial) moves by OTHER's capture time less REF's.
public struct TimeMatch: Edit, Equatable {
    public static let spec = CommandSpec(
        "time match",
        "Make a camera's clock match another's: its photos move so REF was taken when the other photo was", kind: .edit)
    public static let examples = [
        Example(
            "time match table:1 --to table:1", TimeMatch("table:1", to: "table:1"), before: "table: a",
            error: "the two photos were taken at the same time already")
    ]

    public let ref: String
    public let other: String

    public init(_ ref: String, to other: String) {
        (self.ref, self.other) = (ref, other)
    }

    public func apply(to project: inout Project) throws -> Said {
        let from = try project.resolvePhotos(project.references(ref))
        let to = try project.resolvePhotos(project.references(other))
        guard from.count == 1, to.count == 1, let a = project.photos[from[0]], let b = project.photos[to[0]] else {
            throw CoreError(.invalid, "name one photo of each camera: time match REF --to REF")
        }
        guard let ta = Timestamp(iso: String((a.captured ?? a.modified).prefix(19))),
            let tb = Timestamp(iso: String((b.captured ?? b.modified).prefix(19)))
        else {
            throw CoreError(.invalid, "a photo without a readable capture time cannot set a clock")
        }
        let seconds = Int(tb.seconds - ta.seconds)
        guard seconds != 0 else { throw CoreError(.invalid, "the two photos were taken at the same time already") }
        guard let camera = a.model ?? a.camera else {
            return try TimeShift(ref: ref, seconds: seconds).apply(to: &project)
        }
        return try TimeShift(camera: camera, serial: a.serial, seconds: seconds).apply(to: &project)
    }
}
