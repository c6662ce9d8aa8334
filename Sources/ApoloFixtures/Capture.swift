import Foundation

/// What a camera adds after the lens, so that a generated blurred frame looks to a focus measure like a real one
/// (blur added to decoded pixels alone passed a benchmark that real photos failed). In order: the blur (defocus or
/// shake) in linear light at full resolution; shot noise (σ = √(signal × 4,000 electrons) / 4,000) and read
/// noise; a demosaic's softening (half of a [1 2 1] blur each way); the tone curve back to sRGB; the camera's
/// sharpening (unsharp mask, amount 0.6, radius 1 px). The JPEG (quality 90) is left to the writer.
public enum Capture {
    /// Full well in electrons at base ISO and read noise in electrons.
    static let electrons = 4000.0, readNoise = 3.0

    /// The sRGB picture `scene` as a camera would record it, blurred first by a box `blur` pixels long (three
    /// passes; along x alone when `motion`), 0 for a sharp frame.
    public static func record(
        _ scene: [UInt8], width: Int, height: Int, blur: Int = 0, motion: Bool = false,
        seed: Int
    ) -> [UInt8] {
        let toLinear = (0..<256).map { v -> Float in
            let c = Float(v) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        var light = scene.map { toLinear[Int($0)] }
        if blur > 1 {
            for _ in 0..<3 { light = pass(light, width, height, blur, horizontal: true) }
            if !motion { for _ in 0..<3 { light = pass(light, width, height, blur, horizontal: false) } }
        }
        var random = Random(UInt64(seed))
        for i in light.indices {
            let signal = Double(light[i]) * electrons
            let sigma = (signal + readNoise * readNoise).squareRoot()
            light[i] = Float(max(0, signal + sigma * random.gaussian()) / electrons)
        }
        light = mix(light, soften(light, width, height), 0.5)
        var picture = light.map { l -> Float in
            let c = min(1, max(0, l))
            return c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
        }
        picture = mix(picture, soften(picture, width, height), -0.6)
        return picture.map { UInt8(max(0, min(255, ($0 * 255).rounded()))) }
    }

    /// a + (b − a) × share: share 0.5 halfway to b, a negative share away from it (sharpening).
    static func mix(_ a: [Float], _ b: [Float], _ share: Float) -> [Float] {
        zip(a, b).map { $0 + ($1 - $0) * share }
    }

    /// A [1 2 1] / 4 blur along x and y.
    static func soften(_ p: [Float], _ width: Int, _ height: Int) -> [Float] {
        smooth(smooth(p, width, height, horizontal: true), width, height, horizontal: false)
    }

    /// One [1 2 1] / 4 pass along x or y (edges repeat their last pixel).
    static func smooth(_ p: [Float], _ width: Int, _ height: Int, horizontal: Bool) -> [Float] {
        var out = p
        let step = horizontal ? 3 : width * 3
        for y in 0..<height {
            for x in 0..<width {
                let first = horizontal ? x == 0 : y == 0, last = horizontal ? x == width - 1 : y == height - 1
                for c in 0..<3 {
                    let at = (y * width + x) * 3 + c
                    out[at] = (p[first ? at : at - step] + 2 * p[at] + p[last ? at : at + step]) / 4
                }
            }
        }
        return out
    }

    /// One running-sum box pass over the three channels of a linear picture.
    static func pass(_ p: [Float], _ width: Int, _ height: Int, _ n: Int, horizontal: Bool) -> [Float] {
        var out = p
        let (lines, length) = horizontal ? (height, width) : (width, height)
        let half = n / 2
        for line in 0..<lines {
            for channel in 0..<3 {
                let at = { (k: Int) in
                    (horizontal
                        ? line * width + min(max(k, 0), length - 1)
                        : min(max(k, 0), length - 1) * width + line) * 3 + channel
                }
                var sum: Float = 0
                for k in -half...(n - 1 - half) { sum += p[at(k)] }
                for k in 0..<length {
                    out[at(k)] = sum / Float(n)
                    sum += p[at(k + n - half)] - p[at(k - half)]
                }
            }
        }
        return out
    }
}

extension Random {
    /// A standard normal draw (Box–Muller).
    mutating func gaussian() -> Double {
        let u = max(unit(), 1e-12), v = unit()
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
}
