import ApoloCore
import ApoloEngine
import Foundation
import Hummingbird

/// The people of the open project, for the page's People panel, and grouping new faces at the page's request.
extension AnalysisConcern {
    /// `{"people": [{"id", "name"?, "faces", "photos": [id...], "face": {"photo", "box", "aspect"}?}], "loose": N,
    /// "off": words?}`: most faces first; `face`, the person's largest face measured (its photo, its box as shown and
    /// the photo's width over its height as shown, for the tile);
    /// `loose`, faces with a descriptor in no person and not forgotten (`people group` may place them); `off`, why
    /// people are off, in the page's language (the identity model is not installed).
    func peopleState(_ language: Language) throws -> Response {
        let project = try loaded().1
        let people = project.everyone
        let signals = engine.signals(of: Set(project.photos.keys))  // read once: the tiles and the loose faces
        var json = JSONWriter(capacity: people.persons.count * 200 + 256)
        json.object { json in
            json.key("people")
            json.array { json in
                for person in people.persons.sorted(by: { ($0.faces.count, $1.id) > ($1.faces.count, $0.id) }) {
                    let tile = person.largestFace(signals).map { ($0.photo, $0.face.box) }
                    Self.write(person, tile: tile, project: project, into: &json)
                }
            }
            json.key("loose")
            json.int(Engine.looseFaces(of: project, signals))
            json.key("off")
            json.string(engine.peopleOff.map { Said(text: $0).text(language, for: .page) })
        }
        return LightTable.json(bytes: json.bytes)
    }

    static func write(
        _ person: Person, tile: (PhotoID, [Double])?, project: Project, into json: inout JSONWriter
    ) {
        json.object { json in
            json.key("id"); json.int(person.id)
            if let name = person.name { json.key("name"); json.string(name) }
            json.key("faces"); json.int(person.faces.count)
            var seen = Set<PhotoID>()
            let photos = person.faces.compactMap(FaceKey.photo(of:)).filter {
                project.photos[$0] != nil && seen.insert($0).inserted
            }
            json.key("photos"); json.strings(photos)
            if let (photo, box) = tile {
                json.key("face")
                json.object { json in
                    json.key("photo"); json.string(photo)
                    json.key("box")
                    json.array { json in for x in box { json.literal(LightTable.decimal(x, places: 3)) } }
                    json.key("aspect")
                    json.literal(String(format: "%.4f", Self.aspect(of: project.photos[photo])))
                }
            }
        }
    }

    /// The group shot of the stack photo `id` is in (see `GroupShot`): `{"frames": [id], "rows": [{"person"?,
    /// "name"?, "cells": [{"eyes", "sharpness", "good"} | null]}], "suggested": id, "good": N, "swaps": [{"row",
    /// "from": id}]}`; 404 in words when the photo is in no stack or no frame has a face measured.
    func groupShot(_ id: PhotoID) throws -> Response {
        let project = try loaded().1
        guard project.photos[id] != nil else { throw HTTPFailure(status: .notFound, message: "no such photo") }
        let analysis = engine.analysis(of: project)
        guard let stack = analysis.stacks.stackOf[id], let frames = analysis.stacks.members[stack] else {
            throw HTTPFailure(status: .notFound, message: "this photo is in no stack")
        }
        guard let shot = GroupShot.of(frames, signals: analysis.signals, people: project.everyone) else {
            throw HTTPFailure(status: .notFound, message: "no face was found in this stack's frames")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return LightTable.json(bytes: Array(try encoder.encode(shot)))
    }

    /// A photo's width over its height as shown (orientation applied); 1 when its size is not known.
    static func aspect(of photo: Photo?) -> Double {
        guard let photo, let w = photo.width, let h = photo.height, w > 0, h > 0 else { return 1 }
        let turned = (5...8).contains(photo.orientation)
        return min(100, max(0.01, turned ? Double(h) / Double(w) : Double(w) / Double(h)))
    }

    /// Groups the faces in no person yet (`apolo people group`) as one step, to the revision the page saw; answers
    /// as a change does.
    func groupPeople(_ body: LightTable.WalkBody, engine: Engine, _ language: Language) throws -> Response {
        try table.perform(
            body.expect, language, step: { Said(joining: $0.said, separator: "; ").text(language, for: .page) }
        ) {
            try engine.groupPeople(expect: body.expect).1
        }
    }
}
