/// Shooting facts as apolo stores and shows them.
public enum ShootingFacts {
    /// An exposure time in seconds as photographers write it: "1/250" below 0.3 s, else "0.5", "2", "30".
    public static func exposure(_ seconds: Double) -> String? {
        guard seconds > 0, seconds.isFinite, seconds < 100_000 else { return nil }
        if seconds < 0.3 { return "1/\(Int((1 / seconds).rounded()))" }
        return decimal(seconds)
    }

    /// A positive number with at most one decimal, without a trailing ".0" ("2.8", "35").
    public static func decimal(_ value: Double) -> String? {
        guard value > 0, value.isFinite, value < 1_000_000 else { return nil }
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
    }
}

extension Photo {
    /// "1/250 s · f/2.8 · ISO 400 · 35 mm · Apolo 35mm F2.8", or nil when the file gave none of them.
    public var shooting: String? {
        let parts = [
            exposure.map { "\($0) s" }, aperture.map { "f/\($0)" }, iso.map { "ISO \($0)" }, focal.map { "\($0) mm" },
            lens
        ]
        .compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
