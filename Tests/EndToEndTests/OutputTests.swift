import Foundation
import Testing

@Suite struct OutputTests {
    @Test func helpAndVersionGoToStdoutWithExitZero() {
        let box = Sandbox()
        let help = box.apolo("--help")
        #expect(help.code == 0 && help.out.contains("USAGE: apolo") && help.err.isEmpty)
        let sub = box.apolo("slide", "move", "--help")
        #expect(sub.code == 0 && sub.out.contains("apolo slide move table:1 --to best:1"), "examples appear in help")
        #expect(box.apolo("--version").out == Self.released() + "\n", "--version says CHANGELOG.md's last release")
    }

    /// The version of CHANGELOG.md's newest release heading (`## [0.2.0] - 2026-11-26`).
    static func released() -> String {
        let changelog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../CHANGELOG.md").standardized
        let text = (try? String(contentsOf: changelog, encoding: .utf8)) ?? ""
        let heading = text.split(separator: "\n").first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        return heading.map { String($0.dropFirst(4).prefix { $0 != "]" }) } ?? "(no release in CHANGELOG.md)"
    }

    @Test func listingsHaveDocumentedJSONKeys() throws {
        let box = Sandbox().tripWithPhotos()
        box.apolo("rate", "table:1", "4")
        box.apolo("tag", "add", "table:1", "tram")
        let slides = try #require(json(box.apolo("table", "--json").out) as? [[String: Any]])
        #expect(slides.count == 10)
        for key in ["position", "id", "file", "path", "rating", "tags", "place", "captured"] {
            #expect(slides[0][key] != nil, "\(key)")
        }
        #expect(slides[0]["rating"] as? Int == 4 && slides[0]["tags"] as? [String] == ["tram"])
        let document = try #require(json(box.apolo("project", "show", "--json").out) as? [String: Any])
        #expect(document["format"] as? String == "apolo-project" && document["version"] as? Int == 5)
        let detail = try #require(json(box.apolo("slide", "show", "IMG_0110.jpg", "--json").out) as? [String: Any])
        #expect((detail["photo"] as? [String: Any])?["orientation"] as? Int == 6)
        let filtered = try #require(
            json(box.apolo("filter", "--tag", "TRAM", "--from", "all", "--json").out) as? [[String: Any]])
        #expect(filtered.count == 1 && filtered[0]["place"] as? String == "table")
        let projects = try #require(json(box.apolo("project", "list", "--json").out) as? [[String: Any]])
        #expect(projects.first?["open"] as? Bool == true)
        let commands = try #require(json(box.apolo("commands", "--json").out) as? [[String: Any]])
        #expect(commands.contains { $0["name"] as? String == "slide move" && $0["kind"] as? String == "edit" })
    }

    @Test func discardRestoreAndTheDiscardedList() {
        let box = Sandbox().tripWithPhotos()
        #expect(box.apolo("slide", "discard", "table:1").code == 0)
        #expect(!box.apolo("table").out.contains("IMG_0101.jpg"))
        #expect(box.apolo("table", "--discarded").out.contains("IMG_0101.jpg"))
        #expect(box.apolo("slide", "restore", "discarded:1").code == 0)
        #expect(box.apolo("table").out.contains("IMG_0101.jpg"))
    }

    @Test func projectsListCopyRenameDiscard() {
        let box = Sandbox().tripWithPhotos()
        #expect(box.apolo("project", "save-as", "trip-v2").out.contains("'trip-v2' is now open"))
        let list = box.apolo("project", "list").out
        #expect(list.contains("*  trip-v2") && list.contains("   trip "), "\(list)")
        #expect(box.apolo("project", "rename", "trip", "lisbon").code == 0)
        #expect(box.apolo("project", "discard", "lisbon", "--yes").code == 0)
        #expect(box.apolo("project", "list").out.contains("trip-v2"))
        #expect(box.apolo("table").out.contains("IMG_0101.jpg"), "the copy has the photos")
    }

    @Test func exportRefusesANonEmptyFolderAndSaysWhenThereAreNoAlbums() {
        let box = Sandbox().tripWithPhotos()
        let none = box.apolo("export")
        #expect(none.code == 1 && none.err.contains("has no albums to export"))
        for command in ["shelf create a", "slide move table:1 --to a", "album compress a"] {
            box.run(command.split(separator: " ").map(String.init))
        }
        let dry = box.apolo("export", "--to", "out", "--dry-run")
        #expect(
            dry.code == 0 && dry.out.contains("001-a-IMG_0101.jpg")
                && !FileManager.default.fileExists(atPath: box.root + "/out"))
        #expect(box.apolo("export", "--to", "out").code == 0)
        let again = box.apolo("export", "--to", "out")
        #expect(again.code == 1 && again.err.contains("is not empty") && again.err.contains("--force"))
        #expect(box.apolo("export", "--to", "out", "--force").out.contains("replaced 1 file of the earlier export"))
    }
}
