import ApoloFixtures
import Foundation
import Testing

/// Hostile media end to end, through the real binary: files of 32–72 bytes that trapped or looped the HEIF parser, a
/// TIFF declaring 2.8 gigapixels, a FIFO in place of an original, Ctrl-C while a command waits, and names.
@Suite struct TrustThreeTests {
    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let size = 8 + body.count
        return [UInt8(size >> 24 & 255), UInt8(size >> 16 & 255), UInt8(size >> 8 & 255), UInt8(size & 255)]
            + Array(type.utf8) + body
    }

    /// The attacker's files: each used to crash (SIGILL), loop forever or allocate 8.7 GB inside apolo.
    static func hostile() -> [String: [UInt8]] {
        let ftyp = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))
        let meta = { (body: [UInt8]) in box("meta", [0, 0, 0, 0] + body) }
        var tiff: [UInt8] = Array("II*\u{0}".utf8) + [8, 0, 0, 0, 6, 0]
        for (tag, value) in [(256, 2_360_896), (257, 1_200), (258, 8), (259, 1), (273, 100), (279, 60_000)] {
            tiff += [UInt8(tag & 255), UInt8(tag >> 8), 4, 0, 1, 0, 0, 0]
            tiff += [UInt8(value & 255), UInt8(value >> 8 & 255), UInt8(value >> 16 & 255), UInt8(value >> 24)]
        }
        tiff += [0, 0, 0, 0] + [UInt8](repeating: 0x80, count: 60_100 - tiff.count - 4)
        return [
            "ispe.heic": ftyp
                + meta(
                    box(
                        "iprp",
                        box(
                            "ipco",
                            box("ispe", [UInt8](repeating: 0, count: 4) + [UInt8](repeating: 0xFF, count: 8))))),
            "meta8.heic": ftyp + [0, 0, 0, 8] + Array("meta".utf8),
            "iinf.heic": ftyp + meta([0, 0, 0, 8] + Array("iinf".utf8)),
            "size64.heic": ftyp + [0, 0, 0, 1] + Array("meta".utf8) + [0x7F] + [UInt8](repeating: 0xFF, count: 7),
            "loop.heic": ftyp + [0, 0, 0, 1] + Array("free".utf8) + [UInt8](repeating: 0, count: 8),
            "hdlr.heic": ftyp + meta([0, 0, 0, 1] + Array("hdlr".utf8) + [UInt8](repeating: 0, count: 16)),
            "huge.tif": tiff
        ]
    }

    @Test func hostileContainersFailOneFileEachAndTheImportKeepsTheRest() throws {
        let box = Sandbox()
        box.apolo("project", "new", "trip")
        let folder = box.root + "/card"
        for (name, bytes) in Self.hostile() { try FixtureFiles.write(bytes, to: folder + "/" + name) }
        try FixtureFiles.write(SamplePhoto("", seed: 1, width: 64, height: 48).jpeg(), to: folder + "/good.jpg")
        let start = Date()
        let run = box.apolo("import", folder)
        #expect(Date().timeIntervalSince(start) < 30, "no loop: \(Date().timeIntervalSince(start)) s")
        #expect(run.code == 3 && run.out.contains("imported 1,"), "\(run)")
        for name in Self.hostile().keys {
            #expect(
                run.errLines.contains { $0.hasPrefix("failed: ") && $0.contains(name) },
                "\(name) failed in words: \(run)")
        }
        #expect(run.err.contains("2833 megapixels"), "the TIFF's declared size refused before decoding")
        let rebuilt = box.apolo("cache", "rebuild")
        #expect(rebuilt.code == 0 && rebuilt.out.contains("rebuilt the cache from 1 originals"), "\(rebuilt)")
    }

    @Test func aFIFOInPlaceOfAnOriginalNeverHangsAnalyzeSheetOrExport() throws {
        let box = Sandbox()
        box.apolo("project", "new", "trip")
        let folder = box.root + "/card"
        try FixtureFiles.write(SamplePhoto("", seed: 2, width: 64, height: 48).jpeg(), to: folder + "/a.jpg")
        #expect(box.apolo("import", "--no-analyze", folder).code == 0)
        try FileManager.default.removeItem(atPath: folder + "/a.jpg")
        #expect(mkfifo(folder + "/a.jpg", 0o644) == 0)
        try FileManager.default.removeItem(atPath: box.home + "/cache/thumbs")
        for command in [["analyze", "--again"], ["sheet", "table"]] {
            let start = Date()
            let run = box.run(command)
            #expect(Date().timeIntervalSince(start) < 20, "\(command) returned")
            // analyze names the FIFO; the sheet draws the frame marked "original missing"
            #expect(command[0] == "sheet" ? run.code == 0 : run.err.contains("FIFO"), "\(command): \(run)")
        }
    }

    @Test func ctrlCEndsACommandWithinASecondWhateverItWaitsFor() throws {
        let box = Sandbox()
        box.apolo("project", "new", "trip")
        try FixtureFiles.write(SamplePhoto("", seed: 3, width: 64, height: 48).jpeg(), to: box.root + "/card/a.jpg")
        let lock = open(box.home + "/projects/.trip.lock", O_RDWR | O_CREAT, 0o644)
        #expect(flock(lock, LOCK_EX) == 0)
        defer { close(lock) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binary.path)
        process.arguments = ["import", box.root + "/card"]
        process.environment = ["APOLO_HOME": box.home, "HOME": box.root, "APOLO_LOCK_TIMEOUT": "60"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // past the import's reading, waiting for the project's lock: it has the lock file open
        let fds = "/proc/\(process.processIdentifier)/fd"
        let opened = {
            (try? FileManager.default.contentsOfDirectory(atPath: fds))?.contains { name in
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: fds + "/" + name)
                return target?.hasSuffix(".trip.lock") == true
            } == true
        }
        let waiting = Date().addingTimeInterval(20)
        while !opened(), process.isRunning, Date() < waiting { usleep(2000) }
        #expect(opened(), "the import waits for the project's lock")
        let sent = Date()
        process.interrupt()
        while process.isRunning && Date().timeIntervalSince(sent) < 10 { Thread.sleep(forTimeInterval: 0.05) }
        let took = Date().timeIntervalSince(sent)
        if process.isRunning { process.terminate() }
        #expect(took < 2, "ended \(took) s after Ctrl-C")
        #expect(process.terminationStatus == 130, "exit \(process.terminationStatus)")
    }

    @Test func namesAreOneNormalFormWithoutInvisibleCharactersAndApoloIsAName() throws {
        let box = Sandbox()
        #expect(box.apolo("project", "new", "apolo").code == 0, "a project named apolo no longer waits for itself")
        #expect(box.apolo("shelf", "create", "best").code == 0)
        #expect(box.apolo("project", "new", "caf\u{E9}").code == 0)
        let decomposed = box.apolo("project", "new", "cafe\u{301}")
        #expect(decomposed.code == 1 && decomposed.err.contains("already exists"), "\(decomposed)")
        let list = box.apolo("project", "list").out
        #expect(list.components(separatedBy: "caf").count == 2, "one café: \(list)")
        for name in ["zero\u{200B}width", "bidi\u{202E}gpj.exe"] {
            let run = box.apolo("project", "new", name)
            #expect(run.code == 1 && run.err.contains("invisible character"), "\(run)")
        }
        let tag = box.apolo("shelf", "create", "a\u{2066}b")
        #expect(tag.code == 1 && !tag.err.unicodeScalars.contains { $0.value == 0x2066 }, "escaped: \(tag)")
    }

    /// Analysis stored its measures only at its end: a kill -9 lost the whole run. Raws made to take a second each
    /// (the raw decoder's fault injection) slow it down enough to kill it after its first batch of 64.
    @Test func analysisKilledMidwayKeepsTheMeasuresItStored() throws {
        let box = Sandbox()
        box.apolo("project", "new", "trip")
        let preview = JPEGEncoder.encode(width: 64, height: 48, rgb: Painter.scene(width: 64, height: 48, seed: 3))
        for i in 0..<10 {
            var facts = DNGWriter.Facts()
            facts.iso = 100 + i
            try FixtureFiles.write(
                DNGWriter.make(preview: (preview, 64, 48), facts: facts), to: box.root + "/card/R\(i).DNG")
        }
        for i in 0..<60 {
            try FixtureFiles.write(
                SamplePhoto("", seed: 100 + i, width: 64, height: 48).jpeg(), to: box.root + "/card/J\(i).jpg")
        }
        #expect(box.apolo("import", "--no-analyze", box.root + "/card").code == 0)
        let measured = { () -> Int in
            let slides =
                (try? JSONSerialization.jsonObject(with: Data(box.apolo("table", "--json").out.utf8)))
                as? [[String: Any]]
            return (slides ?? []).filter { $0["sharpness"] != nil }.count
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binary.path)
        process.arguments = ["analyze"]
        process.environment = [
            "APOLO_HOME": box.home, "HOME": box.root, "APOLO_FAULT_RAW": "hang", "APOLO_RAW_TIMEOUT": "1"
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var seen = 0
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && seen == 0 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            seen = measured()
        }
        let finished = !process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(!finished, "killed while measuring (it had stored \(seen) before its end)")
        let kept = measured()
        #expect(kept >= 50 && kept < 60, "a batch of 64 kept (its raws failed): \(kept)")
    }
}
