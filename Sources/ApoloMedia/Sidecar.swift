import ApoloCore
import Foundation

/// XMP sidecars as darktable, digiKam and Lightroom write them: `name.ext.xmp` or `name.xmp` beside the photo.
/// Read: `xmp:Rating` (−1 = rejected), `dc:subject`, `lr:hierarchicalSubject` (the last level) and `xmp:Label`
/// (as the tag `label:NAME`). Written: rating and tags, next to exported copies only.
public enum Sidecar {
    public struct Facts: Equatable, Sendable {
        public var rating: Int?
        public var rejected = false
        public var tags: [String] = []
    }

    /// The sidecar of a photo, when there is one.
    public static func find(for photo: String) -> String? {
        let nameStart = photo.lastIndex(of: "/").map { photo.index(after: $0) } ?? photo.startIndex
        var stem = photo
        if let dot = photo.lastIndex(of: "."), dot > nameStart { stem = String(photo[..<dot]) }
        return [photo + ".xmp", photo + ".XMP", stem + ".xmp", stem + ".XMP"].first(where: POSIX.readable)
    }

    public static func read(_ path: String) -> Facts? {
        guard let data = POSIX.contents(path) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        var facts = Facts()
        if let rating = value("xmp:Rating", in: text).flatMap({ Int($0.trimmingSpaces) }) {
            if rating < 0 { facts.rejected = true } else { facts.rating = min(5, rating) }
        }
        facts.tags = items("dc:subject", in: text)
        for path in items("lr:hierarchicalSubject", in: text) {
            let leaf = path.split(separator: "|").last.map { String($0).trimmingSpaces } ?? path
            if !leaf.isEmpty, !facts.tags.contains(where: { $0.foldKey == leaf.foldKey }) { facts.tags.append(leaf) }
        }
        if let label = value("xmp:Label", in: text)?.trimmingSpaces, !label.isEmpty { facts.tags.append("label:" + label) }
        facts.tags = facts.tags.compactMap { try? Names.tag(unescape($0)) }
        return facts
    }

    /// The sidecar text for a rating and tags.
    public static func xml(rating: Int, tags: [String]) -> String {
        let list = tags.map { "     <rdf:li>\(escape($0))</rdf:li>\n" }.joined()
        let subject = tags.isEmpty ? "" : "   <dc:subject>\n    <rdf:Bag>\n\(list)    </rdf:Bag>\n   </dc:subject>\n"
        return """
            <?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmp:Rating="\(rating)">
            \(subject)  </rdf:Description>
             </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="w"?>

            """
    }

    /// An attribute (`name="v"`) or element (`<name>v</name>`) value.
    private static func value(_ name: String, in text: String) -> String? {
        if let range = text.range(of: name + "=\"") {
            return String(text[range.upperBound...].prefix { $0 != "\"" })
        }
        guard let open = text.range(of: "<" + name + ">"), let close = text.range(of: "</" + name + ">", range: open.upperBound..<text.endIndex) else { return nil }
        return String(text[open.upperBound..<close.lowerBound])
    }

    /// The `rdf:li` items inside an element.
    private static func items(_ name: String, in text: String) -> [String] {
        guard let open = text.range(of: "<" + name), let close = text.range(of: "</" + name + ">", range: open.upperBound..<text.endIndex) else { return [] }
        var body = text[open.upperBound..<close.lowerBound]
        var found: [String] = []
        while let start = body.range(of: "<rdf:li"), let gt = body[start.upperBound...].firstIndex(of: ">"),
              let end = body.range(of: "</rdf:li>", range: gt..<body.endIndex) {
            found.append(String(body[body.index(after: gt)..<end.lowerBound]).trimmingSpaces)
            body = body[end.upperBound...]
        }
        return found
    }

    private static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    private static func unescape(_ s: String) -> String {
        s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }
}
