import ApoloFixtures
import Foundation
import Testing

/// Captions travel: exported JPEG copies carry them embedded (XMP and IPTC-IIM, read field by field with ExifTool
/// and exiv2), under delivery names; the original is untouched; apolo reads them back.
@Suite struct DeliveryTests {
    /// The bytes from the first start-of-scan marker on: the picture itself.
    func picture(_ data: Data) -> Data? {
        let bytes = [UInt8](data)
        guard let sos = (2..<(bytes.count - 1)).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }) else {
            return nil
        }
        return Data(bytes[sos...])
    }

    func album(_ box: Sandbox) {
        for line in [
            "shelf create best", "slide move table:1 --to best", "slide move table:1 --to best",
            "album compress best"
        ] {
            box.line(line)
        }
    }

    @Test func exportedJPEGsCarryCaptionsUnderDeliveryNames() throws {
        let box = Sandbox().tripWithPhotos()
        let original = try #require(json(box.apolo("table", "--json").out) as? [[String: Any]])[0]["path"] as? String
        let before = try #require(FileManager.default.contents(atPath: original ?? ""))
        let set = box.apolo(
            "caption", "set", "table:1", "--title", "Tram 28", "--headline", "Alfama",
            "--caption", "A tram in {date}", "--field", "creator=Ana Pérez", "--field",
            "copyright=© 2026 Ana", "--field", "city=Lisbon", "--field", "country-code=PT",
            "--field", "usage-terms=Editorial use", "--field", "email=ana@example.com")
        #expect(set.code == 0, "\(set)")
        box.apolo("tag", "add", "table:1", "tram")
        album(box)
        let run = box.apolo("export", "--to", "out", "--name", "{job}_{seq:4}", "--job", "Smith")
        #expect(run.code == 0, "\(run)")
        let names = try FileManager.default.contentsOfDirectory(atPath: box.root + "/out/trip").sorted()
        #expect(names.filter { $0.hasPrefix("Smith_") }.count == 2 && names.contains("Smith_0001.jpg"), "\(names)")
        let copy = box.root + "/out/trip/Smith_0001.jpg"
        #expect(FileManager.default.contents(atPath: original ?? "") == before, "the original is never written to")
        let exported = try #require(FileManager.default.contents(atPath: copy))
        #expect(picture(exported) == picture(before) && exported != before, "only the metadata segments differ")
        let second = try #require(FileManager.default.contents(atPath: box.root + "/out/trip/Smith_0002.jpg"))
        #expect(second.count > 0 && picture(second) != nil, "a photo without captions is copied as it is")
        do {
            let exif = try #require(
                tool("/usr/bin/exiftool", ["-a", "-G1", "-s", "-charset", "iptc=UTF8", copy]),
                "ExifTool reads the copy (make test installs it)")
            for (group, field, value) in [
                ("XMP-dc", "Title", "Tram 28"), ("XMP-photoshop", "Headline", "Alfama"),
                ("XMP-dc", "Creator", "Ana Pérez"), ("XMP-photoshop", "City", "Lisbon"),
                ("XMP-xmpRights", "UsageTerms", "Editorial use"),
                ("XMP-iptcCore", "CreatorWorkEmail", "ana@example.com"),
                ("IPTC", "ObjectName", "Tram 28"), ("IPTC", "By-line", "Ana Pérez"),
                ("IPTC", "Country-PrimaryLocationCode", "PT"), ("IPTC", "Keywords", "tram"),
                ("IPTC", "CopyrightNotice", "© 2026 Ana")
            ] {
                #expect(
                    exif.split(separator: "\n").contains { line in
                        line.hasPrefix("[\(group)]") && line.contains(" \(field) ") && line.hasSuffix(": \(value)")
                    }, "ExifTool reads \(group):\(field) = \(value)\n\(exif)")
            }
            let digests = exif.split(separator: "\n").filter { $0.contains("IPTCDigest") }
                .map { $0.split(separator: ":").last }
            #expect(digests.count == 2 && digests[0] == digests[1], "the IPTC digest matches its data: \(digests)")
        }
        do {
            let exiv2 = try #require(
                tool("/usr/bin/exiv2", ["-pa", copy]),
                "exiv2 reads the copy (make test installs it)")
            #expect(exiv2.contains("Xmp.dc.description") && exiv2.contains("A tram in 20"), "\(exiv2)")
            #expect(exiv2.contains("Iptc.Application2.Headline") && exiv2.contains("Alfama"), "\(exiv2)")
        }
        box.apolo("project", "new", "back")
        box.apolo("import", copy)
        let show = box.apolo("slide", "show", "table:1").out
        #expect(show.contains("title:       Tram 28") && show.contains("country code: PT"), "read back: \(show)")
    }

    @Test func noEmbedCopiesBytesAndATemplateWithoutSeqIsRefused() throws {
        let box = Sandbox().tripWithPhotos()
        box.apolo("caption", "set", "table:1", "--title", "x")
        album(box)
        let clash = box.apolo("export", "--to", "out", "--name", "{job}")
        #expect(
            clash.code == 1
                && clash.err.contains("the name template gives 'trip.jpg' to photos 1 and 2; put {seq} in it"),
            "\(clash)")
        #expect(box.apolo("export", "--to", "out", "--no-embed", "--sidecars", "one").code == 0, "the issue's spelling")
        let files = try FileManager.default.contentsOfDirectory(atPath: box.root + "/out/trip").sorted()
        let manifest = try #require(
            json(
                String(
                    decoding: FileManager.default.contents(
                        atPath: box.root
                            + "/out/trip/apolo-export.json") ?? Data(), as: UTF8.self)) as? [String: Any])
        let entries = try #require(manifest["files"] as? [[String: Any]])
        #expect(entries.allSatisfy { $0["written"] == nil }, "byte-identical copies: \(entries)")
        #expect(
            files.filter { $0.hasSuffix(".xmp") }.count == 2 && !files.contains { $0.hasSuffix(".jpg.xmp") },
            "one sidecar each, NAME.xmp: \(files)")
        let xmp = try #require(files.first { $0.hasSuffix(".xmp") })
        let sidecar = try String(contentsOfFile: box.root + "/out/trip/" + xmp, encoding: .utf8)
        #expect(sidecar.contains("<rdf:li xml:lang=\"x-default\">x</rdf:li>") || sidecar.contains("xmp:Rating"))
        let bad = box.apolo("export", "--to", "out2", "--sidecar-names", "three")
        #expect(bad.code == 2 && bad.err.contains("--sidecar-names must be one or both"), "\(bad)")
    }

    @Test func importReadsWhatOlderToolsWroteAsIPTCIIMOnly() throws {
        let box = Sandbox()
        let photo = box.root + "/iim.jpg"
        try FixtureFiles.write(SamplePhoto("", seed: 3, width: 64, height: 48).jpeg(), to: photo)
        let wrote = tool(
            "/usr/bin/exiftool",
            [
                "-overwrite_original", "-codedcharacterset=utf8",
                "-IPTC:ObjectName=Tranvía",
                "-IPTC:City=Lisboa", "-IPTC:By-line=Ana", "-IPTC:By-line=Luis",
                "-IPTC:Keywords=tram", "-IPTC:Keywords=noche", photo
            ])
        #expect(try #require(wrote, "ExifTool writes the test file").contains("1 image files updated"))
        #expect(tool("/usr/bin/exiftool", ["-XMP:all", photo])?.isEmpty == true, "IIM only, no XMP")
        box.apolo("project", "new", "old")
        #expect(box.apolo("import", photo).code == 0)
        let show = box.apolo("slide", "show", "iim.jpg").out
        #expect(
            show.contains("title:       Tranvía") && show.contains("city:        Lisboa")
                && show.contains("creator:     Ana; Luis") && show.contains("tags:        tram, noche"), "\(show)")
    }

    /// Export took every album: `--only` exports one album or shelf (or several), numbered and named as any export.
    @Test func exportWritesOnlyTheAlbumsAndShelvesNamed() throws {
        let box = Sandbox().tripWithPhotos()
        for line in [
            "shelf create best", "slide move table:1 --to best", "slide move table:1 --to best",
            "album compress best", "shelf create later", "slide move table:1 --to later"
        ] { box.line(line) }
        let run = box.apolo("export", "--to", "out", "--only", "later")
        #expect(run.code == 0, "\(run)")
        let names = try FileManager.default.contentsOfDirectory(atPath: box.root + "/out/trip").sorted()
        #expect(names.count == 2 && names[0].hasPrefix("001-later-") && names[1] == "apolo-export.json", "\(names)")
        let both = box.apolo("export", "--to", "both", "--only", "later", "--only", "BEST", "--dry-run")
        #expect(both.out.contains("001-best-") && both.out.contains("003-later-"), "albums, then shelves: \(both)")
        let wrong = box.apolo("export", "--to", "x", "--only", "latr")
        let said = "no album or shelf named 'latr' to export (did you mean 'later'?)"
        #expect(wrong.code != 0 && wrong.err.contains(said), "\(wrong)")
    }

    /// Export of a selection: the slides named, in that order, named after their place (`selection` across places).
    @Test func exportWritesTheChosenSlidesInTheOrderNamed() throws {
        let box = Sandbox().tripWithPhotos()
        for line in [
            "shelf create best", "slide move table:1 --to best", "slide move table:1 --to best",
            "slide move table:1 --to best"
        ] { box.line(line) }
        let files = try #require(json(box.apolo("shelf", "show", "best", "--json").out) as? [[String: Any]])
            .map { $0["file"] as? String ?? "" }
        let run = box.apolo("export", "--to", "out", "--slides", "best:3,best:1")
        #expect(run.code == 0, "\(run)")
        let names = try FileManager.default.contentsOfDirectory(atPath: box.root + "/out/trip").sorted()
        #expect(names == ["001-best-" + files[2], "002-best-" + files[0], "apolo-export.json"], "\(names)")
        let mixed = box.apolo("export", "--to", "mixed", "--slides", "best:2", "--slides", "table:1", "--dry-run")
        #expect(mixed.out.contains("001-selection-" + files[1]), "across places: \(mixed)")
        let both = box.apolo("export", "--to", "x", "--slides", "best:1", "--only", "best")
        #expect(both.code != 0 && both.err.contains("not both"), "\(both)")
    }
}
