import ApoloCore

/// IPTC-IIM as older tools write it (APP13, Photoshop's resource 0x0404): the fields and keywords of record 2, read
/// when a file has no XMP for them (MWG: XMP wins where both say something). Text is UTF-8 when record 1 declares it
/// (`ESC % G`), else Latin-1. Hostile blocks are bounded: at most 2,000 datasets, no extended lengths.
public enum IIMReader {
    /// The 0x0404 resource of a Photoshop APP13 payload (after `Photoshop 3.0\0`), or nil.
    static func block(_ resources: [UInt8]) -> [UInt8]? {
        var at = 0
        while at + 12 <= resources.count, resources[at..<(at + 4)].elementsEqual(Array("8BIM".utf8)) {
            let id = Int(resources[at + 4]) << 8 | Int(resources[at + 5])
            let nameLength = Int(resources[at + 6])
            var next = at + 6 + 1 + nameLength
            if (1 + nameLength) % 2 == 1 { next += 1 }
            guard next + 4 <= resources.count else { return nil }
            let size = resources[next..<(next + 4)].reduce(0) { $0 << 8 | Int($1) }
            let start = next + 4
            guard size >= 0, start + size <= resources.count else { return nil }
            if id == 0x0404 { return Array(resources[start..<(start + size)]) }
            at = start + size + size % 2
        }
        return nil
    }

    /// The fields (by `MetaField` key) and keywords of an IIM block, and the fields cut to apolo's limits (several
    /// By-line entries are joined with "; ", then cut like any long value: a warning, never a refused photo).
    public static func read(_ iim: [UInt8]) -> (meta: [String: String], keywords: [String], cut: [MetaField]) {
        var utf8 = false, meta: [String: String] = [:], keywords: [String] = []
        var at = 0, seen = 0
        let fields = Dictionary(
            XMPFields.properties.compactMap { p in p.iim.map { ($0.dataset, p.field) } },
            uniquingKeysWith: { a, _ in a })
        while at + 5 <= iim.count, iim[at] == 0x1C, seen < 2000 {
            let (record, dataset) = (iim[at + 1], iim[at + 2])
            let length = Int(iim[at + 3]) << 8 | Int(iim[at + 4])
            guard length & 0x8000 == 0, at + 5 + length <= iim.count else { break }
            let value = Array(iim[(at + 5)..<(at + 5 + length)])
            at += 5 + length
            seen += 1
            if record == 1 && dataset == 90 { utf8 = value == [0x1B, 0x25, 0x47] }
            guard record == 2 else { continue }
            let text =
                (utf8
                ? String(decoding: value, as: UTF8.self)
                : String(String.UnicodeScalarView(value.map { Unicode.Scalar($0) }))).trimmingSpaces
            guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.value < 32 && $0 != "\n" }) else { continue }
            if dataset == 25 { keywords.append(text); continue }
            guard let field = fields[dataset] else { continue }
            if field == .creator, let earlier = meta[field.rawValue] {
                if earlier.utf8.count <= field.limit * TextLimits.bytesPerCharacter {
                    meta[field.rawValue] = earlier + "; " + text
                }
            } else if meta[field.rawValue] == nil {
                meta[field.rawValue] = text
            }
        }
        var cut: [MetaField] = []
        for (key, value) in meta {
            guard let field = MetaField(rawValue: key) else { continue }
            let kept = field.kept(value)
            meta[key] = kept?.text
            if kept?.cut == true { cut.append(field) }
        }
        return (meta, keywords, cut.sorted { $0.rawValue < $1.rawValue })
    }
}
