import ApoloCore
import CVipsShim
import Foundation

/// Measures photos' `Signals`, in parallel, one photo per worker at a time, from one decode of each: the picture
/// at full size (a raw's largest embedded preview) for focus, shrunk in memory to about 1,024 px for the rest.
public struct Analyzer: Sendable {
    /// The longer side of the picture measured for clipping, look and faces.
    public static let size = 1024
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
            var full: UnsafeMutablePointer<UInt8>?, small: UnsafeMutablePointer<UInt8>?
            var width: Int32 = 0, height: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            guard apolo_vips_rgb(image.pointer, &full, &width, &height) == 0, let full else {
                throw MediaError.vips(Vips.lastError())
            }
            defer { apolo_vips_gfree(full) }
            guard apolo_vips_rgb_shrunk(full, width, height, Int32(size), &small, &w, &h) == 0, let small else {
                throw MediaError.vips(Vips.lastError())
            }
            defer { apolo_vips_gfree(small) }
            let rgb = Array(UnsafeBufferPointer(start: small, count: Int(w) * Int(h) * 3))
            let found = FaceFinder.find(rgb: small, width: Int(w), height: Int(h))
            let grey = Signals.grey(rgb: UnsafeBufferPointer(start: full, count: Int(width) * Int(height) * 3))
            return grey.withUnsafeBufferPointer {
                Signals.measure(rgb: rgb, width: Int(w), height: Int(h), found: found,
                                full: FullPicture(grey: $0, width: Int(width), height: Int(height)))
            }
        }
    }

    /// Measures each (photo id, path); a photo that cannot be measured gets its reason instead.
    public func run(_ photos: [(id: PhotoID, path: String)]) -> [(PhotoID, Result<Signals, MediaError>)] {
        try? Vips.start(threads: 1)
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
