import ApoloCore

/// Writes a project document as pretty-printed JSON with sorted keys, byte for byte the same for the same project.
///
/// Specialised to the document's schema: several times faster than `JSONEncoder`, which matters because
/// every edit saves the whole document.
struct DocumentWriter {
    private var out: [UInt8] = []
    private var depth = 0

    static func encode(_ project: Project) -> [UInt8] {
        var writer = DocumentWriter()
        writer.out.reserveCapacity(700 * project.photos.count + 4096)
        writer.object { w in
            w.key("albums", first: true); w.rows(project.albums)
            w.key("format"); w.string(project.format)
            w.key("name"); w.string(project.name)
            w.key("photos")
            if project.photos.isEmpty { w.raw("{}") } else { w.object { w in
                for (i, id) in project.photos.keys.sorted().enumerated() {
                    guard let photo = project.photos[id] else { continue }
                    w.key(id, first: i == 0)
                    w.photo(photo)
                }
            } }
            w.key("shelves"); w.rows(project.shelves)
            w.key("version"); w.raw(String(project.version))
        }
        writer.out.append(10)
        return writer.out
    }

    /// One photo on one line (keys sorted): readable, diffable, and about 40% smaller than one key a line.
    private mutating func photo(_ p: Photo) {
        out.append(123)
        field("bytes", first: true); raw(String(p.bytes))
        if let captured = p.captured { field("captured"); string(captured) }
        field("discarded"); raw(p.discarded ? "true" : "false")
        field("file"); string(p.file)
        field("format"); string(p.format)
        if let height = p.height { field("height"); raw(String(height)) }
        field("id"); string(p.id)
        if let make = p.make { field("make"); string(make) }
        if let model = p.model { field("model"); string(model) }
        field("modified"); string(p.modified)
        field("orientation"); raw(String(p.orientation))
        field("path"); string(p.path)
        field("rating"); raw(String(p.rating))
        field("tags"); out.append(91)
        for (i, tag) in p.tags.enumerated() {
            if i > 0 { out += [44, 32] }
            string(tag)
        }
        out.append(93)
        if let width = p.width { field("width"); raw(String(width)) }
        out.append(125)
    }

    /// `"name": ` inside a one-line object.
    private mutating func field(_ name: String, first: Bool = false) {
        if !first { out += [44, 32] }
        string(name)
        out += [58, 32]
    }

    private mutating func rows(_ rows: [SlideRow]) {
        guard !rows.isEmpty else { return raw("[]") }
        open(91)
        for (i, row) in rows.enumerated() {
            item(first: i == 0)
            object { w in
                w.key("name", first: true); w.string(row.name)
                w.key("slides"); w.array(row.slides)
            }
        }
        close(93)
    }

    private mutating func array(_ strings: [String]) {
        guard !strings.isEmpty else { return raw("[]") }
        open(91)
        for (i, text) in strings.enumerated() {
            item(first: i == 0)
            string(text)
        }
        close(93)
    }

    private mutating func object(_ body: (inout DocumentWriter) -> Void) {
        open(123)
        body(&self)
        close(125)
    }

    private mutating func open(_ bracket: UInt8) {
        out.append(bracket)
        depth += 1
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        newline()
        out.append(bracket)
    }

    private mutating func item(first: Bool) {
        if !first { out.append(44) }
        newline()
    }

    private mutating func key(_ name: String, first: Bool = false) {
        item(first: first)
        string(name)
        out += [32, 58, 32]
    }

    private mutating func newline() {
        out.append(10)
        out += repeatElement(32, count: 2 * depth)
    }

    private mutating func raw(_ text: String) { out += text.utf8 }

    /// A JSON string: quotes, backslashes and control characters escaped; everything else as UTF-8.
    private mutating func string(_ text: String) {
        out.append(34)
        var text = text
        let clean = text.withUTF8 { bytes in
            if !bytes.contains(where: { $0 < 32 || $0 == 34 || $0 == 92 }) {
                out.append(contentsOf: bytes)
                return true
            }
            return false
        }
        if clean {
            out.append(34)
            return
        }
        for byte in text.utf8 {
            switch byte {
            case 34: out += [92, 34]
            case 92: out += [92, 92]
            case 10: out += [92, 110]
            case 13: out += [92, 114]
            case 9: out += [92, 116]
            case 0..<32:
                let hex = Array("0123456789abcdef".utf8)
                out += [92, 117, 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: out.append(byte)
            }
        }
        out.append(34)
    }
}
