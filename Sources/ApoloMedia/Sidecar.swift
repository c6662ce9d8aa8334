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
    /// `wrapped` false leaves out the `xpacket` lines (an extended packet is a bare `x:xmpmeta`). Written by libxml2's
    /// text writer, which escapes every name, word and field.
    public static func xml(
        rating: Int?, label: ColourLabel? = nil, tags: [String],
        faces: FaceRegions? = nil, meta: [String: String]? = nil,
        captured: String? = nil, extended: String? = nil, wrapped: Bool = true
    ) -> String {
        let word = label?.word ?? tags.first { $0.lowercased().hasPrefix("label:") }.map { String($0.dropFirst(6)) }
        let keywords = tags.filter { !$0.lowercased().hasPrefix("label:") }
        let namespaces =
            Self.namespaces + (faces?.boxes.isEmpty == false ? FaceRegions.namespaces : [])
            + (XMPFields.writes(meta) ? XMPFields.namespaces : [])
            + (captured == nil ? [] : [("exif", "http://ns.adobe.com/exif/1.0/")])
            + (extended == nil ? [] : [("xmpNote", "http://ns.adobe.com/xmp/note/")])
        var attributes = [("rdf:about", "")] + namespaces.map { ("xmlns:" + $0.0, $0.1) }
        attributes += [
            rating.map { ("xmp:Rating", "\($0)") }, word.map { ("xmp:Label", $0) },
            captured.map { ("exif:DateTimeOriginal", $0) }, extended.map { ("xmpNote:HasExtendedXMP", $0) }
        ].compactMap { $0 }
        let out = XMLOut()
        if wrapped {
            out.instruction("xpacket", "begin=\"\" id=\"W5M0MpCehiHzreSzNTczkc9d\"")
        }
        out.element("x:xmpmeta", [("xmlns:x", "adobe:ns:meta/")]) {
            out.element("rdf:RDF", [("xmlns:rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#")]) {
                out.element("rdf:Description", attributes) {
                    if let label { colour(label, into: out) }
                    if let meta { XMPFields.write(meta, into: out) }
                    list("dc:subject", "Bag", keywords, into: out)
                    list("lr:hierarchicalSubject", "Bag", keywords, into: out)
                    list("digiKam:TagsList", "Seq", keywords, into: out)
                    faces?.write(into: out)
                }
            }
        }
        if wrapped { out.instruction("xpacket", "end=\"w\"") }
        return out.text
    }

    /// A colour label in darktable's, digiKam's and Photo Mechanic's properties.
    private static func colour(_ label: ColourLabel, into out: XMLOut) {
        let (darktable, digiKam, photoMechanic) = PeerLabels.numbers(label)
        out.element("darktable:colorlabels") { out.element("rdf:Seq") { out.element("rdf:li", text: "\(darktable)") } }
        out.element("digiKam:ColorLabel", text: "\(digiKam)")
        out.element("photomechanic:ColorClass", text: "\(photoMechanic)")
    }

    /// An XMP array property of `items`, or nothing when there are none.
    private static func list(_ property: String, _ kind: String, _ items: [String], into out: XMLOut) {
        guard !items.isEmpty else { return }
        out.element(property) { out.element("rdf:" + kind) { for item in items { out.element("rdf:li", text: item) } } }
    }

    /// The second name peers look for: `001-IMG.xmp` beside `001-IMG.CR2` (Lightroom, Capture One), where
    /// darktable and digiKam read `001-IMG.CR2.xmp`.
    public static func stemName(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return name + ".xmp" }
        return String(name[..<dot]) + ".xmp"
    }
}
