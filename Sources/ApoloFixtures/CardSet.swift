import Foundation

/// A memory card as cameras write one, for ingest's tests, demo and benchmark: `DCIM/100APOLO/DSC_0001.JPG` …,
/// every fifth shot a RAW+JPEG pair (a DNG beside it), one XMP sidecar, a video clip and a camera database file
/// that are no photos, shot a minute apart on 2026-05-02 from 09:00 by two bodies with their serial numbers.
public enum CardSet {
    /// Writes `count` shots of `width`×`height` under `folder`; starts numbering at `first` (a second card).
    public static func write(
        count: Int, width: Int = 640, height: Int = 480, first: Int = 1,
        to folder: String
    ) throws {
        let rgb = BulkSet.noisy(Painter.scene(width: width, height: height, seed: 5), state: 88_172_645, spread: 21)
        let base = JPEGEncoder.encode(width: width, height: height, rgb: rgb)
        let dcim = folder + "/DCIM/100APOLO/"
        for n in first..<(first + count) {
            let minute = n - 1
            let date = String(format: "2026:05:02 %02d:%02d:%02d", 9 + minute / 60, minute % 60, n % 7)
            var fields = ExifWriter.Fields(
                make: "Apolo", model: n % 2 == 0 ? "Apolo Two" : "Apolo One",
                orientation: 1, dateTimeOriginal: date)
            fields.serial = n % 2 == 0 ? "2002" : "1001"
            fields.lens = "Apolo 35mm F2.8"
            let exif = Array("Exif".utf8) + [0, 0] + ExifWriter.tiff(fields)
            let app1: [UInt8] = [0xFF, 0xE1, UInt8((exif.count + 2) >> 8), UInt8((exif.count + 2) & 255)] + exif
            let name = String(format: "DSC_%04d", n)
            let modified = 1_777_712_400 + minute * 60
            try FixtureFiles.write(
                [0xFF, 0xD8] + app1 + base.dropFirst(2), to: dcim + name + ".JPG",
                modified: modified)
            if n % 5 == 0 {
                var facts = DNGWriter.Facts()
                (facts.model, facts.date) = (fields.model ?? "", date)
                let preview = (
                    JPEGEncoder.encode(
                        width: 160, height: 120,
                        rgb: Painter.scene(
                            width: 160, height: 120,
                            seed: n)), 160, 120
                )
                try FixtureFiles.write(
                    DNGWriter.make(preview: preview, facts: facts), to: dcim + name + ".DNG",
                    modified: modified)
            }
        }
        let sidecar = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
            <rdf:Description xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="4"/></rdf:RDF></x:xmpmeta>
            """
        try FixtureFiles.write(Array(sidecar.utf8), to: dcim + String(format: "DSC_%04d", first) + ".xmp")
        let clip: [UInt8] =
            [0, 0, 0, 24] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8)
            + [UInt8](repeating: 7, count: 4000)
        try FixtureFiles.write(clip, to: dcim + String(format: "MOV_%04d", first) + ".MP4")
        try FixtureFiles.write(Array("apolo card index".utf8), to: folder + "/MISC/CARD.CTG")
    }
}
