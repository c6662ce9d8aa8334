import ApoloCore
import CXMLShim
#if canImport(Glibc)
    import Glibc
#endif

/// XMP packets (sidecars, and packets embedded in JPEG, TIFF, PNG, WebP and raw files) read with libxml2 as a
/// tree: `xmp:Rating` (−1 = rejected, as darktable writes it) and `digiKam:PickLabel` (1 = rejected); keywords from
/// `dc:subject`, the last level of `lr:hierarchicalSubject` and of `digiKam:TagsList`; the colour label from
/// `xmp:Label` (Lightroom's words), `darktable:colorlabels`, `digiKam:ColorLabel` or `photomechanic:ColorClass`,
/// in that order (see `PeerLabels`); an `xmp:Label` word that is no colour is kept as the tag
/// `label:WORD`. Hostile packets are refused in words, never fatal: a DTD or an entity
/// declaration (XMP never has one: this is how entity expansion and external entities are stopped), more than
/// `maxBytes`, malformed XML or bytes that are not UTF-8 (Foundation's `XMLParser` traps on a bad byte in a name,
/// swift-corelibs-foundation #5534; libxml2 reports it as an error). libxml2 loads nothing from the network and
/// nests at most 256 elements deep.
public enum XMP {
    /// The largest packet read (real ones are a few KB; 10,000 keywords still fit).
    public static let maxBytes = 4 << 20
    /// Tags past this many are dropped with a warning.
    public static let maxTags = 10_000
    /// Text kept of one value, in bytes.
    static let maxText = 65_536
    /// Attributes (namespace declarations included) one element may have; real packets have a few dozen.
    public static let maxAttributes = 1_000
    /// Seconds a packet may take to parse.
    public static let maxSeconds = 2.0

    /// The facts in a packet, or why it was refused.
    public static func facts(_ packet: [UInt8]) -> Result<Sidecar.Facts, InspectFailure> {
        guard packet.count <= maxBytes else {
            return .failure(InspectFailure("its XMP is \(packet.count) bytes; apolo reads at most 4 MiB"))
        }
        if Bytes(packet).containsCaseless("<!DOCTYPE") || Bytes(packet).containsCaseless("<!ENTITY") {
            return .failure(InspectFailure("its XMP declares a DTD or entities, which XMP never needs; ignored"))
        }
        switch read(packet) {
        case .success(let values): return .success(facts(values))
        case .failure(let line) where line.number == -1:
            return .failure(
                InspectFailure(
                    "its XMP has an element with more than \(maxAttributes) attributes, "
                        + "which no real packet has; ignored"))
        case .failure(let line) where line.number == -2:
            return .failure(InspectFailure("its XMP took more than \(Int(maxSeconds)) s to read; ignored"))
        case .failure(let line):
            return .failure(InspectFailure("its XMP is not well-formed XML (line \(line)); ignored"))
        }
    }

    /// What a packet says, as apolo keeps it.
    private static func facts(_ values: Values) -> Sidecar.Facts {
        var facts = Sidecar.Facts()
        if let rating = values.rating.flatMap({ Int($0.trimmingSpaces) }) {
            if rating < 0 { facts.rejected = true } else { facts.rating = min(5, rating) }
        }
        if values.pickLabel?.trimmingSpaces == "1" { facts.rejected = true }
        let last = { (path: String, separator: Character) in
            path.split(separator: separator).last.map { String($0).trimmingSpaces } ?? path
        }
        var tags = values.subjects + values.hierarchy.map { last($0, "|") } + values.tagsList.map { last($0, "/") }
        facts.label = PeerLabels.label(values)
        facts.faces = Array(values.regions.prefix(maxRegions))
        for (key, value) in values.meta {
            guard let field = MetaField(rawValue: key), let kept = field.kept(value) else { continue }
            facts.meta[key] = kept.text
            if kept.cut { facts.cut.append(field) }
        }
        if let word = values.label?.trimmingSpaces, !word.isEmpty, ColourLabel(word: word) == nil {
            tags.append("label:" + word)
        }
        var seen = Set<String>()
        facts.tags = tags.compactMap { try? Names.tag($0.trimmingSpaces) }.filter { seen.insert($0.foldKey).inserted }
        if facts.tags.count > maxTags { facts.tags = Array(facts.tags.prefix(maxTags)) }
        return facts
    }

    /// The values apolo reads, as attributes or as elements, by local name (`xap:Rating` in old files too).
    struct Values {
        var rating: String?
        var label: String?
        var subjects: [String] = []
        var hierarchy: [String] = []
        var tagsList: [String] = []
        var darktableLabels: [String] = []
        var digiKamLabel: String?
        var colorClass: String?
        var pickLabel: String?
        /// IPTC fields by `MetaField` key (the first value given counts).
        var meta: [String: String] = [:]
        /// Face regions named by other programs (`mwg-rs:RegionList`).
        var regions: [PeerFace] = []
        /// Where text is copied to, reused for every value of one packet.
        var scratch = [UInt8](repeating: 0, count: maxText)
    }

    /// The line where libxml2 stopped.
    struct Line: Error, CustomStringConvertible {
        let number: Int
        var description: String { "\(number)" }
    }

    /// Parses `packet`; the line of the first fatal error when it is not well-formed.
    static func read(_ packet: [UInt8]) -> Result<Values, Line> {
        var line: Int32 = 0
        let parsed = packet.withUnsafeBytes {
            apolo_xml_parse($0.baseAddress, $0.count, maxAttributes, maxSeconds, &line)
        }
        guard let document = parsed else {
            return .failure(Line(number: Int(line)))
        }
        defer { apolo_xml_free(document) }
        var values = Values()
        walk(apolo_xml_root(document), ancestors: [], into: &values)
        return .success(values)
    }

    /// Visits an element and its descendants in document order (libxml2 nests them at most 256 deep).
    private static func walk(_ node: UnsafeRawPointer, ancestors: [String], into values: inout Values) {
        let name = local(apolo_xml_name(node))
        if name == "RegionList" {
            values.regions += regions(under: node, &values.scratch)
            return
        }
        var attribute = apolo_xml_first_attribute(node)
        while let current = attribute {
            let name = local(apolo_xml_name(current))
            keep(name, current, into: &values)
            if let field = XMPFields.byName[String(cString: apolo_xml_namespace(current)) + " " + name],
                values.meta[field.rawValue] == nil
            {
                let value = text(current, &values.scratch).trimmingSpaces
                if !value.isEmpty { values.meta[field.rawValue] = value }
            }
            attribute = apolo_xml_next_attribute(current)
        }
        if name == "li", ancestors.count >= 2 {
            switch ancestors[ancestors.count - 2] {
            case "subject": values.subjects.append(text(node, &values.scratch).trimmingSpaces)
            case "hierarchicalSubject": values.hierarchy.append(text(node, &values.scratch).trimmingSpaces)
            case "TagsList": values.tagsList.append(text(node, &values.scratch).trimmingSpaces)
            case "colorlabels": values.darktableLabels.append(text(node, &values.scratch).trimmingSpaces)
            default: break
            }
        }
        keep(name, node, into: &values)
        if let field = XMPFields.byName[String(cString: apolo_xml_namespace(node)) + " " + name],
            values.meta[field.rawValue] == nil
        {
            let value = metaValue(node, &values.scratch)
            if !value.isEmpty { values.meta[field.rawValue] = value }
            return
        }
        var child = apolo_xml_first_element(node)
        while let current = child {
            walk(current, ancestors: ancestors + [name], into: &values)
            child = apolo_xml_next_element(current)
        }
    }

    /// A single value (`xmp:Rating`, `xmp:Label`, `digiKam:ColorLabel`, `photomechanic:ColorClass`,
    /// `digiKam:PickLabel`) given as an attribute or an element; the first one given counts.
    private static func keep(_ name: String, _ node: UnsafeRawPointer, into values: inout Values) {
        let path: WritableKeyPath<Values, String?>
        switch name {
        case "Rating": path = \.rating
        case "Label": path = \.label
        case "ColorLabel": path = \.digiKamLabel
        case "ColorClass": path = \.colorClass
        case "PickLabel": path = \.pickLabel
        default: return
        }
        if values[keyPath: path] == nil { values[keyPath: path] = text(node, &values.scratch) }
    }

    /// The text of an element's or attribute's descendants, at most `maxText` bytes.
    static func text(_ node: UnsafeRawPointer, _ buffer: inout [UInt8]) -> String {
        let count = buffer.withUnsafeMutableBytes { apolo_xml_text(node, $0.baseAddress, $0.count) }
        return String(decoding: buffer.prefix(count), as: UTF8.self)
    }

    /// The part of a qualified name after its prefix.
    static func local(_ name: UnsafePointer<CChar>?) -> String {
        guard let name else { return "" }
        let full = String(decoding: UnsafeRawBufferPointer(start: name, count: strlen(name)), as: UTF8.self)
        return full.split(separator: ":").last.map(String.init) ?? full
    }
}

extension Bytes {
    /// True when `word` (ASCII) occurs anywhere, in any case.
    func containsCaseless(_ word: String) -> Bool {
        let w = Array(word.lowercased().utf8)
        guard let first = w.first, count >= w.count else { return false }
        var i = 0
        while i + w.count <= count {
            if lower(i) == first, (1..<w.count).allSatisfy({ lower(i + $0) == w[$0] }) { return true }
            i += 1
        }
        return false
    }

    private func lower(_ i: Int) -> UInt8 {
        let c = data[i]
        return (65...90).contains(c) ? c + 32 : c
    }
}
