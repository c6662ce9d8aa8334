import ApoloCore
import ApoloMedia
import ApoloStore

/// What a grouping of faces into people did.
public struct PeopleReport: Encodable, Sendable {
    /// Faces that joined people already known, new people, and faces left loose (alone so far, tried again later).
    public var joined = 0, made = 0, loose = 0
    /// Faces found with a descriptor, in all, and people now.
    public var faces = 0, people = 0
    /// Why people are off (the identity model is not installed), or nil.
    public var off: String?

    public var summary: String {
        if let off { return off }
        return "\(people) \(people == 1 ? "person" : "people") from \(faces) faces (\(made) new, \(joined) faces "
            + "joined people already known, \(loose) seen once)"
    }
}

extension Engine {
    /// Groups the faces of the open project (or `name`) that are in no person yet: they join the people they look
    /// like or form new people, as one undo step ("people group"); nothing is saved when nothing changes.
    /// The descriptors come from the measures (see `analyze`); the grouping runs outside the lock and the edit
    /// leaves alone any face a change made meanwhile has placed.
    public func groupPeople(_ name: String? = nil) throws -> PeopleReport {
        let name = try name ?? store.requireCurrent()
        let project = try load(name)
        var report = PeopleReport()
        guard FaceFinder.identifies else {
            report.off = "people are off: " + FaceFinder.identityMissing
            return report
        }
        let (loose, known) = Self.faces(of: project, signals(of: Set(project.photos.keys)))
        report.faces = loose.count + known.values.reduce(0) { $0 + $1.count }
        let grouped = Grouping().group(loose, known: known.map { (id: $0.key, identities: $0.value) })
        var people = project.everyone.persons.count
        if !grouped.joins.isEmpty || !grouped.groups.isEmpty {
            let outcome = try apply(
                [Change(PeopleGroup(joins: grouped.joins, groups: grouped.groups))], project: name,
                command: "people group")
            people = outcome.project.everyone.persons.count
        }
        report.people = people
        (report.joined, report.made) = (grouped.joins.count, grouped.groups.count)
        report.loose = loose.count - grouped.joins.count - grouped.groups.reduce(0) { $0 + $1.count }
        return report
    }

    /// The faces with a descriptor that are in no person and not forgotten, and each person's descriptors.
    static func faces(of project: Project, _ signals: [PhotoID: Signals]) -> ([Grouping.Face], [Int: [[Float]]]) {
        let people = project.everyone
        let held = people.personOfFace, ignored = Set(people.ignored ?? [])
        var loose: [Grouping.Face] = [], known: [Int: [[Float]]] = [:]
        for (photo, measured) in signals {
            for (i, face) in (measured.faces ?? []).enumerated() where face.pixels >= Grouping.minimumPixels {
                guard let identity = face.identity.flatMap(FaceIdentity.decode) else { continue }
                let key = FaceKey.of(photo, i)
                if let id = held[key] {
                    known[id, default: []].append(identity)
                } else if !ignored.contains(key) {
                    loose.append(Grouping.Face(key: key, identity: identity, pixels: face.pixels))
                }
            }
        }
        loose.sort { $0.key < $1.key }
        return (loose, known)
    }
}
