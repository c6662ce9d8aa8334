import ApoloCore
import CApoloSystem
import CVipsShim
import Foundation

/// Measures photos' `Signals`, in parallel, one photo per worker at a time, from one decode of each: the picture
/// at full size (a raw's largest embedded preview) for focus, shrunk in memory to about 1,536 px for the rest.
public struct Analyzer: Sendable {
    /// The longer side of the picture measured for clipping, look and faces (shrunk from the full size, never
    /// enlarged). dlib's HOG detector finds faces from about 60 px wide (a 73 px box): about 4% of a large photo's
    /// longer side here; a photo under half this size is enlarged twice for faces (faces from about 30 px of its
    /// own, as in dlib's PASCAL VOC examples). 2,048 would find faces from 3% at 1.7 times the detector's time
    /// (166 ms against 95 on this project's machine): over the analysis's budget.
    public static let size = 1536
    public var workers = ProcessInfo.processInfo.activeProcessorCount
    /// Asked before each photo; true stops the analysis (Ctrl-C).
    public var interrupted: @Sendable () -> Bool = { false }
    /// Called after each photo with (done, total).
    public var progress: @Sendable (Int, Int) -> Void = { _, _ in }

    public init() {}

    /// The signals of one file, or why its pixels cannot be measured.
    public static func measure(_ path: String) throws(MediaError) -> Signals {
        try Vips.attributed(path) { () throws(MediaError) -> Signals in
            let image = try Vips.fullSize(path)
            var full: UnsafeMutablePointer<UInt8>?, width: Int32 = 0, height: Int32 = 0
            guard apolo_vips_rgb(image.pointer, &full, &width, &height) == 0, let full else {
                throw MediaError.vips(Vips.lastError())
            }
            defer { apolo_vips_gfree(full) }
            return try measure(rgb: full, width: Int(width), height: Int(height))
        }
    }

    /// The signals of a photo's upright picture at full size (packed 8-bit RGB).
    static func measure(rgb full: UnsafePointer<UInt8>, width: Int, height: Int) throws(MediaError) -> Signals {
        var small: UnsafeMutablePointer<UInt8>?, w: Int32 = 0, h: Int32 = 0
        guard apolo_vips_resized(full, Int32(width), Int32(height), 3, Int32(size), 0, &small, &w, &h) == 0,
              let small else { throw MediaError.vips(Vips.lastError()) }
        defer { apolo_vips_gfree(small) }
        let rgb = Array(UnsafeBufferPointer(start: small, count: Int(w) * Int(h) * 3))
        let shrunk = rgb.withUnsafeBufferPointer { Signals.grey(rgb: $0) }
        let faces = try Self.faces(in: shrunk, width: Int(w), height: Int(h))
        let grey = Signals.grey(rgb: UnsafeBufferPointer(start: full, count: width * height * 3))
        return grey.withUnsafeBufferPointer {
            Signals.measure(rgb: rgb, width: Int(w), height: Int(h), grey: shrunk, faces: faces,
                            full: FullPicture(grey: $0, width: width, height: height))
        }
    }

    /// The faces in the analysed grey picture (enlarged twice when under half of `size`), or nil when faces are
    /// off.
    static func faces(in grey: [UInt8], width: Int, height: Int) throws(MediaError) -> [Face]? {
        guard FaceFinder.off == nil, width > 0, height > 0 else { return nil }
        let longer = max(width, height)
        guard longer < size / 2 else {
            return FaceFinder.find(grey: grey, width: width, height: height)?.map {
                $0.face(width: width, height: height)
            }
        }
        var picture: UnsafeMutablePointer<UInt8>?, w: Int32 = 0, h: Int32 = 0
        guard apolo_vips_resized(grey, Int32(width), Int32(height), 1, Int32(2 * longer), 1, &picture, &w, &h) == 0,
              let picture else { throw MediaError.vips(Vips.lastError()) }
        defer { apolo_vips_gfree(picture) }
        let enlarged = Double(max(w, h)) / Double(longer)
        return FaceFinder.find(grey: picture, width: Int(w), height: Int(h))?.map {
            $0.face(width: Int(w), height: Int(h), enlarged: enlarged)
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
                        result = .success(try Self.measure(photos[index].path))
                    } catch { result = .failure(error) }
                }
                progress(work.set(index, result), photos.count)
            }
        }
        return zip(photos.map(\.id), work.all).map { ($0, $1) }
    }
}
