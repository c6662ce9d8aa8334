import ApoloCore

/// Where each IPTC field lives in XMP, as the IPTC Photo Metadata Standard puts it and Photo Mechanic, Lightroom,
/// digiKam, darktable and ExifTool read and write it; and its IPTC-IIM dataset for older readers.
public enum XMPFields {
    /// How a property holds its value.
    enum Form { case text, langAlt, seq, contact }

    struct Property {
        let field: MetaField
        let prefix: String
        let name: String
        let form: Form
        /// IPTC-IIM record 2 dataset and its longest value in bytes; nil when IIM has none.
        let iim: (dataset: UInt8, limit: Int)?
    }

    static let namespaces = [
        ("photoshop", "http://ns.adobe.com/photoshop/1.0/"),
        ("xmpRights", "http://ns.adobe.com/xap/1.0/rights/"),
        ("Iptc4xmpCore", "http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"),
        ("Iptc4xmpExt", "http://iptc.org/std/Iptc4xmpExt/2008-02-29/")
    ]

    static let properties: [Property] = [
        Property(field: .title, prefix: "dc", name: "title", form: .langAlt, iim: (5, 64)),
        Property(field: .headline, prefix: "photoshop", name: "Headline", form: .text, iim: (105, 256)),
        Property(field: .caption, prefix: "dc", name: "description", form: .langAlt, iim: (120, 2000)),
        Property(field: .creator, prefix: "dc", name: "creator", form: .seq, iim: (80, 32)),
        Property(field: .jobTitle, prefix: "photoshop", name: "AuthorsPosition", form: .text, iim: (85, 32)),
        Property(field: .credit, prefix: "photoshop", name: "Credit", form: .text, iim: (110, 32)),
        Property(field: .source, prefix: "photoshop", name: "Source", form: .text, iim: (115, 32)),
        Property(field: .copyright, prefix: "dc", name: "rights", form: .langAlt, iim: (116, 128)),
        Property(field: .usageTerms, prefix: "xmpRights", name: "UsageTerms", form: .langAlt, iim: nil),
        Property(field: .instructions, prefix: "photoshop", name: "Instructions", form: .text, iim: (40, 256)),
        Property(field: .address, prefix: "Iptc4xmpCore", name: "CiAdrExtadr", form: .contact, iim: nil),
        Property(field: .contactCity, prefix: "Iptc4xmpCore", name: "CiAdrCity", form: .contact, iim: nil),
        Property(field: .contactRegion, prefix: "Iptc4xmpCore", name: "CiAdrRegion", form: .contact, iim: nil),
        Property(field: .postcode, prefix: "Iptc4xmpCore", name: "CiAdrPcode", form: .contact, iim: nil),
        Property(field: .contactCountry, prefix: "Iptc4xmpCore", name: "CiAdrCtry", form: .contact, iim: nil),
        Property(field: .email, prefix: "Iptc4xmpCore", name: "CiEmailWork", form: .contact, iim: nil),
        Property(field: .phone, prefix: "Iptc4xmpCore", name: "CiTelWork", form: .contact, iim: nil),
        Property(field: .web, prefix: "Iptc4xmpCore", name: "CiUrlWork", form: .contact, iim: nil),
        Property(field: .sublocation, prefix: "Iptc4xmpCore", name: "Location", form: .text, iim: (92, 32)),
        Property(field: .city, prefix: "photoshop", name: "City", form: .text, iim: (90, 32)),
        Property(field: .state, prefix: "photoshop", name: "State", form: .text, iim: (95, 32)),
        Property(field: .country, prefix: "photoshop", name: "Country", form: .text, iim: (101, 64)),
        Property(field: .countryCode, prefix: "Iptc4xmpCore", name: "CountryCode", form: .text, iim: (100, 3)),
        Property(field: .event, prefix: "Iptc4xmpExt", name: "Event", form: .langAlt, iim: nil),
        Property(field: .jobId, prefix: "photoshop", name: "TransmissionReference", form: .text, iim: (103, 32))
    ]

    static let uris: [String: String] = Dictionary(
        uniqueKeysWithValues: (namespaces + [
            ("dc", "http://purl.org/dc/elements/1.1/")
        ]).map { ($0.0, $0.1) })

    /// The field a namespace URI and local name stand for.
    static let byName: [String: MetaField] = Dictionary(
        uniqueKeysWithValues: properties.map {
            ((uris[$0.prefix] ?? "") + " " + $0.name, $0.field)
        })

    /// True when `write` writes a property of `meta` (its namespaces are then declared).
    static func writes(_ meta: [String: String]?) -> Bool {
        properties.contains { meta?[$0.field.rawValue]?.isEmpty == false }
    }

    /// Writes the XMP properties of `meta` inside an `rdf:Description`.
    static func write(_ meta: [String: String], into out: XMLOut) {
        var contact: [(String, String)] = []
        for property in properties {
            guard let value = meta[property.field.rawValue], !value.isEmpty else { continue }
            let tag = property.prefix + ":" + property.name
            switch property.form {
            case .text: out.element(tag, text: value)
            case .langAlt:
                out.element(tag) {
                    out.element("rdf:Alt") { out.element("rdf:li", [("xml:lang", "x-default")], text: value) }
                }
            case .seq:
                out.element(tag) {
                    out.element("rdf:Seq") {
                        for item in value.split(separator: ";") {
                            out.element("rdf:li", text: String(item).trimmingSpaces)
                        }
                    }
                }
            case .contact: contact.append((tag, value))
            }
        }
        if !contact.isEmpty {
            out.element("Iptc4xmpCore:CreatorContactInfo", [("rdf:parseType", "Resource")]) {
                for (tag, value) in contact { out.element(tag, text: value) }
            }
        }
    }
}
