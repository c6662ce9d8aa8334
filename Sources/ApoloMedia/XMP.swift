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

    /// The facts in a packet, or why it was refused.
    public static func facts(_ packet: [UInt8]) -> Result<Sidecar.Facts, InspectFailure> {
        guard packet.count <= maxBytes else { return .failure(InspectFailure("its XMP is \(packet.count) bytes; apolo reads at most 4 MiB")) }
        if Bytes(packet).containsCaseless("<!DOCTYPE") || Bytes(packet).containsCaseless("<!ENTITY") {
            return .failure(InspectFailure("its XMP declares a DTD or entities, which XMP never needs; ignored"))
        }
        let reader = Reader()
        let parser = XMLParser(data: Data(packet))
        parser.shouldProcessNamespaces = false   // names are matched by their local part: `xap:Rating` in old files too
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        // libxml2 reports an undeclared prefix (common in hand-written sidecars) without stopping; a document cut short
        // can end with elements still open
        guard parser.parse(), reader.open == 0 else {
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

    /// Collects the values apolo reads, as attributes of `rdf:Description` or as elements, by local name.
    private final class Reader: NSObject, XMLParserDelegate {
        var rating: String?
        var label: String?
        var subjects: [String] = []
        var hierarchy: [String] = []
        private var inside: [String] = []   // local names of the open elements
        var open: Int { inside.count }
        private var text = ""

        private static func local(_ name: String) -> String { name.split(separator: ":").last.map(String.init) ?? name }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            inside.append(Self.local(name))
            text = ""
            for (attribute, value) in attributes {
                switch Self.local(attribute) {
                case "Rating" where rating == nil: rating = value
                case "Label" where label == nil: label = value
                default: break
                }
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if text.utf8.count < 65536 { text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            let local = Self.local(name)
            if local == "li", inside.count >= 3 {
                switch inside[inside.count - 3] {
                case "subject": subjects.append(text.trimmingSpaces)
                case "hierarchicalSubject": hierarchy.append(text.trimmingSpaces)
                default: break
                }
            }
            if local == "Rating", rating == nil { rating = text }
            if local == "Label", label == nil { label = text }
            inside.removeLast()
            text = ""
        }
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
