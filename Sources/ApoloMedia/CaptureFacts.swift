import ApoloCore
#if canImport(Glibc)
    import Glibc
#endif

/// What an ingest learns of a card's file from the bytes it copies: whether it is a photo, and what its name
/// template's variables stand for (capture time, camera, serial, lens).
public enum CaptureFacts {
    /// A file of a card as an ingest sees it.
    public enum Kind: Equatable, Sendable {
        case photo(raw: Bool)
        case sidecar
        /// Not a photo (a video, a camera's database): skipped, with the reason.
        case other(String)
    }

    /// Extensions of raws whose first bytes announce nothing apolo knows (old and rare formats LibRaw still opens).
    static let rawExtensions: Set<String> = [
        "3fr", "ari", "arw", "bay", "cr2", "cr3", "crw", "dcr", "dng", "erf",
        "fff", "iiq", "k25", "kdc", "mef", "mos", "mrw", "nef", "nrw", "orf", "pef", "raf", "raw", "rw2", "rwl",
        "sr2", "srf", "srw", "x3f"
    ]

    /// The kind of a file from its name and first bytes.
    public static func kind(name: String, head: [UInt8]) -> Kind {
        let ext = name.lastIndex(of: ".").map { name[name.index(after: $0)...].lowercased() } ?? ""
        if ext == "xmp" { return .sidecar }
        if RawFile.signature(head) != nil { return .photo(raw: true) }
        switch ImageFormat.sniff(head) {
        case .success(.tiff): return .photo(raw: rawExtensions.contains(ext))
        case .success: return .photo(raw: false)
        case .failure(let failure):
            return rawExtensions.contains(ext) ? .photo(raw: true) : .other(failure.reason)
        }
    }

    /// The template values of a photo's bytes; the capture time falls back to the file's time (the camera's clock
    /// as this machine's zone reads it) when the file records none.
    public static func values(_ bytes: [UInt8], name: String, modified: timespec) -> NameValues {
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        var values = NameValues(
            wallClock: RawFile.wallClock(Int64(modified.tv_sec)) ?? "1970-01-01T00:00:00",
            name: stem)
        let head = Array(bytes.prefix(64))
        var exif: ExifFacts?
        switch ImageFormat.sniff(head) {
        case .success(.tiff): exif = ExifReader.read(tiff: Array(bytes.prefix(8 << 20)))
        case .success(let format):
            exif = (try? ImageHeader.parse(bytes, format: format).get())?.exif.map(ExifReader.read(tiff:))
        case .failure: break
        }
        if let exif, exif.captured != nil || exif.model != nil {
            if let captured = exif.captured { values.wallClock = String(captured.prefix(19)) }
            (values.make, values.camera, values.serial, values.lens) = (exif.make, exif.model, exif.serial, exif.lens)
        } else if RawFile.signature(head) != nil || exif != nil, case .raw(let raw) = RawFile.identify(bytes) {
            if let captured = raw.captured { values.wallClock = String(captured.prefix(19)) }
            (values.make, values.camera, values.lens) = (raw.make, raw.model, raw.lens)
        }
        return values
    }
}
