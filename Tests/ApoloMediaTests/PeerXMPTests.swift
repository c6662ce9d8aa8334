import ApoloCore
import ApoloFixtures
import Foundation
import Testing
@testable import ApoloMedia

/// XMP as each peer writes it, read by apolo; and what apolo writes, read by ExifTool and exiv2 (the libraries
/// digiKam, darktable and others build on). The tools are Debian packages `make test` installs.
@Suite struct PeerXMPTests {
    let temporary = TemporaryFolder()

    /// Runs a tool and returns its standard output (empty when it is missing or fails).
    static func tool(_ arguments: [String]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test(arguments: [
        // darktable: attributes on the description, colorlabels as a Seq of 0–4, −1 = rejected
        (
            """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" \
            xmlns:darktable="http://darktable.sf.net/"
             xmlns:dc="http://purl.org/dc/elements/1.1/" xmp:Rating="-1" darktable:xmp_version="5">
            <darktable:colorlabels><rdf:Seq><rdf:li>3</rdf:li><rdf:li>0</rdf:li></rdf:Seq></darktable:colorlabels>
            <dc:subject><rdf:Bag><rdf:li>tram</rdf:li></rdf:Bag></dc:subject>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """, Sidecar.Facts(rating: nil, rejected: true, tags: ["tram"], label: .blue)
        ),
        // digiKam: ColorLabel 6 (magenta), PickLabel 1 (rejected), TagsList paths
        (
            """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:digiKam="http://www.digikam.org/ns/1.0/" \
            xmlns:xmp="http://ns.adobe.com/xap/1.0/">
            <digiKam:ColorLabel>6</digiKam:ColorLabel><digiKam:PickLabel>1</digiKam:PickLabel><xmp:Rating>3</xmp:Rating>
            <digiKam:TagsList><rdf:Seq><rdf:li>Places/Portugal/Lisbon</rdf:li></rdf:Seq></digiKam:TagsList>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """, Sidecar.Facts(rating: 3, rejected: true, tags: ["Lisbon"], label: .purple)
        ),
        // Photo Mechanic: ColorClass 3
        (
            """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:photomechanic="http://ns.camerabits.com/photomechanic/1.0/"
             photomechanic:ColorClass="3"/></rdf:RDF></x:xmpmeta>
            """, Sidecar.Facts(rating: nil, rejected: false, tags: [], label: .green)
        ),
        // Lightroom: the label's word, keywords flat and hierarchical
        (
            """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" \
            xmlns:lr="http://ns.adobe.com/lightroom/1.0/"
             xmp:Rating="5" xmp:Label="Yellow"><lr:hierarchicalSubject><rdf:Bag><rdf:li>Trips|Lisbon</rdf:li></rdf:Bag>
            </lr:hierarchicalSubject></rdf:Description></rdf:RDF></x:xmpmeta>
            """, Sidecar.Facts(rating: 5, rejected: false, tags: ["Lisbon"], label: .yellow)
        )
    ])
    func apoloReadsEachPeersOwnProperties(_ packet: String, _ expected: Sidecar.Facts) throws {
        try FixtureFiles.write(Array(packet.utf8), to: temporary.path + "/IMG.CR2.xmp")
        #expect(try Sidecar.read(temporary.path + "/IMG.CR2.xmp").get() == expected)
    }

    @Test func apoloReadsWhatExifToolWritesAsDigiKamAndLightroomDo() throws {
        let path = temporary.path + "/IMG.xmp"
        _ = Self.tool([
            "exiftool", "-q", "-o", path, "-XMP-xmp:Rating=2", "-XMP-digiKam:ColorLabel=4",
            "-XMP-digiKam:TagsList=Trips/Lisbon", "-XMP-dc:Subject=tram", "-XMP-lr:HierarchicalSubject=A|B"
        ])
        try #require(FileManager.default.fileExists(atPath: path), "exiftool (Debian libimage-exiftool-perl) is needed")
        let facts = try Sidecar.read(path).get()
        #expect(facts.rating == 2 && facts.label == .green && Set(facts.tags) == ["Lisbon", "tram", "B"])
    }

    @Test func exifToolAndExiv2ReadEveryPeersPropertyInWhatApoloWrites() throws {
        let path = temporary.path + "/001-IMG.CR2.xmp"
        try FixtureFiles.write(Array(Sidecar.xml(rating: 4, label: .blue, tags: ["tram", "Lisbon"]).utf8), to: path)
        let exif = Self.tool(["exiftool", "-j", "-G1", "-a", path])
        let fields =
            try #require((try? JSONSerialization.jsonObject(with: Data(exif.utf8))) as? [[String: Any]]).first ?? [:]
        #expect(fields["XMP-xmp:Rating"] as? Int == 4 && fields["XMP-xmp:Label"] as? String == "Blue", "\(fields)")
        #expect(fields["XMP-dc:Subject"] as? [String] == ["tram", "Lisbon"])
        #expect(fields["XMP-lr:HierarchicalSubject"] as? [String] == ["tram", "Lisbon"])
        #expect(
            fields["XMP-digiKam:ColorLabel"] as? Int == 5
                && fields["XMP-digiKam:TagsList"] as? [String] == ["tram", "Lisbon"])
        #expect(
            fields["XMP-photomech:ColorClass"] as? String == "4 (Superior alt)"
                || fields["XMP-photomech:ColorClass"] as? Int == 4,
            "\(fields["XMP-photomech:ColorClass"] ?? "none")")
        let exiv2 = Self.tool(["exiv2", "-PXkv", path])
        try #require(!exiv2.isEmpty, "exiv2 (Debian exiv2) is needed")
        for line in [
            "Xmp.xmp.Rating", "Xmp.xmp.Label", "Xmp.digiKam.ColorLabel", "Xmp.darktable.colorlabels",
            "Xmp.photomechanic.ColorClass", "Xmp.lr.hierarchicalSubject", "Xmp.dc.subject"
        ] {
            #expect(exiv2.contains(line), "exiv2 reads \(line): \(exiv2)")
        }
        #expect(exiv2.contains("Xmp.xmp.Label                                Blue") || exiv2.contains("Blue"))
    }

    /// Faces as MWG regions, read back by ExifTool; an area is the box's centre in the image
    /// as stored (a photo shown turned by orientation 6 has its box turned back).
    @Test func exifToolReadsFacesAsMWGRegions() throws {
        let path = temporary.path + "/001-IMG.jpg.xmp"
        let faces = FaceRegions(boxes: [[0.35, 0.16, 0.2, 0.1]], orientation: 6, width: 4000, height: 3000)
        try FixtureFiles.write(Array(Sidecar.xml(rating: 3, tags: [], faces: faces).utf8), to: path)
        let exif = Self.tool(["exiftool", "-j", "-struct", "-XMP-mwg-rs:RegionInfo", path])
        let fields = try #require((try? JSONSerialization.jsonObject(with: Data(exif.utf8))) as? [[String: Any]]).first
        let info = try #require(fields?["RegionInfo"] as? [String: Any], "\(exif)")
        let dimensions = try #require(info["AppliedToDimensions"] as? [String: Any])
        #expect(dimensions["W"] as? Int == 4000 && dimensions["H"] as? Int == 3000)
        let region = try #require((info["RegionList"] as? [[String: Any]])?.first)
        let area = try #require(region["Area"] as? [String: Any])
        #expect(region["Type"] as? String == "Face")
        #expect(area["X"] as? Double == 0.21 && area["Y"] as? Double == 0.55, "centre (0.45, 0.21) shown → stored")
        #expect(area["W"] as? Double == 0.1 && area["H"] as? Double == 0.2 && area["Unit"] as? String == "normalized")
        #expect(
            Sidecar.xml(rating: 1, tags: [], faces: FaceRegions(boxes: [], orientation: 1)).contains("mwg") == false)
    }
}
