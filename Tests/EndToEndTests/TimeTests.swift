import ApoloFixtures
import Foundation
import Testing

/// Capture-time fixes: two bodies' clocks made to agree, the table reordered, the originals untouched, exported
/// copies carrying the corrected time.
@Suite struct TimeTests {
    /// A card whose odd shots are by "Apolo One" (serial 1001) and even ones by "Apolo Two" (2002), a minute apart.
    func project(_ box: Sandbox) throws -> String {
        let card = box.root + "/card"
        try CardSet.write(count: 4, width: 64, height: 48, to: card)
        box.apolo("project", "new", "two")
        box.apolo("import", "--no-pairs", card)
        return card
    }

    func files(_ box: Sandbox) -> [String] {
        (json(box.apolo("table", "--json").out) as? [[String: Any]] ?? []).compactMap { $0["file"] as? String }
    }

    @Test func aCameraShiftReordersTheTableAndTravelsToExportsNotOriginals() throws {
        let box = Sandbox()
        let card = try project(box)
        let before = snapshot(card)
        #expect(files(box) == ["DSC_0001.JPG", "DSC_0002.JPG", "DSC_0003.JPG", "DSC_0004.JPG"])
        let shift = box.apolo("time", "shift", "--camera", "apolo two", "--serial", "2002", "-1h02m13s")
        #expect(shift.code == 0 && shift.out.contains("moved the capture times of 2 photos by -1h02m13s"), "\(shift)")
        #expect(files(box).prefix(2) == ["DSC_0002.JPG", "DSC_0004.JPG"], "the second body's photos come first now")
        #expect(box.apolo("slide", "show", "DSC_0002.JPG").out.contains("2026-05-02 07:58:49"))
        #expect(sameFiles(before, snapshot(card)), "originals untouched")
        for line in ["shelf create s", "slide move DSC_0002.JPG --to s", "album compress s"] { box.line(line) }
        #expect(box.apolo("export", "--to", "out", "--sidecars").code == 0)
        let copy = box.root + "/out/two/001-s-DSC_0002.JPG"
        let exif = Process()
        exif.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
        exif.arguments = ["-a", "-s", "-G1", "-DateTimeOriginal", copy]
        let pipe = Pipe()
        exif.standardOutput = pipe
        try exif.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        exif.waitUntilExit()
        #expect(
            text.contains("[ExifIFD]       DateTimeOriginal                : 2026:05:02 07:58:49")
                && text.contains("[XMP-exif]      DateTimeOriginal                : 2026:05:02 07:58:49"), "\(text)")
        let sidecar = try String(contentsOfFile: box.root + "/out/two/001-s-DSC_0002.xmp", encoding: .utf8)
        #expect(sidecar.contains("exif:DateTimeOriginal=\"2026-05-02T07:58:49\""))
        #expect(box.apolo("undo").code == 0 && box.apolo("undo").code == 0 && box.apolo("undo").code == 0)
        #expect(box.apolo("undo").code == 0 && files(box).first == "DSC_0001.JPG", "undone")
    }

    @Test func matchingTwoPhotosOfOneMomentSetsTheClock() throws {
        let box = Sandbox()
        _ = try project(box)
        let match = box.apolo("time", "match", "DSC_0004.JPG", "--to", "DSC_0001.JPG")
        #expect(match.code == 0 && match.out.contains("moved the capture times of 2 photos by -3m03s"), "\(match)")
        #expect(files(box).prefix(3) == ["DSC_0002.JPG", "DSC_0001.JPG", "DSC_0004.JPG"], "\(files(box))")
        let none = box.apolo("time", "shift", "--camera", "Nikon", "+1h")
        #expect(
            none.code == 1
                && none.err.contains("no photo of a camera matching 'Nikon' (cameras: Apolo One, Apolo Two)"),
            "\(none)")
        let bad = box.apolo("time", "shift", "--camera", "Apolo", "soon")
        #expect(bad.code == 2 && bad.err.contains("end with the duration"), "\(bad)")
        let script = box.run(["run", "-"], stdin: "time shift DSC_0001.JPG -00:01:00\n")
        #expect(script.code == 0 && script.out.contains("by -1m"), "\(script)")
    }
}
