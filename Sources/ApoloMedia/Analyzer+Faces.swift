import ApoloCore
import CApoloWorkers
import CVipsShim
import Foundation

/// Where faces are looked for: the analysed picture first, then closer where it found small faces.
///
/// YuNet (the face worker's detector; dlib's HOG where its model is missing) finds faces from about 10 px wide in the
/// picture it scans, turned up to a profile. The first look is the analysed picture (about 1,536 px a side; a smaller
/// photo is enlarged twice, up to 2,048 px), scanned in colour: the network learnt on colour photos, and in grey it
/// missed 2 of 82 faces a person marked and took a flower, a lamp and tap handles for faces (docs/deciding.md). Where
/// it found a face narrower than `closerBelow`, its eyes need more pixels than that picture has, and its neighbours
/// likely too: the band of rows around those faces is looked at again at twice the scale, from the full-size picture
/// (up to its own pixels), and again while small faces are found and the photo has more detail. `apolo analyze
/// --small-faces` (`everywhere`) looks at the whole photo enlarged, in tiles. Faces narrower than `smallestFace` of the
/// photo's own pixels are not kept.
extension Analyzer {
    /// A face found narrower than this (pixels of the picture looked at) makes apolo look closer around it: its eyes
    /// need more pixels (`Eyes.minimumPixels`, with a margin). YuNet finds its smaller neighbours at the first look,
    /// so a face of 80–150 px is not looked at again (it was while dlib's HOG, blind under 60 px, found faces: the
    /// look closer was what found a group's back rows).
    static let closerBelow = 80
    /// The band looked at closer: the small faces' rows and this many of their heights above and below.
    static let closerMargin = 2.0
    /// A photo smaller than the analysed picture is enlarged twice for its first look, up to this side: a 1,000 px
    /// team photo's faces of 30–36 px are found then (21 of the 24 dlib finds at 3×; 5 when enlarged to 1,536).
    static let enlargedUpTo = 2048
    /// Faces narrower than this in the photo's own pixels are not kept: a person marks faces from about 40 px, and
    /// a smaller one's eyes cannot be judged (YuNet finds faces from about 10 px: a crowd's, a poster's, a pattern's).
    static let smallestFace = 40
    /// The first look's picture is scanned for faces at this side (its landmarks are drawn at its own 1,536): YuNet
    /// finds faces from about 10 px there, so from about 1.5% of the photo's side, at half the cost of 1,536 px
    /// (which made the analysis of real photos 2.3 times `vips avg`, over its 2.0). Looks closer scan their own pixels.
    static let firstScan = 1024

    /// The faces of a photo from its analysed picture (`small`, grey; `colour`, the same as packed RGB, which the
    /// first look scans) and its full-size one, or nil when faces are off.
    static func faces(
        small grey: [UInt8], colour: [UInt8]? = nil, width: Int, height: Int, full: FullPicture,
        everywhere: Bool = false
    ) throws(MediaError) -> [Face]? {
        guard FaceFinder.off == nil, width > 0, height > 0 else { return nil }
        let longer = max(width, height), enlarged = longer * 6 / 5 < size ? min(enlargedUpTo, 2 * longer) : longer
        guard
            let first = try look(
                grey, width: width, height: height, size: enlarged, enlarge: enlarged > longer, scan: firstScan,
                colour: colour?.count == width * height * 3 ? colour : nil)
        else { return nil }
        var found = first
        let firstScale = Double(enlarged) / Double(max(full.width, full.height))  // picture px per full-size px
        var scale = firstScale
        var small = found.filter { Double($0.pixels) < Double(closerBelow) }
        while !small.isEmpty, scale < 0.9 {
            scale = min(1, scale * 2)
            guard let closer = try closer(around: small, in: full, scale: scale) else { break }
            found = closer + found.filter { face in !closer.contains { $0.overlaps(face) } }
            small = closer.filter { Double($0.pixels) < Double(closerBelow) }
        }
        if everywhere, firstScale < wholeScale, let whole = try wholeLook(full) {
            found = whole + found.filter { face in !whole.contains { $0.overlaps(face) } }
        }
        return found.filter { $0.box[2] * Double(full.width) >= Double(smallestFace) }
    }

    /// The faces in the band of rows around `faces` (shares of the photo), looked at `scale` times the full size.
    private static func closer(around faces: [Face], in full: FullPicture, scale: Double) throws(MediaError)
        -> [Face]?
    {
        let h = faces.map { $0.box[3] }.reduce(0, +) / Double(faces.count)
        let top = max(0, faces.map { $0.box[1] }.min()! - closerMargin * h)
        let bottom = min(1, faces.map { $0.box[1] + $0.box[3] }.max()! + closerMargin * h)
        let fit = min(scale, Double(APOLO_FACES_SIDE) / Double(full.width))  // what the worker takes
        var first = Int(top * Double(full.height)), rows = Int(bottom * Double(full.height)) - first
        let most = Int(Double(APOLO_FACES_PIXELS) / (fit * fit) / Double(full.width))
        if rows > most { first += (rows - most) / 2; rows = most }
        guard rows > 16, let base = full.grey.baseAddress else { return nil }
        let target = max(1, Int(Double(full.width) * fit))
        guard
            let band = try look(
                base + first * full.width, width: full.width, height: rows, size: target,
                enlarge: false)
        else { return nil }
        return band.map { face in
            var moved = face
            let y = (face.box[1] * Double(rows) + Double(first)) / Double(full.height)
            moved.box = [
                face.box[0], (y * 1000).rounded() / 1000, face.box[2],
                (face.box[3] * Double(rows) / Double(full.height) * 1000).rounded() / 1000
            ]
            return moved
        }
    }

    /// The faces in `grey` resized to fit `size` (enlarged when asked), in shares of `grey`; the detector looks at it
    /// shrunk to `scan` (0: as it is, up to 4 MP), in `colour` (`grey` as packed RGB) when given.
    static func look(
        _ grey: UnsafePointer<UInt8>, width: Int, height: Int, size: Int, enlarge: Bool, scan: Int = 0,
        colour: [UInt8]? = nil
    ) throws(MediaError) -> [Face]? {
        let resized = size == max(width, height) ? nil : try Self.resized(grey, width, height, 1, to: size, enlarge)
        defer { resized.map { apolo_vips_gfree($0.pixels) } }
        let (w, h) = resized.map { ($0.width, $0.height) } ?? (width, height)
        let picture = resized.map { UnsafePointer($0.pixels) } ?? grey
        let enlarged = max(1, Double(max(w, h)) / Double(max(width, height)))
        let seen = scan > 0 ? min(scan, size) : size  // the side the detector scans: its colour picture's
        guard let colour, seen >= 32 else {
            return FaceFinder.find(grey: picture, width: w, height: h, scan: scan)?.map {
                $0.face(width: w, height: h, enlarged: enlarged)
            }
        }
        let scanned = try colour.withUnsafeBufferPointer { (rgb) throws(MediaError) in
            try Self.resized(rgb.baseAddress!, width, height, 3, to: seen, seen > max(width, height))
        }
        defer { apolo_vips_gfree(scanned.pixels) }
        let seenColour = ColourPicture(pixels: scanned.pixels, width: scanned.width, height: scanned.height)
        return FaceFinder.find(grey: picture, width: w, height: h, scan: seen, colour: seenColour)?.map {
            $0.face(width: w, height: h, enlarged: enlarged)
        }
    }

    /// `pixels` (`bands` bytes a pixel) resized to fit `size` on the longer side, enlarged when asked; free the
    /// copy with apolo_vips_gfree.
    private static func resized(
        _ pixels: UnsafePointer<UInt8>, _ width: Int, _ height: Int, _ bands: Int32, to size: Int, _ enlarge: Bool
    ) throws(MediaError) -> (pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int) {
        var picture: UnsafeMutablePointer<UInt8>?, w: Int32 = 0, h: Int32 = 0
        guard
            apolo_vips_resized(
                pixels, Int32(width), Int32(height), bands, Int32(size), enlarge ? 1 : 0, &picture, &w, &h) == 0,
            let picture
        else { throw MediaError.vips(Vips.lastError()) }
        return (picture, Int(w), Int(h))
    }
}
