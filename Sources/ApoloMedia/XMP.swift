import ApoloCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// XMP packets (sidecars, and packets embedded in JPEG, TIFF, PNG, WebP and raw files) read with a real XML
/// parser: `xmp:Rating` (−1 = rejected), `dc:subject`, the last level of `lr:hierarchicalSubject`, `xmp:Label`
/// (kept as the tag `label:NAME`). Hostile packets are refused in words: a DTD or an entity declaration (XMP never
/// has one: this is how entity expansion and external entities are stopped), more than `maxBytes`, malformed XML.
public enum XMP {
    /// The largest packet read (real ones are a few KB; 10,000 keywords still fit).
    public static let maxBytes = 4 << 20
    /// Tags past this many are dropped with a warning.
    public static let maxTags = 10_000

    static let xmpNS = "http://ns.adobe.com/xap/1.0/"
    static let dcNS = "http://purl.org/dc/elements/1.1/"
    static let lrNS = "http://ns.adobe.com/lightroom/1.0/"

    /// The facts in a packet, or why it was refused.
    public static func facts(_ packet: [UInt8]) -> Result<Sidecar.Facts, InspectFailure> {
        guard packet.count <= maxBytes else { return .failure(InspectFailure("its XMP is \(packet.count) bytes; apolo reads at most 4 MiB")) }
        if Bytes(packet).containsCaseless("<!DOCTYPE") || Bytes(packet).containsCaseless("<!ENTITY") {
            return .failure(InspectFailure("its XMP declares a DTD or entities, which XMP never needs; ignored"))
        }
        let reader = Reader()
        let parser = XMLParser(data: Data(packet))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        guard parser.parse() else {
            let line = parser.lineNumber
            return .failure(InspectFailure("its XMP is not well-formed XML (line \(line)); ignored"))
        }
        var facts = Sidecar.Facts()
        if let rating = reader.rating.flatMap({ Int($0.trimmingSpaces) }) {
            if rating < 0 { facts.rejected = true } else { facts.rating = min(5, rating) }
        }
        var tags = reader.subjects + reader.hierarchy.map { $0.split(separator: "|").last.map { String($0).trimmingSpaces } ?? $0 }
        if let label = reader.label?.trimmingSpaces, !label.isEmpty { tags.append("label:" + label) }
        var seen = Set<String>()
        facts.tags = tags.compactMap { try? Names.tag($0.trimmingSpaces) }.filter { seen.insert($0.foldKey).inserted }
        if facts.tags.count > maxTags { facts.tags = Array(facts.tags.prefix(maxTags)) }
        return .success(facts)
    }

    /// Collects the values apolo reads, as attributes of `rdf:Description` or as elements.
    private final class Reader: NSObject, XMLParserDelegate {
        var rating: String?
        var label: String?
        var subjects: [String] = []
        var hierarchy: [String] = []
        private var inside: [String] = []   // namespace + local name of the open elements
        private var text = ""

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let key = (namespaceURI ?? "") + name
            inside.append(key)
            text = ""
            if name == "Description" {
                for (attribute, value) in attributes {
                    let local = attribute.split(separator: ":").last.map(String.init) ?? attribute
                    if local == "Rating", rating == nil { rating = value }
                    if local == "Label", label == nil { label = value }
                }
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if text.utf8.count < 65536 { text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            let key = (namespaceURI ?? "") + name
            if name == "li", inside.count >= 3 {
                let owner = inside[inside.count - 3]
                if owner == dcNS + "subject" { subjects.append(text) }
                if owner == lrNS + "hierarchicalSubject" { hierarchy.append(text) }
            }
            if key == xmpNS + "Rating" { rating = rating ?? text }
            if key == xmpNS + "Label" { label = label ?? text }
            inside.removeLast()
            text = ""
        }

        private var dcNS: String { XMP.dcNS }
        private var lrNS: String { XMP.lrNS }
        private var xmpNS: String { XMP.xmpNS }
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
