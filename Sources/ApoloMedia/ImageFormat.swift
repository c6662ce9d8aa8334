/// Image formats apolo imports, recognised by content (magic bytes), never by extension.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, tiff, webp, heic, avif

    /// The format of a file's first bytes, or a reason it is not an importable photo.
    public static func sniff(_ head: [UInt8]) -> Result<ImageFormat, InspectFailure> {
        let b = Bytes(head)
        if head.isEmpty { return .failure(InspectFailure("empty file")) }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .success(.jpeg) }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .success(.png) }
        if b.matches("II*\u{0}", at: 0) || b.matches("MM\u{0}*", at: 0) { return .success(.tiff) }
        if b.matches("RIFF", at: 0) && b.matches("WEBP", at: 8) { return .success(.webp) }
        if b.matches("ftyp", at: 4) {
            let brand = String(decoding: b.slice(8, 4) ?? [], as: UTF8.self)
            if ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].contains(brand) {
                return .success(.heic)
            }
            if brand == "avif" || brand == "avis" { return .success(.avif) }
            if ["qt  ", "isom", "mp41", "mp42", "M4V ", "3gp4", "3gp5"].contains(brand) {
                return .failure(
                    InspectFailure(
                        "not a photo (looks like a video, brand '\(brand.trimmingCharacters)')", notPhoto: true))
            }
        }
        if b.matches("GIF8", at: 0) {
            return .failure(InspectFailure("GIF images are not supported (JPEG, PNG, TIFF, WebP, HEIC, AVIF are)"))
        }
        if b.matches("BM", at: 0) && head.count > 26 {
            return .failure(InspectFailure("BMP images are not supported (JPEG, PNG, TIFF, WebP, HEIC, AVIF are)"))
        }
        return .failure(InspectFailure("not an image (unrecognised content)", notPhoto: true))
    }
}

/// Why a file cannot be imported, in words for the user.
public struct InspectFailure: Error, Equatable, Sendable {
    public let reason: String
    /// True when the file is no photo at all (a README, a video): found in a folder, it is skipped, not failed.
    public let notPhoto: Bool
    public init(_ reason: String, notPhoto: Bool = false) {
        self.reason = reason
        self.notPhoto = notPhoto
    }
}

extension String {
    fileprivate var trimmingCharacters: String { String(filter { $0 != " " }) }
}
