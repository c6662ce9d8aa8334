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

    /// The largest sidecar read: real ones are a few KB; thousands of keywords still fit.
    public static let maxBytes = 4 << 20

    /// The facts of a sidecar file, or why it was not read (not a regular file, too large). Linear in its size.
    public static func read(_ path: String) -> Result<Facts, InspectFailure> {
        do throws(InspectFailure) { return .success(parse(try POSIX.contents(path, limit: maxBytes))) } catch { return .failure(error) }
    }

    /// The facts in a sidecar's bytes.
    public static func parse(_ data: [UInt8]) -> Facts {
        let text = String(decoding: data, as: UTF8.self)
        var facts = Facts()
        if let rating = value("xmp:Rating", in: text).flatMap({ Int($0.trimmingSpaces) }) {
            if rating < 0 { facts.rejected = true } else { facts.rating = min(5, rating) }
        }
        var tags = items("dc:subject", in: text)
        for path in items("lr:hierarchicalSubject", in: text) {
            tags.append(path.split(separator: "|").last.map { String($0).trimmingSpaces } ?? path)
        }
        if let label = value("xmp:Label", in: text)?.trimmingSpaces, !label.isEmpty { tags.append("label:" + label) }
        var seen = Set<String>()
        facts.tags = tags.compactMap { try? Names.tag(unescape($0)) }.filter { seen.insert($0.foldKey).inserted }
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

    /// The `rdf:li` items inside an element, found in one pass over the bytes.
    private static func items(_ name: String, in text: String) -> [String] {
        let b = Array(text.utf8)
        guard let open = find("<" + name, in: b, from: 0, to: b.count),
              let close = find("</" + name + ">", in: b, from: open, to: b.count) else { return [] }
        var found: [String] = []
        var i = open
        while let start = find("<rdf:li", in: b, from: i, to: close), let gt = b[start..<close].firstIndex(of: 62),
              let end = find("</rdf:li>", in: b, from: gt, to: close) {
            found.append(String(decoding: b[(gt + 1)..<end], as: UTF8.self).trimmingSpaces)
            i = end + 9
        }
        return found
    }

    /// Where `word` starts in `b[from..<to]`.
    private static func find(_ word: String, in b: [UInt8], from: Int, to: Int) -> Int? {
        let w = Array(word.utf8)
        var i = from
        while i + w.count <= to {
            guard let at = b[i..<(to - w.count + 1)].firstIndex(of: w[0]) else { return nil }
            if b[at..<(at + w.count)].elementsEqual(w) { return at }
            i = at + 1
        }
        return nil
    }

    private static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    private static func unescape(_ s: String) -> String {
        s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }
}
