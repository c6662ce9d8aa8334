import ApoloCore
import CApoloSystem
#if canImport(Glibc)
    import Glibc
#endif

extension ExportWriter {
    /// True when the item's copy carries the photo's IPTC fields (or its corrected capture time) inside it: a JPEG
    /// of a photo that has some.
    func embedding(_ item: ExportItem) -> Bool {
        guard embed, item.meta?.isEmpty == false || item.corrected != nil else { return false }
        let ext = item.name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return ext == "jpg" || ext == "jpeg"
    }

    /// The XMP packet of an item: rating, label, keywords, faces and IPTC fields, as its sidecar holds them.
    func packet(_ item: ExportItem) -> [UInt8] {
        Array(
            Sidecar.xml(
                rating: item.rating, label: item.label, tags: item.tags, faces: regions(item),
                meta: item.meta, captured: item.corrected
            ).utf8)
    }

    /// The packets embedded in a copy: the whole packet when it fits a JPEG segment (64 KB); else a standard
    /// packet (rating, label, capture time, and the IPTC fields when they fit) naming an extended one that holds
    /// the rest (keywords and faces, and the fields when they did not fit). Never nothing.
    func packets(_ item: ExportItem) -> (standard: [UInt8], extended: [UInt8]) {
        let whole = packet(item)
        if JPEGMetadata.fits(whole) { return (whole, []) }
        let labels = item.tags.filter { $0.lowercased().hasPrefix("label:") }
        let keywords = item.tags.filter { !$0.lowercased().hasPrefix("label:") }
        for fieldsFirst in [true, false] {
            let extended = Array(
                Sidecar.xml(
                    rating: nil, tags: keywords, faces: regions(item),
                    meta: fieldsFirst ? nil : item.meta, wrapped: false
                ).utf8)
            let standard = Array(
                Sidecar.xml(
                    rating: item.rating, label: item.label, tags: labels,
                    meta: fieldsFirst ? item.meta : nil, captured: item.corrected,
                    extended: JPEGMetadata.guid(of: extended)
                ).utf8)
            if JPEGMetadata.fits(standard) { return (standard, extended) }
        }
        return (
            Array(
                Sidecar.xml(
                    rating: item.rating, label: item.label, tags: labels,
                    captured: item.corrected
                ).utf8), []
        )
    }

    private func regions(_ item: ExportItem) -> FaceRegions {
        var regions = FaceRegions(
            boxes: item.faces, orientation: item.orientation, width: item.width, height: item.height)
        regions.names = item.faceNames
        return regions
    }

    /// An original opened for reading (only a regular file, never blocking on a FIFO), and its size.
    func openOriginal(_ item: ExportItem) throws(ExportError) -> (Int32, Int64) {
        var size: Int64 = 0, kind: Int32 = 0
        let source = apolo_open_regular(FileNames.bytes(of: item.original), 0, &size, &kind)
        if source == -2 {
            throw ExportError.io(item.original, "it is \(String(cString: apolo_file_kind(kind))), not a photo file")
        }
        guard source >= 0 else { throw ExportError.io(item.original, "cannot open: \(POSIX.errorText.lowercased())") }
        return (source, size)
    }

    func iim(_ item: ExportItem) -> [UInt8] { JPEGMetadata.iim(item.meta ?? [:], keywords: item.tags) }

    /// A copy of a JPEG original with the photo's packets embedded and its modification time, written under a
    /// temporary name and renamed into place: the SHA-256 of what was written; `.some(nil)` when the original is not
    /// the photo imported; nil when the original is no JPEG apolo can write into (then it is copied as it is).
    func embeddedCopy(_ item: ExportItem, into target: ExportFolder, temp: String) throws(ExportError) -> String?? {
        let (source, size) = try openOriginal(item)
        defer { close(source) }
        var info = stat()
        fstat(source, &info)
        let original: [UInt8]
        do { original = try POSIX.readAll(source, size: Int(size)) } catch {
            throw ExportError.io(item.original, error.reason)
        }
        guard ContentHash.of(original) == item.id else { return .some(nil) }
        let (standard, extended) = packets(item)
        guard var bytes = JPEGMetadata.embed(original, xmp: standard, extended: extended, iim: iim(item)) else {
            return nil
        }
        if let corrected = item.corrected { JPEGMetadata.setCaptureTime(&bytes, corrected) }
        let written = ContentHash.of(bytes)
        try target.write(bytes, to: item.name, temp: temp, journal: journal(written, item.name))
        target.touch(item.name, modified: info.st_mtim)
        return .some(written)
    }
}
