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
    /// like or form new people, as one undo step ("people group"); nothing is saved when nothing changes. With
    /// `expect`, only on the document at that revision (the page's). The descriptors come from the measures (see
    /// `analyze`); the grouping runs outside the lock and the edit leaves alone any face a change made meanwhile
    /// has placed.
    @discardableResult
    /// `measured`: the project's measures when the caller has just read them (an analysis), else read here.
    public func groupPeople(
        _ name: String? = nil, expect: String? = nil, measured given: [PhotoID: Signals]? = nil
    ) throws -> (PeopleReport, Outcome) {
        let name = try name ?? store.requireCurrent()
        let project = try load(name)
        var report = PeopleReport()
        if let off = peopleOff { report.off = off }
        let measured = given ?? signals(of: Set(project.photos.keys))
        let (loose, known) = Self.faces(of: project, measured)
        report.faces = loose.count + known.values.reduce(0) { $0 + $1.count }
        let grouped = Grouping().group(loose, known: known.map { (id: $0.key, identities: $0.value) })
        let named = peerNames(project, measured)
        if loose.isEmpty, named.isEmpty, expect == nil {  // nothing to change: no second load of a large project
            report.people = project.everyone.persons.count
            return (report, Outcome(project: project, messages: [], changed: false))
        }
        let outcome = try apply(
            [Change(PeopleGroup(joins: grouped.joins, groups: grouped.groups, names: named))], project: name,
            command: "people group", expect: expect)
        report.people = outcome.project.everyone.persons.count
        (report.joined, report.made) = (grouped.joins.count, grouped.groups.count)
        report.loose = loose.count - grouped.joins.count - grouped.groups.reduce(0) { $0 + $1.count }
        return (report, outcome)
    }

    /// The names other programs gave the faces that are in no person yet and not forgotten (see `PeerFace`): each
    /// named region of a photo given to the measured face it covers. A face already someone's keeps them, so a
    /// split the photographer made is not undone by the next grouping.
    func peerNames(_ project: Project, _ measured: [PhotoID: Signals]) -> [String: String] {
        guard let cache = try? signalsCache() else { return [:] }
        let people = project.everyone
        let held = people.personOfFace, ignored = Set(people.ignored ?? [])
        var names: [String: String] = [:]
        // only photos with measured faces can take a name: their ids, not a second copy of every id
        let faced = Set(measured.lazy.filter { $0.value.faces?.isEmpty == false }.map(\.key))
        for (photo, regions) in cache.peerFaces(for: faced) {
            guard let faces = measured[photo]?.faces, let orientation = project.photos[photo]?.orientation else {
                continue
            }
            for region in regions {
                guard let i = region.face(among: faces, orientation: orientation) else { continue }
                let key = FaceKey.of(photo, i)
                if held[key] == nil && !ignored.contains(key) { names[key] = region.name }
            }
        }
        return names
    }

    /// Why people are off (the identity model is not installed), or nil while faces get descriptors.
    public var peopleOff: String? { FaceFinder.identifies ? nil : "people are off: " + FaceFinder.identityMissing }

    /// How many faces with a descriptor are in no person and not forgotten.
    public static func looseFaces(of project: Project, _ measured: [PhotoID: Signals]) -> Int {
        faces(of: project, measured).0.count
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
