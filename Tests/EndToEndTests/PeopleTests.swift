import Foundation
import Testing

/// People, end to end on real photos (Tests/Fixtures): one astronaut's portrait three times, one studio sitter
/// twice, a girl once; grouped at import, named, filtered by, merged, split, forgotten and undone.
@Suite struct PeopleEndToEndTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").path
    static let photos = [
        "faces/astronaut.jpg", "faces/astronaut-burst-2.jpg", "deciding/white-backdrop.jpg", "deciding/portrait.jpg",
        "deciding/portrait-overexposed.jpg", "deciding/eyes-closed.jpg"
    ].map { fixtures + "/" + $0 }

    /// The people listed: (number, name, faces), most faces first.
    static func people(_ box: Sandbox) throws -> [(Int, String?, Int)] {
        let rows = try #require(json(box.apolo("people", "--json").out) as? [[String: Any]])
        return rows.map { ($0["person"] as? Int ?? 0, $0["name"] as? String, $0["faces"] as? Int ?? 0) }
    }

    static func files(_ box: Sandbox, _ arguments: String...) throws -> Set<String> {
        let run = box.run(["filter", "--from", "table", "--json"] + arguments)
        let rows = try #require(json(run.out) as? [[String: Any]], "\(run)")
        return Set(rows.compactMap { $0["file"] as? String })
    }

    @Test func facesBecomePeopleWhoAreNamedFilteredMergedSplitAndForgotten() throws {
        let box = Sandbox()
        box.apolo("project", "new", "people")
        let imported = box.run(["import"] + Self.photos)
        #expect(imported.code == 0 && imported.out.contains("2 people from 6 faces (2 new"), "\(imported)")
        let found = try Self.people(box)
        #expect(found.map(\.2) == [3, 2], "\(found)")
        let (astronaut, sitter) = (found[0].0, found[1].0)
        #expect(box.apolo("person", "name", "\(astronaut)", "Eileen").code == 0)
        #expect(box.apolo("person", "name", "\(sitter)", "Ana").code == 0)
        let clash = box.apolo("person", "name", "\(sitter)", "eileen")
        #expect(clash.code == 1 && clash.err.contains("to make them one, apolo person merge"), "\(clash)")
        #expect(box.apolo("person", "name", "\(sitter)", "42").err.contains("is a number"))
        let eileen = try Self.files(box, "--person", "EILEEN")
        #expect(eileen == ["astronaut.jpg", "astronaut-burst-2.jpg", "white-backdrop.jpg"], "\(eileen)")
        #expect(try Self.files(box, "--without", "Eileen", "--without", "ana") == ["eyes-closed.jpg"])
        #expect(try Self.files(box, "--people", "1").count == 6 && Self.files(box, "--people", "2+").isEmpty)
        let nobody = box.apolo("filter", "--person", "Luis")
        #expect(nobody.code == 1 && nobody.err.contains("no person is 'Luis' (named: "), "\(nobody)")

        #expect(box.apolo("person", "merge", "Ana", "Eileen").code == 0)
        #expect(try Self.people(box).map(\.2) == [5])
        #expect(box.apolo("undo").code == 0)
        #expect(try Self.people(box).map { $0.1 } == ["Eileen", "Ana"])
        let split = box.apolo("person", "split", "Eileen", "white-backdrop.jpg")
        #expect(split.code == 0 && split.out.contains("1 of Eileen's faces moved to a new person"), "\(split)")
        let third = try #require(try Self.people(box).first(where: { $0.1 == nil }))
        #expect(box.apolo("person", "forget", "\(third.0)").code == 0)
        let again = box.apolo("people", "group")
        #expect(
            again.out.contains("2 people from 5 faces (0 new, 0 faces joined people already known, 1 seen once)"),
            "forgotten stays out: \(again)")
        let history = box.apolo("history").out
        #expect(history.contains("people group") && history.contains("person forget"), "\(history)")

        box.apolo("filter", "--from", "table", "--person", "Eileen", "--new-shelf", "eileen")
        box.apolo("album", "compress", "eileen")
        let export = box.apolo("export", "--to", box.root + "/out", "--sidecars")
        #expect(export.code == 0, "\(export)")
        let sidecars = try FileManager.default.contentsOfDirectory(atPath: box.root + "/out/people")
            .filter { $0.hasSuffix(".jpg.xmp") }
        #expect(sidecars.count == 2, "\(sidecars)")
        for sidecar in sidecars {
            let read = tool("/usr/bin/exiftool", ["-s3", "-RegionName", box.root + "/out/people/" + sidecar]) ?? ""
            #expect(read.trimmingCharacters(in: .whitespacesAndNewlines) == "Eileen", "peers read the name: \(read)")
        }
    }

    /// The astronaut's burst (its face blurred in frames 1 and 3) as a group shot of one person.
    @Test func aStackIsShownPersonByFrameWithItsBestFrame() throws {
        let box = Sandbox()
        box.apolo("project", "new", "burst")
        let burst = (1...3).map { Self.fixtures + "/faces/astronaut-burst-\($0).jpg" }
        #expect(box.run(["import"] + burst).code == 0)
        let shown = try #require(json(box.apolo("stack", "show", "table:3", "--json").out) as? [String: Any])
        #expect(
            shown["frames"] as? [String] == ["table:1", "table:2", "table:3"]
                && shown["suggested"] as? String == "table:2")
        let rows = try #require(shown["rows"] as? [[String: Any]])
        let good = (rows.first?["cells"] as? [[String: Any]])?.map { $0["good"] as? Bool }
        #expect(rows.count == 1 && good == [false, true, false], "the blurred frames' face is soft beside frame 2's")
        let text = box.apolo("stack", "show", "table:1").out
        #expect(text.contains("table:2 (suggested)"))
        #expect(text.contains("suggested: table:2 — everyone good (1 person)"))
        let alone = box.apolo("stack", "show", "nothing.jpg")
        #expect(alone.code != 0 && !alone.err.isEmpty)
    }

    /// Names written by `export --sidecars` (as Lightroom and digiKam write them) come back at import: the faces
    /// they cover become those people, with the identity model and without it.
    @Test func namesOtherProgramsGaveFacesAreReadBackAtImport() throws {
        let box = Sandbox()
        box.apolo("project", "new", "named")
        #expect(box.run(["import"] + Self.photos).code == 0)
        let found = try Self.people(box)
        box.apolo("person", "name", "\(found[0].0)", "Eileen")
        box.apolo("person", "name", "\(found[1].0)", "Ana")
        box.apolo("shelf", "create", "all")
        for _ in Self.photos { box.apolo("slide", "move", "table:1", "--to", "all") }
        box.apolo("album", "compress", "all")
        #expect(box.apolo("export", "--to", box.root + "/out", "--sidecars").code == 0)
        for (model, project) in [(nil, "again"), ("", "bare")] {
            if let model { box.environment["APOLO_IDENTITY_MODEL"] = model }
            box.apolo("project", "new", project)
            let imported = box.apolo("import", box.root + "/out/named")
            #expect(imported.code == 0, "\(imported)")
            let back = try Self.people(box).map { ($0.1 ?? "", $0.2) }.sorted { $0.0 < $1.0 }
            #expect(back.map(\.0) == ["Ana", "Eileen"], "\(project): \(back)")
            #expect(back.map(\.1) == [2, 3], "\(project): every named face found its person: \(back)")
        }
    }

    @Test func withoutTheIdentityModelFacesAreFoundAndPeopleAreSaidToBeOff() throws {
        let box = Sandbox()
        box.environment["APOLO_IDENTITY_MODEL"] = ""
        box.apolo("project", "new", "people")
        let imported = box.run(["import"] + Self.photos.prefix(2))
        #expect(imported.out.contains("2 with faces") && imported.out.contains("people are off: dlib's"), "\(imported)")
        #expect(box.apolo("people").out.contains("no people yet"))
    }
}
