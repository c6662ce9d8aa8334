import ApoloCore
import CXMLShim

/// Named face regions other programs wrote (MWG `mwg-rs:Regions`: Lightroom's People, digiKam, Picasa through
/// ExifTool): each region's person's name and its area, normalised to the image as stored, by its centre. Both of
/// MWG's forms are read: a region's `Name`, `Type` and `Area` as attributes of the `rdf:li` (or of an
/// `rdf:Description` in it) or as elements.
extension XMP {
    /// The most regions kept of one packet (a crowd tagged by hand has dozens).
    static let maxRegions = 256

    /// The named face regions under a `RegionList` element.
    static func regions(under list: UnsafeRawPointer, _ scratch: inout [UInt8]) -> [PeerFace] {
        var found: [PeerFace] = []
        var items: [UnsafeRawPointer] = []
        collect("li", under: list, into: &items, depth: 0)
        for item in items.prefix(maxRegions) {
            var fields: [String: String] = [:]
            gather(item, &fields, &scratch, depth: 0)
            guard let name = fields["Name"]?.trimmingSpaces, !name.isEmpty,
                (fields["Type"] ?? "Face").trimmingSpaces.lowercased() == "face",
                let area = ["x", "y", "w", "h"].map({ fields[$0].flatMap { Double($0.trimmingSpaces) } }) as [Double?]?,
                let x = area[0], let y = area[1], let w = area[2], let h = area[3],
                [x, y].allSatisfy({ (0...1).contains($0) }), [w, h].allSatisfy({ $0 > 0 && $0 <= 1 })
            else { continue }
            found.append(PeerFace(name: String(name.prefix(PersonName.maxLength)), area: [x, y, w, h]))
        }
        return found
    }

    /// The `li` elements below `node` (a region list holds one `rdf:Bag`).
    private static func collect(
        _ wanted: String, under node: UnsafeRawPointer, into items: inout [UnsafeRawPointer], depth: Int
    ) {
        guard depth < 4 else { return }
        var child = apolo_xml_first_element(node)
        while let current = child {
            if local(apolo_xml_name(current)) == wanted {
                items.append(current)
            } else {
                collect(wanted, under: current, into: &items, depth: depth + 1)
            }
            child = apolo_xml_next_element(current)
        }
    }

    /// A region's Name, Type and its Area's x, y, w, h, from attributes and elements at any depth below it.
    private static func gather(
        _ node: UnsafeRawPointer, _ fields: inout [String: String], _ scratch: inout [UInt8], depth: Int
    ) {
        guard depth < 6 else { return }
        var attribute = apolo_xml_first_attribute(node)
        while let current = attribute {
            let name = local(apolo_xml_name(current))
            if ["Name", "Type", "x", "y", "w", "h"].contains(name), fields[name] == nil {
                fields[name] = text(current, &scratch)
            }
            attribute = apolo_xml_next_attribute(current)
        }
        var child = apolo_xml_first_element(node)
        while let current = child {
            let name = local(apolo_xml_name(current))
            if ["Name", "Type", "x", "y", "w", "h"].contains(name), fields[name] == nil,
                apolo_xml_first_element(current) == nil
            {
                fields[name] = text(current, &scratch)
            } else {
                gather(current, &fields, &scratch, depth: depth + 1)
            }
            child = apolo_xml_next_element(current)
        }
    }
}
