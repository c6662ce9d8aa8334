import ApoloCore
import CVipsShim
import Foundation

/// Measures photos' `Signals`, in parallel, one photo per worker at a time: focus on the full-resolution picture
/// (a raw's largest embedded preview), the rest on a shrink-on-load decode about 1,024 px on a side.
public struct Analyzer: Sendable {
    /// The longer side of the picture measured.
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
            let image = try Vips.thumbnail(path, size: size)
            var pixels: UnsafeMutablePointer<UInt8>?
            var width: Int32 = 0, height: Int32 = 0
            guard apolo_vips_rgb(image.pointer, &pixels, &width, &height) == 0, let pixels else {
                throw MediaError.vips(Vips.lastError())
            }
            defer { apolo_vips_gfree(pixels) }
            let rgb = Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 3))
            let found = FaceFinder.find(rgb: pixels, width: Int(width), height: Int(height))
            var signals = Signals.measure(rgb: rgb, width: Int(width), height: Int(height), found: found)
            try atFullSize(path) { signals.focus(on: $0) }
            return signals
        }
    }

    /// Lends the picture at full resolution, grey and upright, to `body` (the pixel budget is checked first).
    static func atFullSize(_ path: String, _ body: (FullPicture) -> Void) throws(MediaError) {
        let image = try Vips.fullSize(path)
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        guard apolo_vips_grey(image.pointer, &pixels, &width, &height) == 0, let pixels else {
            throw MediaError.vips(Vips.lastError())
        }
        defer { apolo_vips_gfree(pixels) }
        body(FullPicture(grey: UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height)),
                         width: Int(width), height: Int(height)))
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
