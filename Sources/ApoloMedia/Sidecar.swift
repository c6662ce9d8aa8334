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
        do throws(InspectFailure) { return XMP.facts(try POSIX.contents(path, limit: maxBytes)) } catch { return .failure(error) }
    }

    /// The sidecar text for a rating and tags; a `label:NAME` tag (how a label is read) is written back as
    /// `xmp:Label`, not as a keyword.
    public static func xml(rating: Int, tags: [String]) -> String {
        let label = tags.first { $0.lowercased().hasPrefix("label:") }.map { String($0.dropFirst(6)) }
        let keywords = tags.filter { !$0.lowercased().hasPrefix("label:") }
        let list = keywords.map { "     <rdf:li>\(escape($0))</rdf:li>\n" }.joined()
        let subject = keywords.isEmpty ? "" : "   <dc:subject>\n    <rdf:Bag>\n\(list)    </rdf:Bag>\n   </dc:subject>\n"
        return """
            <?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmp:Rating="\(rating)"\(label.map { " xmp:Label=\"\(escape($0))\"" } ?? "")>
            \(subject)  </rdf:Description>
             </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="w"?>

            """
    }

    private static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}
