/// How large a picture apolo lets a decoder allocate for, checked from the header before any pixel is decoded
/// (a 73 KB file declaring 2,360,896 × 1,200 pixels made libvips allocate 8.7 GB).
///
/// Three rules, each in words when broken:
/// - at most `maxPixels` (200 megapixels: a 150 MP medium-format frame fits; a larger stitched panorama does not);
/// - at most `maxBytes` decoded (width × height × bands × bytes per sample: 1 GiB, a 16-bit RGB frame of 179 MP);
/// - for JPEG and PNG, at most `pixelsPerByte` pixels for each byte of the file: their codecs cannot compress a
///   picture further (a flat baseline JPEG needs about 2 bits for each 8 × 8 block of each band, so ≤ 256 pixels a
///   byte; deflate's limit is 1,032:1 over 1-bit rows, ≤ 8,256), so a larger declared size disagrees with the data.
///   TIFF (fax-coded scans), WebP, HEIC and AVIF can compress a flat frame further and keep the first two rules.
public enum PixelBudget {
    public static let maxPixels = 200_000_000
    public static let maxBytes = 1 << 30
    public static let pixelsPerByte: [ImageFormat: Int] = [.jpeg: 1_000, .png: 10_000]

    /// Why a picture of this declared size may not be decoded, or nil when it may.
    public static func problem(
        width: Int, height: Int, bands: Int = 3, sampleBytes: Int = 1, fileBytes: Int,
        format: ImageFormat?
    ) -> String? {
        guard width > 0, height > 0 else { return "it declares a size of \(width) × \(height) pixels" }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        let size = "\(width) × \(height) pixels"
        if overflow || pixels > maxPixels {
            let megapixels = Int(min(Double(width) * Double(height) / 1e6, 9e15))
            return "it declares \(size) (\(megapixels) megapixels); apolo decodes pictures of at most "
                + "\(maxPixels / 1_000_000) megapixels"
        }
        let decoded = pixels * max(1, min(bands, 16)) * max(1, min(sampleBytes, 16))
        if decoded > maxBytes {
            return "it declares \(size) of \(bands) bands at \(sampleBytes * 8) bits (\(decoded >> 20) MiB decoded); "
                + "apolo decodes pictures of at most \(maxBytes >> 20) MiB"
        }
        if let format, let ratio = pixelsPerByte[format], pixels / ratio > fileBytes {
            return "it declares \(size), far more than its \(fileBytes) bytes can hold (the file is damaged or crafted)"
        }
        return nil
    }
}
