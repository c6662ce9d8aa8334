/// The IPTC fields a photo can carry in apolo (captions, credits, rights, the creator's contact, the location):
/// set by `caption set`, by a metadata template, and written to sidecars and exported copies in the properties
/// Photo Mechanic, Lightroom, digiKam and darktable read (see `XMPFields` in ApoloMedia). Keywords are tags.
public enum MetaField: String, CaseIterable, Sendable, Codable {
    case title, headline, caption
    case creator, jobTitle, credit, source, copyright, usageTerms, instructions
    case address, contactCity, contactRegion, postcode, contactCountry, email, phone, web
    case sublocation, city, state, country, countryCode, event, jobId

    /// The longest value kept: a caption may be a long text; every other field one line.
    public var limit: Int { self == .caption || self == .usageTerms || self == .instructions ? 8000 : 500 }

    /// Words for a person ("job title", "country code").
    public var words: String {
        var out = ""
        for character in rawValue {
            if character.isUppercase { out += " " + character.lowercased() } else { out.append(character) }
        }
        return out
    }

    /// The fields' names in Spanish, in `allCases` order.
    static let spanishWords = [
        "título", "titular", "pie de foto", "autor", "cargo del autor", "línea de crédito",
        "fuente", "aviso de derechos", "condiciones de uso", "instrucciones", "dirección", "ciudad de contacto",
        "región de contacto", "código postal", "país de contacto", "correo", "teléfono", "web", "sublugar",
        "ciudad", "provincia", "país", "código de país", "evento", "código de trabajo"
    ]

    /// A value as kept: trimmed, within its limit (in characters and in bytes); a line break only in a caption,
    /// usage terms or instructions; no character XML cannot carry (a peer could not read the XMP back).
    public func check(_ value: String) throws(CoreError) -> String {
        let text = value.trimmingSpaces
        let breaks = limit > 500
        if text.unicodeScalars.contains(where: { ($0.value < 32 && !(breaks && $0 == "\n")) || $0.value == 127 }) {
            throw CoreError(.invalid, "the \(words) cannot hold control characters\(breaks ? "" : " or line breaks")")
        }
        if let bad = text.xmlForbiddenCharacter {
            throw CoreError(.invalid, "the \(words) holds \(bad), a character XMP cannot carry; remove it")
        }
        if let problem = TextLimits.problem(text, characters: limit) {
            throw CoreError(.invalid, "the \(words) \(problem)")
        }
        return text
    }

    /// What apolo keeps of a value another program wrote (a file's IPTC or XMP, a sidecar): line breaks made spaces
    /// in a one-line field, control characters and characters XML cannot carry dropped, cut to the field's limit
    /// (`cut` says so, for a warning naming the file). Nil when nothing is left. A peer's long value never refuses
    /// a photo.
    public func kept(_ value: String) -> (text: String, cut: Bool)? {
        let lines = limit > 500
        let clean = String(
            String.UnicodeScalarView(
                value.unicodeScalars.compactMap { scalar in
                    scalar == "\n"
                        ? (lines ? scalar : " ")
                        : scalar.value < 32 || scalar.value == 127
                            || String.isXMLForbidden(scalar) ? nil : scalar
                })
        ).trimmingSpaces
        guard !clean.isEmpty else { return nil }
        let text = TextLimits.cut(clean, characters: limit).trimmingSpaces
        return text.isEmpty ? nil : (text, text != clean)
    }

    /// The warning for a peer's value of this field cut to its limit.
    public var cutWarning: String {
        "its \(words) was longer than apolo keeps (\(limit) characters); the start of it was kept"
    }

    /// The field named by a key or by words ("job-title", "jobTitle", "job title").
    public init?(name: String) {
        let key = name.lowercased().filter { $0 != "-" && $0 != " " && $0 != "_" }
        guard let field = Self.allCases.first(where: { $0.rawValue.lowercased() == key }) else { return nil }
        self = field
    }
}

extension Photo {
    /// The value of an IPTC field, nil when unset.
    public func meta(_ field: MetaField) -> String? { meta?[field.rawValue] }

    /// Sets (or with nil or "", clears) an IPTC field; `meta` stays nil while no field is set.
    public mutating func setMeta(_ field: MetaField, _ value: String?) {
        var all = meta ?? [:]
        all[field.rawValue] = value?.isEmpty == false ? value : nil
        meta = all.isEmpty ? nil : all
    }
}
