import ApoloCore
import CXMLShim

/// XML written through libxml2's text writer, which escapes markup in text and attribute values: each element on
/// its own line, one space deeper a level. Characters XML 1.0 cannot carry (C0 controls but tab and line breaks,
/// U+FFFE, U+FFFF) are left out, so what is written is always well-formed.
final class XMLOut {
    private let writer = apolo_xml_writer_new()

    deinit { apolo_xml_writer_free(writer) }

    /// An element with its attributes (in order) and what `body` writes inside it; empty, it closes itself.
    func element(_ name: String, _ attributes: [(String, String)] = [], _ body: () -> Void = {}) {
        apolo_xml_writer_start(writer, name)
        for (key, value) in attributes { apolo_xml_writer_attribute(writer, key, value.withoutXMLForbidden) }
        body()
        apolo_xml_writer_end(writer)
    }

    /// An element holding only `text`.
    func element(_ name: String, _ attributes: [(String, String)] = [], text: String) {
        element(name, attributes) { apolo_xml_writer_text(writer, text.withoutXMLForbidden) }
    }

    /// A processing instruction, `<?target content?>`.
    func instruction(_ target: String, _ content: String) { apolo_xml_writer_instruction(writer, target, content) }

    /// What was written; empty when libxml2 refused a call (out of memory).
    var text: String {
        var size = 0
        guard let bytes = apolo_xml_writer_finish(writer, &size) else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: size), as: UTF8.self)
    }
}
