/// A photo's focus and exposure judged from its own pixels alone. Thresholds were tuned on the tuning part of 291
/// real photos judged by a person at 100% (bench/verdicts; the held-back part never tuned on): see
/// docs/deciding.md for the figures.
extension Signals {
    /// The photo is soft under this sharpness unless one region passes `peakSoftBelow`; sharp from `sharpFrom`,
    /// or from `peakSharpFrom` in one region (a shallow depth of field); between them, can't tell.
    public static let softBelow = 0.13, sharpFrom = 0.20, peakSoftBelow = 0.25, peakSharpFrom = 0.32
    /// A face at least this wide in the photo's pixels is judged on its eyes' band: soft under `faceSoftBelow`,
    /// sharp from `faceSharpFrom` (or when the photo is sharp from `sharpFrom`), can't tell between.
    public static let faceJudgedFrom = 80, faceSoftBelow = 0.10, faceSharpFrom = 0.15
    /// A lost exposure: this share of the frame blown with no shadow left under `washedFrom` (a white sky over a
    /// scene with shadows is intended); the whole photo dark, its brightest part under `darkUnder` (a night scene
    /// has lamps) with `crushedFrom` of it crushed; or this share of a face's box blown or crushed.
    public static let blownOver = 0.25, washedFrom = 90, darkUnder = 130, crushedFrom = 0.10, faceClippedOver = 0.30

    /// The focus judged from this photo alone: on its sharpest face when a face is large enough to judge (the
    /// subject), else on its most detailed regions, its crispest region keeping a shallow depth of field sharp.
    public var focusAlone: FocusCall {
        let judged = faces?.filter { ($0.wide ?? 0) >= Self.faceJudgedFrom && $0.sharpness > 0 } ?? []
        if let face = judged.max(by: { $0.sharpness < $1.sharpness }) {
            let value = Said.measure(face.sharpness)
            if face.sharpness < Self.faceSoftBelow {
                return FocusCall(.soft, Said("focus.faceSoft", value, .measure(Self.faceSoftBelow)), onFaces: true)
            }
            if face.sharpness >= Self.faceSharpFrom || sharpness >= Self.sharpFrom {
                return FocusCall(.sharp, Said("focus.faceSharp", value), onFaces: true)
            }
            return FocusCall(.unsure, Said("focus.faceBetween", value), onFaces: true)
        }
        if sharpness <= 0 { return FocusCall(.unsure, Said("focus.noDetail", [])) }
        let value = Said.measure(sharpness)
        if sharpness < Self.softBelow, peak < Self.peakSoftBelow {
            return FocusCall(.soft, Said("focus.soft", value, .measure(peak)))
        }
        if sharpness >= Self.sharpFrom { return FocusCall(.sharp, Said("focus.sharp", value)) }
        if peak >= Self.peakSharpFrom { return FocusCall(.sharp, Said("focus.shallow", .measure(peak), value)) }
        return FocusCall(.unsure, Said("focus.between", value))
    }

    /// What a lost exposure lost, in words; nil when nothing was lost. A backdrop or sky clipped behind
    /// well-exposed faces, a white sky over a scene with shadows, a night scene with lamps are intended.
    public var exposureLost: Said? {
        if let face = faces?.filter({ ($0.clipped ?? 0) > Self.faceClippedOver }).max(by: {
            ($0.clipped ?? 0) < ($1.clipped ?? 0)
        }) {
            return Said("exposure.face", .percent(face.clipped ?? 0))
        }
        if highlights > Self.blownOver, darkest >= Self.washedFrom {
            return Said("exposure.blown", .percent(highlights), .number(darkest))
        }
        if faces?.isEmpty != false, brightest < Self.darkUnder, shadows >= Self.crushedFrom {
            return Said("exposure.dark", .number(brightest), .percent(shadows))
        }
        return nil
    }

    /// True when the exposure lost detail on the subject or over a large area (see `exposureLost`).
    public var clipped: Bool { exposureLost != nil }
}
