import ApoloFixtures
import Foundation
import Testing

@Suite struct MediaTests {
    @Test func reimportUsesTheCacheWithoutReadingAgain() throws {
        let box = Sandbox()
        let photo = box.root + "/card/a.jpg"
        try FixtureFiles.write(
            SamplePhoto("", seed: 1, width: 32, height: 24).jpeg(), to: photo, modified: 1_700_000_000)
        box.apolo("project", "new", "one")
        #expect(box.apolo("import", photo).code == 0)
        let first = try #require(json(box.apolo("table", "--json").out) as? [[String: Any]])
        // Same size, same mtime, same inode, other bytes: only a cache hit keeps the old id.
        let handle = try #require(FileHandle(forWritingAtPath: photo))
        try handle.seek(toOffset: 200)
        handle.write(Data([0x42]))
        try handle.close()
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: photo)
        box.apolo("project", "new", "two")
        #expect(box.apolo("import", photo).code == 0)
        let hit = try #require(json(box.apolo("table", "--json").out) as? [[String: Any]])
        #expect(hit.first?["id"] as? String == first.first?["id"] as? String, "a re-import must not hash again")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_700_000_500)], ofItemAtPath: photo)
        box.apolo("project", "new", "three")
        box.apolo("import", photo)
        let miss = try #require(json(box.apolo("table", "--json").out) as? [[String: Any]])
        #expect(miss.first?["id"] as? String != first.first?["id"] as? String, "a changed file is read again")
        let stats = box.apolo("cache", "stats", "--json")
        #expect(((json(stats.out) as? [String: Any])?["thumbnails"] as? Int ?? 0) >= 1, "\(stats)")
    }

    @Test func aCorruptCacheWarnsAndImportGoesOn() throws {
        let box = Sandbox()
        box.apolo("project", "new", "trip")
        try FileManager.default.createDirectory(atPath: box.home + "/cache", withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: box.home + "/cache/cache.sqlite"))
        let run = box.apolo("import", Samples.lisbon)
        #expect(
            run.code == 0 && run.err.contains("warning: the cache") && run.err.contains("started a new one"), "\(run)")
        #expect(box.apolo("cache", "clear").code == 0 && !FileManager.default.fileExists(atPath: box.home + "/cache"))
        #expect(box.apolo("cache", "rebuild").out.contains("rebuilt the cache from 10 originals"))
    }

    @Test func sidecarsComeAlongOnImportAndAreWrittenOnExport() throws {
        let box = Sandbox()
        let card = box.root + "/card"
        try FixtureFiles.write(SamplePhoto("", seed: 1, width: 32, height: 24).jpeg(), to: card + "/a.jpg")
        try FixtureFiles.write(SamplePhoto("", seed: 2, width: 32, height: 24).jpeg(), to: card + "/b.jpg")
        try FixtureFiles.write(
            Array("<x xmp:Rating=\"4\"><dc:subject><rdf:Bag><rdf:li>tram</rdf:li></rdf:Bag></dc:subject></x>".utf8),
            to: card + "/a.jpg.xmp")
        try FixtureFiles.write(Array("<x xmp:Rating=\"-1\"/>".utf8), to: card + "/b.xmp")
        box.apolo("project", "new", "trip")
        #expect(box.apolo("import", card).code == 0)
        let table = try #require(json(box.apolo("table", "--json").out) as? [[String: Any]])
        #expect(table.count == 1 && table[0]["rating"] as? Int == 4 && table[0]["tags"] as? [String] == ["tram"])
        #expect(box.apolo("table", "--discarded").out.contains("b.jpg"), "xmp:Rating -1 means rejected")
        for line in ["shelf create s", "slide move table:1 --to s", "album compress s"] { box.line(line) }
        #expect(box.apolo("export", "--to", "out", "--sidecars").code == 0)
        let sidecar = try String(contentsOfFile: box.root + "/out/trip/001-s-a.jpg.xmp", encoding: .utf8)
        #expect(sidecar.contains("xmp:Rating=\"4\"") && sidecar.contains("<rdf:li>tram</rdf:li>"))
        #expect(
            !FileManager.default.fileExists(atPath: card + "/a.jpg.xmp.xmp") && snapshot(card).count == 4,
            "nothing written beside originals")
        let imported = box.apolo("import", "--no-sidecars", card)
        #expect(imported.out.contains("duplicates 2"), "a discarded photo is still in the project")
    }

    @Test func sheetAndResizedExportProduceImages() throws {
        let box = Sandbox().tripWithPhotos()
        for line in [
            "shelf create best", "slide move IMG_0110.jpg --to best", "slide move table:1 --to best", "rate best:1 5",
            "album compress best"
        ] {
            #expect(box.line(line).code == 0, "\(line)")
        }
        let sheet = box.apolo("sheet", "--all")
        #expect(sheet.code == 0 && sheet.out.hasPrefix("wrote trip-all.png"), "\(sheet)")
        let png = try #require(FileManager.default.contents(atPath: box.root + "/trip-all.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 10_000)
        let resized = box.apolo("export", "--to", "out", "--max-size", "64")
        #expect(resized.code == 0, "\(resized)")
        let portrait = try #require(FileManager.default.contents(atPath: box.root + "/out/trip/001-best-IMG_0110.jpg"))
        #expect(portrait.count < 8_000 && portrait.starts(with: [0xFF, 0xD8]))
        let strip = box.apolo("export", "--to", "o2", "--strip")
        #expect(strip.code == 2 && strip.err.contains("--strip applies to resized copies"))
    }

    @Test func anInterruptedImportSavesWhatFinishedAndLeavesNoTempFiles() throws {
        let box = Sandbox()
        for photo in BulkSet.photos(count: 400, width: 48, height: 32) {
            try FixtureFiles.write(photo.jpeg(), to: box.root + "/many/" + photo.path, modified: photo.modified)
        }
        box.apolo("project", "new", "trip")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binary.path)
        process.arguments = ["import", box.root + "/many"]
        process.environment = ["APOLO_HOME": box.home, "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // interrupt as soon as the first thumbnails show that files are being read (not after a guessed delay)
        let thumbs = box.home + "/cache/thumbs"
        let deadline = Date().addingTimeInterval(60)
        while (FileManager.default.enumerator(atPath: thumbs)?.allObjects.count ?? 0) < 3, Date() < deadline {
            usleep(2000)
        }
        process.interrupt()
        process.waitUntilExit()
        let table = try #require(
            json(box.apolo("table", "--json").out) as? [[String: Any]], "the document still parses")
        #expect(process.terminationStatus == 130, "interrupted while reading")
        #expect(table.count > 0 && table.count < 400, "what finished is saved, the rest is not: \(table.count) saved")
        let temps = (FileManager.default.enumerator(atPath: box.home)?.compactMap { $0 as? String } ?? []).filter {
            $0.contains(".tmp-")
        }
        #expect(temps.isEmpty, "\(temps)")
        let rerun = box.apolo("import", box.root + "/many")
        #expect(
            rerun.code == 0 && rerun.out.contains("imported \(400 - table.count), duplicates \(table.count)"),
            "\(rerun)")
    }
}

@Suite struct ExportChangeTests {
    @Test func anOriginalEditedAfterImportIsRefusedInWordsAndTheRestExported() throws {
        let box = Sandbox()
        let photo = box.root + "/card/a.jpg"
        try FixtureFiles.write(SamplePhoto("", seed: 1, width: 32, height: 24).jpeg(), to: photo)
        box.apolo("project", "new", "trip")
        for line in ["import \(photo)", "shelf create s", "slide move table:1 --to s", "album compress s"] {
            #expect(box.line(line).code == 0)
        }
        #expect(box.apolo("export", "--to", "plain").err.isEmpty, "an unchanged original exports silently")
        let handle = try #require(FileHandle(forWritingAtPath: photo))
        try handle.seekToEnd()
        handle.write(Data([0, 0, 0]))
        try handle.close()
        for extra in [[String](), ["--max-size", "16"]] {
            let run = box.run(["export", "--to", "out" + extra.joined(), "--force"] + extra)
            #expect(run.code == 3 && run.err.contains("its content is not the photo apolo imported"), "\(run)")
            let written = try FileManager.default.contentsOfDirectory(
                atPath: box.root + "/out" + extra.joined() + "/trip")
            #expect(written == ["apolo-export.json"], "nothing but the manifest: \(written)")
        }
        #expect(box.apolo("project", "check").out.contains("a.jpg"), "project check names it")
    }
}

@Suite struct AwkwardNameTests {
    @Test func namesWithSpacesQuotesAndNewlinesImportAndExport() throws {
        let box = Sandbox()
        let names = ["with space.jpg", "it's \"quoted\".jpg", "new\nline.jpg", "ünïcödé ☃.jpg"]
        for (i, name) in names.enumerated() {
            try FixtureFiles.write(
                SamplePhoto("", seed: i, width: 24, height: 16).jpeg(), to: box.root + "/card/" + name)
        }
        box.apolo("project", "new", "trip")
        #expect(
            box.apolo("import", box.root + "/card").out.hasPrefix(
                "imported 4, duplicates 0, failed 0\nanalysed: measured 4,"))
        let table = box.apolo("table").out
        #expect(table.contains("new\\nline.jpg") && !table.contains("new\nline"), "shown escaped on one line")
        #expect(box.line("shelf create all").code == 0)
        #expect(box.run(["filter", "--from", "table", "--into", "all"]).code == 0)
        #expect(box.run(["rate", "new\nline.jpg", "4"]).code == 0, "a file name with a newline works as a reference")
        #expect(box.line("album compress all").code == 0)
        #expect(box.apolo("export", "--to", "out").code == 0)
        let exported = try FileManager.default.contentsOfDirectory(atPath: box.root + "/out/trip").filter {
            $0.hasSuffix(".jpg")
        }
        #expect(exported.count == 4)
        for name in names {
            let copy = try #require(
                exported.first { $0.hasSuffix("-all-" + name) }, "\(name.debugDescription) exported")
            #expect(
                FileManager.default.contents(atPath: box.root + "/out/trip/" + copy)
                    == FileManager.default.contents(atPath: box.root + "/card/" + name))
        }
    }

    @Test func a255ByteNameKeepsItsExtensionAndItsSidecar() throws {
        let box = Sandbox()
        let name = String(repeating: "n", count: 251) + ".jpg"
        try FixtureFiles.write(SamplePhoto("", seed: 9, width: 24, height: 16).jpeg(), to: box.root + "/card/" + name)
        box.apolo("project", "new", "trip")
        for line in [
            "import \(box.root)/card", "shelf create long-album", "slide move table:1 --to long-album",
            "album compress long-album"
        ] {
            #expect(box.line(line).code == 0)
        }
        let run = box.apolo("export", "--to", "out", "--sidecars")
        #expect(run.code == 0, "\(run)")
        let exported = try FileManager.default.contentsOfDirectory(atPath: box.root + "/out/trip").sorted()
        #expect(
            exported.count == 4 && exported[0].hasSuffix("n.jpg") && exported[1].hasSuffix("n.jpg.xmp")
                && exported[2].hasSuffix("n.xmp"), "both sidecar names: \(exported)")
    }
}

@Suite struct NonUTF8NameTests {
    /// Names as raw bytes in a folder (Foundation cannot make or list such names).
    func rawNames(_ folder: String) -> [[UInt8]] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [[UInt8]] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                Array(
                    UnsafeBufferPointer(
                        start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                        count: strlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))))
            }
            if name != [46], name != [46, 46] { names.append(name) }
        }
        return names
    }

    @Test func aLatin1NameImportsResolvesAndExportsWithItsExactBytes() throws {
        let box = Sandbox()
        try FileManager.default.createDirectory(atPath: box.root + "/card", withIntermediateDirectories: true)
        let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
        let jpeg = SamplePhoto("", seed: 3, width: 24, height: 16).jpeg()
        let path = Array((box.root + "/card/").utf8) + latin1 + [0]
        let fd = path.withUnsafeBufferPointer {
            open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT, 0o644)
        }
        #expect(fd >= 0)
        _ = jpeg.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        box.apolo("project", "new", "trip")
        let imported = box.apolo("import", box.root + "/card")
        #expect(
            imported.code == 0 && imported.out.hasPrefix("imported 1, duplicates 0, failed 0\nanalysed: measured 1,"),
            "\(imported)")
        #expect(box.apolo("table").out.contains("caf\\xE9.jpg"), "shown with the raw byte escaped")
        for line in ["shelf create all", "slide move table:1 --to all", "rate all:1 4", "album compress all"] {
            #expect(box.line(line).code == 0, "\(line)")
        }
        #expect(box.apolo("export", "--to", "out").code == 0)
        let exported = rawNames(box.root + "/out/trip").filter { $0.starts(with: Array("001-".utf8)) }
        #expect(exported == [Array("001-all-".utf8) + latin1], "the exported name keeps the original bytes")
        #expect(box.apolo("sheet", "--all").code == 0, "thumbnails read the file by its real name")
    }
}
