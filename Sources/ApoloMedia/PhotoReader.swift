import ApoloCore
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file read for import: the photo, and problems that did not stop it (e.g. broken EXIF).
public struct ImportedFile: Sendable {
    public let photo: Photo
    public let warnings: [String]
    /// Face regions other programs named in the file's own XMP.
    public var peerFaces: [PeerFace] = []
}

/// Turns one file into a `Photo`: read-only open, content sniffing, header checks, EXIF, SHA-256.
public enum PhotoReader {
    /// The largest file import reads (it holds one whole file in memory per worker).
    public static let maxBytes = 2 << 30

    /// Reads `path`, or says why it cannot be imported. The file is opened read-only and never changed.
    /// `absolute` is the path's resolved form when the caller already has it.
    public static func read(_ path: String, absolute: String? = nil) -> Result<ImportedFile, InspectFailure> {
        do throws(InspectFailure) {
            return .success(try readFile(path, absolute: absolute))
        } catch {
            return .failure(error)
        }
    }

    private static func readFile(_ path: String, absolute: String?) throws(InspectFailure) -> ImportedFile {
        let fd = try POSIX.openRegular(path)
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw InspectFailure("cannot stat: \(POSIX.errorText.lowercased())") }
        guard info.st_size > 0 else { throw InspectFailure("empty file") }
        guard info.st_size <= maxBytes else {
            throw InspectFailure("it is \(info.st_size) bytes; apolo imports files of at most 2 GiB")
        }
        let bytes = try POSIX.readAll(fd, size: Int(info.st_size))
        return try inspect(
            bytes, path: absolute ?? POSIX.absolute(path),
            modified: Timestamp(seconds: Int64(info.st_mtim.tv_sec), nanos: info.st_mtim.tv_nsec))
    }

    /// The photo in `bytes` (public so tests and benchmarks can run it without files). A file whose content is no
    /// other format, or a TIFF, is tried as a raw through LibRaw.
    public static func inspect(
        _ bytes: [UInt8], path: String,
        modified: Timestamp
    ) throws(InspectFailure) -> ImportedFile {
        let sniffed = ImageFormat.sniff(Array(bytes.prefix(64)))
        let file = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        if case .success(let format) = sniffed, format != .tiff {
            return try picture(bytes, format: format, file: file, path: path, modified: modified)
        }
        switch RawFile.identify(bytes) {
        case .raw(let raw): return rawPhoto(raw, bytes: bytes, file: file, path: path, modified: modified)
        case .decoderDied(let what): throw InspectFailure(what)
        case .notRaw(let why):
            if let kind = RawFile.signature(Array(bytes.prefix(64))) {
                throw InspectFailure("a \(kind) raw that LibRaw cannot read (\(why))")
            }
        }
        return try picture(bytes, format: sniffed.get(), file: file, path: path, modified: modified)
    }

    private static func picture(
        _ bytes: [UInt8], format: ImageFormat, file: String, path: String,
        modified: Timestamp
    ) throws(InspectFailure) -> ImportedFile {
        let header = try ImageHeader.parse(bytes, format: format).get()
        if let width = header.width, let height = header.height,
            let problem = PixelBudget.problem(
                width: width, height: height, bands: 1, fileBytes: bytes.count, format: format)
        {
            throw InspectFailure(problem)
        }
        let exif = header.exif.map(ExifReader.read(tiff:)) ?? ExifFacts()
        var photo = Photo(
            id: ContentHash.of(bytes), file: file, path: path, bytes: bytes.count, modified: modified.isoUTC,
            captured: exif.captured, format: format.rawValue, orientation: exif.orientation,
            make: exif.make, model: exif.model, width: header.width, height: header.height, rating: exif.rating ?? 0)
        (photo.exposure, photo.aperture, photo.iso, photo.focal, photo.lens) = (
            exif.exposure, exif.aperture,
            exif.iso, exif.focal, exif.lens
        )
        photo.serial = exif.serial
        var faces: [PeerFace] = []
        var warnings = exif.warnings + embedded(header.xmp, into: &photo, faces: &faces)
        if let iim = header.iim { warnings += older(iim, into: &photo) }
        return ImportedFile(photo: photo, warnings: warnings, peerFaces: faces)
    }

    /// Applies a packet embedded in the file (as Lightroom, Bridge and Photo Mechanic write them): its rating
    /// (over EXIF's), −1 as discarded, its tags and colour label. A sidecar, read later, wins over it. Returns
    /// warnings.
    private static func embedded(_ packet: [UInt8]?, into photo: inout Photo, faces: inout [PeerFace]) -> [String] {
        guard let packet else { return [] }
        switch XMP.facts(packet) {
        case .failure(let failure): return [failure.reason]
        case .success(let facts):
            if let rating = facts.rating { photo.rating = rating }
            if facts.rejected { photo.discarded = true }
            photo.tags = facts.tags
            photo.label = facts.label
            faces = facts.faces
            for (key, value) in facts.meta { if let field = MetaField(rawValue: key) { photo.setMeta(field, value) } }
            let many = facts.tags.count == XMP.maxTags
            return (many ? ["its XMP holds more than \(XMP.maxTags) keywords; the first \(XMP.maxTags) were kept"] : [])
                + facts.cut.map { "XMP: " + $0.cutWarning }
        }
    }

    /// IPTC-IIM (older tools' fields): a field or keyword XMP did not give. Returns warnings.
    private static func older(_ iim: [UInt8], into photo: inout Photo) -> [String] {
        let (meta, keywords, cut) = IIMReader.read(iim)
        for (key, value) in meta where photo.meta?[key] == nil {
            if let field = MetaField(rawValue: key) { photo.setMeta(field, value) }
        }
        for keyword in keywords where !photo.hasTag(keyword) && photo.tags.count < XMP.maxTags {
            if let tag = try? Names.tag(keyword) { photo.tags.append(tag) }
        }
        return cut.filter { photo.meta?[$0.rawValue] == meta[$0.rawValue] }.map { "IPTC: " + $0.cutWarning }
    }

    private static func rawPhoto(
        _ raw: RawFile.Facts, bytes: [UInt8], file: String, path: String,
        modified: Timestamp
    ) -> ImportedFile {
        var photo = Photo(
            id: ContentHash.of(bytes), file: file, path: path, bytes: bytes.count, modified: modified.isoUTC,
            captured: raw.captured, format: "raw", orientation: raw.orientation, make: raw.make, model: raw.model,
            width: raw.width > 0 ? raw.width : nil, height: raw.height > 0 ? raw.height : nil)
        (photo.exposure, photo.aperture, photo.iso, photo.focal, photo.lens) = (
            raw.exposure, raw.aperture,
            raw.iso, raw.focal, raw.lens
        )
        var faces: [PeerFace] = []
        let warnings = embedded(TIFFHeader.xmp(Bytes(bytes)), into: &photo, faces: &faces)
        return ImportedFile(photo: photo, warnings: warnings, peerFaces: faces)
    }
}
