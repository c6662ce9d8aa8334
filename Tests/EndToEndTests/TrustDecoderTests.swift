import ApoloFixtures
import Foundation
import Testing

/// Untrusted decoding cannot take apolo down: a file that crashes or hangs a decoder costs that file, in words,
/// and the import saves the rest.
@Suite struct TrustDecoderTests {
    /// The photos of a folder of samples, each with a sidecar, one of which once killed the process.
    @Test func aSidecarThatKilledXMLParserIsIgnoredInWordsAndTheImportGoesOn() throws {
        let box = Sandbox()
        box.apolo("project", "new", "trip")
        let files = try FileManager.default.contentsOfDirectory(atPath: Samples.lisbon + "/day1").filter {
            $0.hasSuffix(".jpg")
        }.sorted()
        try FileManager.default.createDirectory(atPath: box.root + "/in", withIntermediateDirectories: true)
        for file in files {
            try FileManager.default.copyItem(atPath: Samples.lisbon + "/day1/" + file, toPath: box.root + "/in/" + file)
        }
        let bad: [UInt8] =
            Array("<x:xmpmeta><rdf:De".utf8) + [0xFF, 0xFF, 0xFF, 0xFF] + Array("t xmp:Rating=\"5\"/></x:xmpmeta>".utf8)
        try FixtureFiles.write(bad, to: box.root + "/in/" + files[0] + ".xmp")
        let good = #"<x:xmpmeta><rdf:Description xmp:Rating="2"/></x:xmpmeta>"#
        try FixtureFiles.write(Array(good.utf8), to: box.root + "/in/" + files[1] + ".xmp")
        let run = box.apolo("import", box.root + "/in")
        #expect(run.code == 0, "\(run)")
        #expect(run.err.contains("\(files[0]).xmp") && run.err.contains("not well-formed XML"), "\(run)")
        let table = box.apolo("table", "--json")
        let slides = try #require(json(table.out) as? [[String: Any]])
        #expect(slides.count == files.count, "every photo imported: \(table.out.prefix(300))")
        let second = slides.first { $0["file"] as? String == files[1] }
        #expect(second?["rating"] as? Int == 2, "the good sidecar was read")
    }

    /// LibRaw made to crash or hang (a fault injected in its child process, as LibRaw 0.20's segfault in
    /// parse_tiff_ifd on damaged NEF/ARW/ORF files does): each raw fails in words, the JPEGs are saved.
    @Test(arguments: [
        ("crash", "the raw decoder crashed (signal 11)"),
        ("hang", "the raw decoder took longer than 1 s and was stopped")
    ])
    func aRawDecoderThatDiesCostsOneFileNotTheImport(fault: String, message: String) throws {
        let box = Sandbox()
        box.apolo("project", "new", "card")
        let preview = JPEGEncoder.encode(width: 160, height: 120, rgb: Painter.scene(width: 160, height: 120, seed: 3))
        for i in 1...3 {
            var facts = DNGWriter.Facts()
            facts.iso = 100 * i
            try FixtureFiles.write(
                DNGWriter.make(preview: (preview, 160, 120), facts: facts), to: box.root + "/card/R\(i).DNG")
        }
        try FileManager.default.copyItem(
            atPath: Samples.lisbon + "/day1/IMG_0101.jpg", toPath: box.root + "/card/IMG_0101.jpg")
        box.environment = ["APOLO_FAULT_RAW": fault, "APOLO_RAW_TIMEOUT": "1"]
        let run = box.apolo("import", box.root + "/card")
        #expect(run.code == 3, "\(run)")
        for i in 1...3 { #expect(run.err.contains("failed: \(box.root)/card/R\(i).DNG: \(message)"), "\(run)") }
        #expect(run.out.contains("imported 1"), "\(run)")
        box.environment = [:]
        #expect(
            box.apolo("import", box.root + "/card").out.contains("imported 3"), "the raws import once LibRaw behaves")
    }
}
