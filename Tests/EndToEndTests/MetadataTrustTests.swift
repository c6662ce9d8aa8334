import Foundation
import Testing

/// Metadata peers can always read: a copy whose XMP passes the 64 KB of a JPEG segment carries it as extended XMP
/// (and its IIM), never nothing; a caption asking for an absurd width is refused in words, not an abort.
@Suite struct MetadataTrustTests {
    @Test func aPacketPast64KBIsEmbeddedAsExtendedXMPWithItsIIM() throws {
        let box = Sandbox().tripWithPhotos()
        let long = "Tranvía 28 " + String(repeating: "🎉🚋", count: 3_900)
        let set = box.apolo(
            "caption", "set", "table:1", "--title", "Tram", "--caption", long, "--field",
            "usage-terms=" + long, "--field", "instructions=" + long)
        #expect(set.code == 0, "\(set)")
        for line in ["shelf create best", "slide move table:1 --to best", "album compress best"] { box.line(line) }
        let run = box.apolo("export", "--to", "out")
        #expect(run.code == 0, "\(run)")
        let copy = try #require(
            try FileManager.default.contentsOfDirectory(atPath: box.root + "/out/trip").first {
                $0.hasSuffix(".jpg") || $0.hasSuffix(".JPG")
            })
        let path = box.root + "/out/trip/" + copy
        let bytes = try #require(FileManager.default.contents(atPath: path))
        #expect(bytes.range(of: Data("http://ns.adobe.com/xmp/extension/".utf8)) != nil, "an extended packet")
        let exif = try #require(
            tool("/usr/bin/exiftool", ["-a", "-G1", "-s", "-b", "-XMP-dc:Description", path]),
            "ExifTool reads the copy (make test installs it)")
        #expect(
            exif.trimmingCharacters(in: .whitespacesAndNewlines) == long.trimmingCharacters(in: .whitespaces),
            "the whole caption reads back from the extended packet")
        let all = tool("/usr/bin/exiftool", ["-a", "-G1", "-s", path], errors: true) ?? ""
        #expect(all.contains("[IPTC]") && all.contains("ObjectName") && all.contains(": Tram"), "IIM too")
        #expect(all.contains("HasExtendedXMP") && !all.lowercased().contains("warning"), "\(all.suffix(600))")
    }

    @Test func aCaptionWidthPastNineDigitsIsRefusedInWords() throws {
        let box = Sandbox().tripWithPhotos()
        for width in ["9000000000000000000", "100000000"] {
            let run = box.apolo("caption", "set", "table:1", "--caption", "{number:\(width)}")
            #expect(run.code == 1 && run.err.contains("a width is one digit, 1–9"), "\(run)")
        }
        let template = box.apolo("template", "new", "wide", "--field", "caption={seq:12}")
        #expect(template.code == 1 && template.err.contains("a width is one digit"), "\(template)")
    }
}
