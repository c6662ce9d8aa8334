import ApoloCore
import Foundation

/// XMP sidecars as darktable, digiKam and Lightroom write them: `name.ext.xmp` or `name.xmp` beside the photo.
/// Read through `XMP` (a real XML parser): rating, rejection, tags. Written: rating and tags, next to exported
/// copies only.
public enum Sidecar {
    public struct Facts: Equatable, Sendable {
        public var rating: Int?
        public var rejected = false
        public var tags: [String] = []
        public var label: ColourLabel?
        /// IPTC fields by `MetaField` key.
        public var meta: [String: String] = [:]
        /// Fields whose values were longer than apolo keeps, cut to their limits.
        public var cut: [MetaField] = []
        /// Face regions other programs named (see `PeerFace`).
        public var faces: [PeerFace] = []
    }

    /// The sidecar of a photo, when there is one.
    public static func find(for photo: String) -> String? {
        let nameStart = photo.lastIndex(of: "/").map { photo.index(after: $0) } ?? photo.startIndex
        var stem = photo
        if let dot = photo.lastIndex(of: "."), dot > nameStart { stem = String(photo[..<dot]) }
        return [photo + ".xmp", photo + ".XMP", stem + ".xmp", stem + ".XMP"].first(where: POSIX.readable)
    }

    /// The largest sidecar read: real ones are a few KB; thousands of keywords still fit.
    public static let maxBytes = 4 << 20

    /// The facts of a sidecar file, or why it was not read (not a regular file, too large, not well-formed, a DTD).
    public static func read(_ path: String) -> Result<Facts, InspectFailure> {
        do throws(InspectFailure) { return XMP.facts(try POSIX.contents(path, limit: maxBytes)) } catch {
            return .failure(error)
        }
    }

    /// The sidecar text for a rating, a colour label and keywords, in each peer's own properties (see
    /// docs/deciding.md, "XMP that peers read back"): `xmp:Rating`, `xmp:Label` (Lightroom's word),
    /// `darktable:colorlabels`, `digiKam:ColorLabel`, `photomechanic:ColorClass`; keywords as `dc:subject`,
    /// `lr:hierarchicalSubject` and `digiKam:TagsList`. A `label:WORD` tag (a label that is no colour) is written as
    /// `xmp:Label` too.
    static let namespaces = [
        ("xmp", "http://ns.adobe.com/xap/1.0/"), ("dc", "http://purl.org/dc/elements/1.1/"),
        ("lr", "http://ns.adobe.com/lightroom/1.0/"),
        ("digiKam", "http://www.digikam.org/ns/1.0/"),
        ("darktable", "http://darktable.sf.net/"),
        ("photomechanic", "http://ns.camerabits.com/photomechanic/1.0/")
    ]

    /// `rating` nil leaves it out (an extended packet's part); `extended` names the GUID of an extended packet;
    /// `wrapped` false leaves out the `xpacket` lines (an extended packet is a bare `x:xmpmeta`).
    public static func xml(
        rating: Int?, label: ColourLabel? = nil, tags: [String],
        faces: FaceRegions? = nil, meta: [String: String]? = nil,
        captured: String? = nil, extended: String? = nil, wrapped: Bool = true
    ) -> String {
        let word = label?.word ?? tags.first { $0.lowercased().hasPrefix("label:") }.map { String($0.dropFirst(6)) }
        let keywords = tags.filter { !$0.lowercased().hasPrefix("label:") }
        let colour =
            label.map { c -> String in
                let (darktable, digiKam, photoMechanic) = PeerLabels.numbers(c)
                return "   <darktable:colorlabels>\n    <rdf:Seq>\n     <rdf:li>\(darktable)</rdf:li>\n    </rdf:Seq>\n"
                    + "   </darktable:colorlabels>\n   <digiKam:ColorLabel>\(digiKam)</digiKam:ColorLabel>\n"
                    + "   <photomechanic:ColorClass>\(photoMechanic)</photomechanic:ColorClass>\n"
            } ?? ""
        let fields = meta.map { XMPFields.xml($0, escape: escape) } ?? ""
        let namespaces =
            (Self.namespaces + (faces?.boxes.isEmpty == false ? FaceRegions.namespaces : [])
            + (fields.isEmpty ? [] : XMPFields.namespaces)
            + (captured == nil ? [] : [("exif", "http://ns.adobe.com/exif/1.0/")])
            + (extended == nil ? [] : [("xmpNote", "http://ns.adobe.com/xmp/note/")]))
            .map { "\n    xmlns:\($0.0)=\"\($0.1)\"" }.joined()
        let label =
            (rating.map { "\n    xmp:Rating=\"\($0)\"" } ?? "")
            + (word.map { " xmp:Label=\"\(escape($0))\"" } ?? "")
            + (captured.map { "\n    exif:DateTimeOriginal=\"\(escape($0))\"" } ?? "")
            + (extended.map { "\n    xmpNote:HasExtendedXMP=\"\($0)\"" } ?? "")
        let packet = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about=""\(namespaces)\(label)>
            \(colour)\(fields)\(list("dc:subject", "Bag", keywords))\(list("lr:hierarchicalSubject", "Bag", keywords))\
            \(list("digiKam:TagsList", "Seq", keywords))\(faces?.xml ?? "")  </rdf:Description>
             </rdf:RDF>
            </x:xmpmeta>

            """
        guard wrapped else { return packet }
        return "<?xpacket begin=\"\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n" + packet + "<?xpacket end=\"w\"?>\n"
    }

    /// An XMP array property of `items`, or nothing when there are none.
    private static func list(_ property: String, _ kind: String, _ items: [String]) -> String {
        guard !items.isEmpty else { return "" }
        let lines = items.map { "     <rdf:li>\(escape($0))</rdf:li>\n" }.joined()
        return "   <\(property)>\n    <rdf:\(kind)>\n\(lines)    </rdf:\(kind)>\n   </\(property)>\n"
    }

    /// The second name peers look for: `001-IMG.xmp` beside `001-IMG.CR2` (Lightroom, Capture One), where
    /// darktable and digiKam read `001-IMG.CR2.xmp`.
    public static func stemName(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return name + ".xmp" }
        return String(name[..<dot]) + ".xmp"
    }

    /// Text made safe for XML: markup escaped, and characters XML 1.0 cannot carry (U+FFFE, U+FFFF, C0 controls
    /// but tab and line breaks) left out, so a packet is always well-formed for every peer.
    static func escape(_ s: String) -> String {
        s.withoutXMLForbidden.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
