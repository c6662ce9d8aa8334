import ApoloCore
import CApoloSystem
import CVipsShim
import Foundation

/// Measures photos' `Signals`, in parallel, one photo per worker at a time, from one decode of each: the picture
/// at full size (a raw's largest embedded preview) for focus, shrunk in memory to about 1,536 px for the rest.
public struct Analyzer: Sendable {
    /// The longer side of the picture measured for clipping, look and faces (shrunk from the full size, never
    /// enlarged; faces are looked for closer where they are small: see `faces(small:width:height:full:)`).
    /// 2,048 would find faces from 3% at 1.7 times the detector's time: over the analysis's budget.
    public static let size = 1536
    public var workers = ProcessInfo.processInfo.activeProcessorCount
    /// Photos looked at whole for faces from 40 px (`apolo analyze --small-faces`; 2.25 times their pixels
    /// scanned: a second or two a photo).
    public var smallFaces: Set<PhotoID> = []
    /// Asked before each photo; true stops the analysis (Ctrl-C).
    public var interrupted: @Sendable () -> Bool = { false }
    /// Called after each photo with (done, total).
    public var progress: @Sendable (Int, Int) -> Void = { _, _ in }

    public init() {}

    /// The signals of one file, or why its pixels cannot be measured.
    public static func measure(_ path: String, smallFaces: Bool = false) throws(MediaError) -> Signals {
        try Vips.attributed(path) { () throws(MediaError) -> Signals in
            let image = try Vips.fullSize(path)
            var full: UnsafeMutablePointer<UInt8>?, width: Int32 = 0, height: Int32 = 0
            guard apolo_vips_rgb(image.pointer, &full, &width, &height) == 0, let full else {
                throw MediaError.vips(Vips.lastError())
            }
            defer { apolo_vips_gfree(full) }
            return try measure(rgb: full, width: Int(width), height: Int(height), smallFaces: smallFaces)
        }
    }

    /// The signals of a photo's upright picture at full size (packed 8-bit RGB).
    static func measure(rgb full: UnsafePointer<UInt8>, width: Int, height: Int, smallFaces: Bool = false)
        throws(MediaError) -> Signals
    {
        var small: UnsafeMutablePointer<UInt8>?, w: Int32 = 0, h: Int32 = 0
        guard apolo_vips_resized(full, Int32(width), Int32(height), 3, Int32(size), 0, &small, &w, &h) == 0,
            let small
        else { throw MediaError.vips(Vips.lastError()) }
        defer { apolo_vips_gfree(small) }
        let rgb = Array(UnsafeBufferPointer(start: small, count: Int(w) * Int(h) * 3))
        let shrunk = rgb.withUnsafeBufferPointer { Signals.grey(rgb: $0) }
        let grey = Signals.grey(rgb: UnsafeBufferPointer(start: full, count: width * height * 3))
        return try grey.withUnsafeBufferPointer { (whole) throws(MediaError) -> Signals in
            let picture = FullPicture(grey: whole, width: width, height: height)
            let faces = try Self.faces(
                small: shrunk, colour: rgb, width: Int(w), height: Int(h), full: picture,
                everywhere: smallFaces)
            var signals = Signals.measure(
                rgb: rgb, width: Int(w), height: Int(h), grey: shrunk, faces: faces,
                full: picture)
            signals.smallFaces = smallFaces && faces != nil
            if faces != nil, FaceFinder.fewer != nil { signals.fewerFaces = true }
            return signals
        }
    }

    /// Measures each (photo id, path); a photo that cannot be measured gets its reason instead.
    public func run(_ photos: [(id: PhotoID, path: String)]) -> [(PhotoID, Result<Signals, MediaError>)] {
        try? Vips.start(threads: 1)
        apolo_keep_large_buffers()
        let work = ParallelResults<Signals, MediaError>(count: photos.count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, photos.count))) { _ in
            while let index = work.next() {
                var result = Result<Signals, MediaError>.failure(.cache("not measured: interrupted"))
                if !interrupted() {
                    do throws(MediaError) {
                        let (id, path) = photos[index]
                        result = .success(try Self.measure(path, smallFaces: smallFaces.contains(id)))
                    } catch { result = .failure(error) }
                }
                progress(work.set(index, result), photos.count)
            }
        }
        return zip(photos.map(\.id), work.all).map { ($0, $1) }
    }
}
