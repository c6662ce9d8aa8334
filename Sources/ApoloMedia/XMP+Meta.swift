import CXMLShim

extension XMP {
    /// An IPTC property's value: its text, or its `rdf:Alt` (the `x-default` item, else the first) or `rdf:Seq`/
    /// `rdf:Bag` items joined with "; ".
    static func metaValue(_ node: UnsafeRawPointer, _ buffer: inout [UInt8]) -> String {
        guard let list = apolo_xml_first_element(node), ["Alt", "Seq", "Bag"].contains(local(apolo_xml_name(list)))
        else { return text(node, &buffer).trimmingSpaces }
        var items: [String] = [], chosen: String?
        var item = apolo_xml_first_element(list)
        while let current = item, items.count < 100 {
            let value = text(current, &buffer).trimmingSpaces
            var attribute = apolo_xml_first_attribute(current)
            while let lang = attribute {
                if local(apolo_xml_name(lang)) == "lang", text(lang, &buffer) == "x-default" { chosen = value }
                attribute = apolo_xml_next_attribute(lang)
            }
            if !value.isEmpty { items.append(value) }
            item = apolo_xml_next_element(current)
        }
        let isAlt = local(apolo_xml_name(list)) == "Alt"
        return isAlt ? chosen ?? items.first ?? "" : items.joined(separator: "; ")
    }
}
