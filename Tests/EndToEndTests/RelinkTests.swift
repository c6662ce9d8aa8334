import ApoloFixtures
import Foundation
import Testing

/// Moved originals found again by content: `relink`, and an import that relinks.
@Suite struct RelinkTests {
    func paths(_ box: Sandbox) throws -> [String: String] {
        let table = try #require(json(box.apolo("table", "--json").out) as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: table.map { ($0["id"] as? String ?? "", $0["path"] as? String ?? "") })
    }

    @Test func relinkFindsMovedOriginalsAndSaysWhatStaysMissing() throws {
        let box = Sandbox()
        for (name, seed) in [("a", 1), ("b", 2), ("c", 3)] {
            try FixtureFiles.write(
                SamplePhoto("", seed: seed, width: 32, height: 24).jpeg(), to: box.root + "/card/\(name).jpg")
        }
        box.apolo("project", "new", "trip")
        #expect(box.apolo("import", box.root + "/card").code == 0)
        let before = try paths(box)
        try FileManager.default.createDirectory(atPath: box.root + "/archive", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: box.root + "/card", toPath: box.root + "/archive/2024-06-15")
        try FileManager.default.moveItem(
            atPath: box.root + "/archive/2024-06-15/b.jpg", toPath: box.root + "/archive/2024-06-15/renamed.jpg")
        try FileManager.default.removeItem(atPath: box.root + "/archive/2024-06-15/c.jpg")
        let kept = snapshot(box.root + "/archive")
        #expect(box.apolo("slide", "show", "a.jpg").out.contains("original:    MISSING"))
        let typo = box.apolo("relink", box.root + "/archve")
        #expect(
            typo.code == 1 && typo.err.contains("archve: no such file or directory; nothing was relinked"), "\(typo)")
        let run = box.apolo("relink", box.root + "/archive")
        #expect(
            run.code == 3 && run.out.contains("relinked 2, still missing 1") && run.err.contains("missing: c.jpg"),
            "\(run)")
        let after = try paths(box)
        #expect(
            after.values.contains(box.root + "/archive/2024-06-15/a.jpg")
                && after.values.contains(box.root + "/archive/2024-06-15/renamed.jpg"))
        #expect(Set(after.keys) == Set(before.keys), "the same photos, by content")
        #expect(box.apolo("slide", "show", "renamed.jpg").out.contains("original:    present"))
        let now = snapshot(box.root + "/archive")
        #expect(
            now.keys == kept.keys && now.allSatisfy { kept[$0.key]! == $0.value },
            "originals untouched (bytes and times)")
        #expect(box.apolo("undo").code == 0)
        #expect(try paths(box) == before, "relink is one undo step")
    }

    @Test func importingAFolderWithAMissingPhotoRelinksIt() throws {
        let box = Sandbox()
        try FixtureFiles.write(SamplePhoto("", seed: 1, width: 32, height: 24).jpeg(), to: box.root + "/card/a.jpg")
        box.apolo("project", "new", "trip")
        box.apolo("import", box.root + "/card")
        try FileManager.default.moveItem(atPath: box.root + "/card", toPath: box.root + "/moved")
        let run = box.apolo("import", box.root + "/moved")
        #expect(run.code == 0 && run.out.contains("duplicates 1") && run.out.contains("relinked 1"), "\(run)")
        #expect(try paths(box).values.first == box.root + "/moved/a.jpg")
        try FixtureFiles.write(SamplePhoto("", seed: 1, width: 32, height: 24).jpeg(), to: box.root + "/copy/a.jpg")
        #expect(
            !box.apolo("import", box.root + "/copy").out.contains("relinked"),
            "a present original is never replaced by a copy")
    }
}
