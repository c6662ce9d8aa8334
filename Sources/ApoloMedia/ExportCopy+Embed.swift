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
        let regions = FaceRegions(boxes: item.faces, orientation: item.orientation, width: item.width,
                                  height: item.height)
        return Array(Sidecar.xml(rating: item.rating, label: item.label, tags: item.tags, faces: regions,
                                 meta: item.meta, captured: item.corrected).utf8)
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
        guard var bytes = JPEGMetadata.embed(original, xmp: packet(item), iim: iim(item)) else { return nil }
        if let corrected = item.corrected { JPEGMetadata.setCaptureTime(&bytes, corrected) }
        try target.write(bytes, to: item.name, temp: temp)
        target.touch(item.name, modified: info.st_mtim)
        return .some(ContentHash.of(bytes))
    }
}
