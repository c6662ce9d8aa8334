import Foundation
import Testing

@Suite struct ScenarioTests {
    @Test func theTripScenarioWorksExactlyAsWritten() throws {
        let box = Sandbox()
        let originals = snapshot(Samples.folder)
        let steps: [([String], String)] = [
            (["project", "new", "trip"], "created project 'trip'"),
            (["import", Samples.lisbon], "imported 10, duplicates 1, failed 0"),
            (["table"], "IMG_0101.jpg"),
            (["shelf", "create", "best"], "created shelf 'best'"),
            (["slide", "move", "table:3", "--to", "best"], "moved 'IMG_0102.jpg' from table:3 to best:1"),
            (["slide", "move", "table:1", "--to", "best:1"], "moved 'IMG_0101.jpg' from table:1 to best:1"),
            (["slide", "swap", "best:1", "best:2"], "swapped best:1 and best:2"),
            (["rate", "best:1", "5"], "rated 'IMG_0102.jpg' ★★★★★"),
            (["tag", "add", "best:2", "tram", "street"], "tagged 'IMG_0101.jpg': tram, street"),
            (
                ["filter", "--tag", "street", "--min-rating", "4", "--new-shelf", "street-best"],
                "1 match; added 1 to shelf 'street-best'"
            ),
            (["album", "compress", "street-best"], "compressed shelf 'street-best' into album 1"),
            (["export", "--to", box.root + "/Exports"], "exported 1 photo from 1 album to \(box.root)/Exports/trip"),
            (["project", "open", "other"], "created new project 'other'"),
            (["project", "open", "trip"], "opened project 'trip'")
        ]
        for (arguments, expected) in steps {
            let run = box.run(arguments)
            #expect(run.code == 0 && run.err.isEmpty, "\(arguments): \(run)")
            #expect(run.out.contains(expected), "\(arguments): \(run)")
        }
        let table = box.apolo("table").out
        #expect(table.contains("IMG_0103.jpg") && !table.contains("IMG_0101.jpg"), "the work is still there")
        #expect(box.apolo("album", "show", "street-best").out.contains("IMG_0101.jpg"))
        #expect(box.apolo("shelf", "show", "best").out.contains("★★★★★"))
        let exported = try FileManager.default.contentsOfDirectory(atPath: box.root + "/Exports/trip").sorted()
        #expect(exported == ["001-street-best-IMG_0101.jpg", "apolo-export.json"])
        #expect(
            FileManager.default.contents(atPath: box.root + "/Exports/trip/001-street-best-IMG_0101.jpg")
                == FileManager.default.contents(atPath: Samples.lisbon + "/day1/IMG_0101.jpg"))
        #expect(sameFiles(originals, snapshot(Samples.folder)), "originals changed")
    }

    @Test func exportOrderEqualsAlbumOrderAfterMovesSwapsAndAlbumMoves() throws {
        let box = Sandbox().tripWithPhotos()
        for command in [
            "shelf create one", "shelf create two",
            "slide move table:1 --to one", "slide move table:1 --to one", "slide move table:1 --to one:1",
            "slide move table:1 --to two",
            "slide move table:1 --to two", "slide swap one:1 two:2", "slide move one:3 --to one:1",
            "slide move two:1 --to one:2",
            "album compress one", "album compress two", "album move two --to 1", "album swap one two",
            "album swap one two"
        ] {
            let run = box.run(command.split(separator: " ").map(String.init))
            #expect(run.code == 0, "\(command): \(run)")
        }
        var expected: [String] = []
        for album in ["two", "one"] {
            let slides = try #require(json(box.apolo("album", "show", album, "--json").out) as? [[String: Any]])
            expected += slides.compactMap { "\(album)-" + (($0["file"] as? String) ?? "?") }
        }
        #expect(expected.count == 5)
        #expect(box.apolo("export", "--to", box.root + "/out").code == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: box.root + "/out/trip").filter {
            $0.hasSuffix(".jpg")
        }.sorted()
        #expect(names.map { String($0.dropFirst(4)) } == expected)
        #expect(names.map { String($0.prefix(3)) } == ["001", "002", "003", "004", "005"])
    }

    @Test func originalsAreUnchangedAfterImportAndExportFromAReadOnlyCopy() throws {
        let box = Sandbox()
        let source = box.root + "/card"
        try FileManager.default.copyItem(atPath: Samples.lisbon, toPath: source)
        for file in FileManager.default.enumerator(atPath: source)?.compactMap({ $0 as? String }) ?? [] {
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: source + "/" + file)
        }
        let before = snapshot(source)
        box.apolo("project", "new", "trip")
        #expect(box.apolo("import", source).code == 0)
        for command in ["shelf create all", "filter --from table --into all", "album compress all"] {
            #expect(box.run(command.split(separator: " ").map(String.init)).code == 0, "\(command)")
        }
        #expect(box.apolo("export", "--to", box.root + "/out").code == 0)
        #expect(box.apolo("export", "--to", box.root + "/out", "--force").code == 0)
        #expect(sameFiles(before, snapshot(source)), "bytes, mtimes and permissions of read-only originals")
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.root + "/out/trip").count == 11)
        for file in FileManager.default.enumerator(atPath: source)?.compactMap({ $0 as? String }) ?? [] {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: source + "/" + file)
        }
    }
}
