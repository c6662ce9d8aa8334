/// A message as the undo history keeps it (`{"k": key, "a": [arguments]}`, or `{"t": text}`), so that the page
/// can show an old step in the language it speaks now. Read from a file, so bounded like everything else read.
extension Said: Codable {
    private enum Field: String, CodingKey { case k, t, a }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Field.self)
        let args = try c.decodeIfPresent([Said].self, forKey: .a) ?? []
        guard args.count <= 64 else {
            throw DecodingError.dataCorruptedError(
                forKey: .a, in: c,
                debugDescription: "a message has at most 64 parts")
        }
        if let key = try c.decodeIfPresent(String.self, forKey: .k) {
            self = Said(key, args)
        } else {
            let text = try c.decodeIfPresent(String.self, forKey: .t) ?? ""
            self = args.isEmpty ? Said(text: text) : Said(joining: args, separator: text)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Field.self)
        if let key { try c.encode(key, forKey: .k) } else { try c.encode(text, forKey: .t) }
        if !args.isEmpty { try c.encode(args, forKey: .a) }
    }
}
