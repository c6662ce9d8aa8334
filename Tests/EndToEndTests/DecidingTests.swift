import ApoloFixtures
import Foundation
import Testing

/// Flags a photographer can trust, on real photos (Tests/Fixtures/deciding/README.md): a soft photo, a blown face
/// and closed eyes flagged with their reasons; a sharp shallow depth of field and a white backdrop not flagged.
@Suite struct DecidingEndToEndTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/deciding").path

    @Test func realPhotosAreJudgedAsAPhotographerWouldWithTheirReasons() throws {
        let box = Sandbox()
        box.apolo("project", "new", "deciding")
        let run = box.apolo("import", Self.folder)
        #expect(run.code == 0 && run.out.contains("imported 7"), "\(run)")
        let rows = try #require(json(box.apolo("table", "--json").out) as? [[String: Any]])
        let by = Dictionary(uniqueKeysWithValues: rows.map { ($0["file"] as? String ?? "", $0) })
        let focus = { (file: String) in by[file]?["focus"] as? String }
        let why = { (file: String) in by[file]?["focusWhy"] as? String ?? "" }
        let lost = { (file: String) in (by[file]?["clipped"] as? [String: Any])?["why"] as? String }
        #expect(focus("scene-defocused.jpg") == "soft" && why("scene-defocused.jpg").hasPrefix("soft: "), "\(by)")
        #expect(focus("scene-sharp.jpg") == "sharp")
        #expect(focus("petals-shallow-depth.jpg") == "sharp", "a shallow depth of field is not blur")
        #expect(lost("portrait-overexposed.jpg")?.hasPrefix("a face lost detail") == true, "\(by)")
        #expect(lost("portrait.jpg") == nil && lost("white-backdrop.jpg") == nil, "backdrops are as intended")
        let eyes = (by["eyes-closed.jpg"]?["faces"] as? [[String: Any]])?.map { $0["eyes"] as? String }
        #expect(eyes == ["closed"], "\(String(describing: eyes))")
        let filtered = box.apolo("filter", "--from", "table", "--blurry", "--json").out
        let soft = try #require(json(filtered) as? [[String: Any]])
        #expect(soft.map { $0["file"] as? String } == ["scene-defocused.jpg"], "\(soft)")
        let orig = try String(contentsOfFile: Self.folder + "/README.md", encoding: .utf8)
        #expect(orig.contains("CC0") && orig.contains("public domain"), "the fixtures say where they come from")
    }
}
