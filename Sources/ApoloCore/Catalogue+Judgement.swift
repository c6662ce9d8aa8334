/// Why apolo judged a photo's focus and exposure as it did (`FocusCall.why`, `Signals.exposureLost`), in each
/// language: the page shows them on badges and in the loupe, `--json` as `focusWhy` and `clipped.why`.
extension Catalogue {
    static func judgements(_ language: Language) -> [String: Entry] {
        language == .spanish ? judgementsSpanish : judgementsEnglish
    }

    static let judgementsEnglish: [String: Entry] = [
        "focus.faceSoft": ("face soft: its eyes' band reads {0}, under {1}", nil),
        "focus.faceSharp": ("face sharp: its eyes' band reads {0}", nil),
        "focus.faceBetween": ("can't tell: the face reads {0}, between soft and sharp", nil),
        "focus.noDetail": ("can't tell: too little detail to judge", nil),
        "focus.soft": ("soft: the most detailed parts read {0} and no region is crisp (best {1})", nil),
        "focus.sharp": ("sharp: the most detailed parts read {0}", nil),
        "focus.shallow": ("sharp where it matters: one region reads {0} (shallow depth of field; overall {1})", nil),
        "focus.between": ("can't tell: {0}, between soft and sharp", nil),
        "focus.kitLike": ("sharp for this camera: {0}, as its sharp photos in this project ({1})", nil),
        "focus.kitSoft": ("soft: {0} below this camera's sharp photos in this project ({1})", nil),
        "focus.burst": ("soft: the sharpest frame of its burst is {0} crisper", nil),
        "focus.burstTimes": ("soft: the sharpest frame of its burst is {0} times as crisp", nil),
        "exposure.face": ("a face lost detail: {0} of it blown or crushed", nil),
        "exposure.blown": ("washed out: {0} of the frame blown to white and no shadow darker than {1}", nil),
        "exposure.dark": ("too dark: its brightest part reads {0} of 255 and {1} of it is crushed to black", nil)
    ]

    static let judgementsSpanish: [String: Entry] = [
        "focus.faceSoft": ("cara desenfocada: la franja de los ojos da {0}, menos de {1}", nil),
        "focus.faceSharp": ("cara nítida: la franja de los ojos da {0}", nil),
        "focus.faceBetween": ("no se sabe: la cara da {0}, entre desenfocada y nítida", nil),
        "focus.noDetail": ("no se sabe: muy poco detalle para juzgar", nil),
        "focus.soft": (
            "desenfocada: las partes con más detalle dan {0} y ninguna zona es nítida (la mejor {1})", nil
        ),
        "focus.sharp": ("nítida: las partes con más detalle dan {0}", nil),
        "focus.shallow": ("nítida donde importa: una zona da {0} (poca profundidad de campo; en conjunto {1})", nil),
        "focus.between": ("no se sabe: {0}, entre desenfocada y nítida", nil),
        "focus.kitLike": ("nítida para esta cámara: {0}, como sus fotos nítidas de este proyecto ({1})", nil),
        "focus.kitSoft": (
            "desenfocada: {0} por debajo de las fotos nítidas de esta cámara en el proyecto ({1})", nil
        ),
        "focus.burst": ("desenfocada: la toma más nítida de su ráfaga es un {0} más nítida", nil),
        "focus.burstTimes": ("desenfocada: la toma más nítida de su ráfaga es {0} veces más nítida", nil),
        "exposure.face": ("una cara perdió detalle: {0} quemado o empastado", nil),
        "exposure.blown": ("lavada: {0} del encuadre quemado en blanco y ninguna sombra más oscura que {1}", nil),
        "exposure.dark": ("demasiado oscura: su parte más clara da {0} de 255 y un {1} está empastado en negro", nil)
    ]
}
