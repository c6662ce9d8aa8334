/// Messages of shares and reviewers, in English and Spanish.
extension Catalogue {
    static func shares(_ language: Language) -> [String: Entry] { language == .spanish ? sharesSpanish : sharesEnglish }

    static let sharesEnglish: [String: Entry] = [
        "share.none": ("no share '{0}' (shares: {1}); see: apolo share list", "no share '{0}' (shares: {1})"),
        "share.empty": ("'{0}' holds no photos; put the photos to share on it first", nil),
        "share.badTitle": ("give the share a title of 1–200 bytes without control characters", nil),
        "share.badMax": ("--max-picks must be at least 1", "the most picks must be at least 1"),
        "share.created": ("made share {0}, '{1}': {2} of '{3}'", nil),
        "share.revoked": ("revoked share {0}, '{1}': its link no longer opens (its picks are kept)", nil),
        "share.alreadyRevoked": ("share {0}, '{1}', is already revoked", nil),
        "review.closed": ("this link is closed: it expired or the photographer revoked it", nil),
        "review.sent": ("you sent your picks on {0}; ask the photographer to make you a new link to change them", nil),
        "review.name": ("give your name (1–80 characters, with at least one letter or digit)", nil),
        "review.full": ("this link has reached its {0} reviewers; ask the photographer for a link of your own", nil),
        "review.slowDown": ("too many changes at once: wait a moment ({0} s), then try again", nil),
        "review.logFull": (
            "this link takes no more hearts or comments: its record is full; tell the photographer",
            nil
        ),
        "review.notShared": ("that photo is not part of this share", nil),
        "review.tooMany": ("you can pick at most {0}: take a heart off another photo first", nil),
        "review.noComments": ("the photographer turned comments off for this share", nil),
        "review.longComment": ("a comment may be at most 2,000 bytes", nil),
        "review.invalid": ("this link is not valid: check that it was copied whole", nil),
        "review.reopen": ("open the link the photographer sent you again", nil),
        "review.tooManyGuesses": ("too many wrong passwords: try again in {0} minutes", nil),
        "review.needsPassword": ("this link asks for a password", nil),
        "review.wrongPassword": ("that is not the password of this link", nil),
        "review.nameFirst": ("give your name first", nil),
        "review.noDownloads": ("the photographer did not allow downloads from this link", nil),
        "review.originalGone": ("the photographer's original of this photo is not there any more", nil)
    ]

    static let sharesSpanish: [String: Entry] = [
        "share.none": (
            "no hay un enlace '{0}' (enlaces: {1}); mira: apolo share list",
            "no hay un enlace '{0}' (enlaces: {1})"
        ),
        "share.empty": ("'{0}' no tiene fotos; pon primero las fotos que quieres compartir", nil),
        "share.badTitle": ("pon al enlace un título de 1 a 200 bytes sin caracteres de control", nil),
        "share.badMax": ("--max-picks debe ser al menos 1", "el máximo de elecciones debe ser al menos 1"),
        "share.created": ("creado el enlace {0}, '{1}': {2} de '{3}'", nil),
        "share.revoked": ("revocado el enlace {0}, '{1}': ya no se abre (sus elecciones se conservan)", nil),
        "share.alreadyRevoked": ("el enlace {0}, '{1}', ya está revocado", nil),
        "review.closed": ("este enlace está cerrado: caducó o el fotógrafo lo revocó", nil),
        "review.sent": ("enviaste tus elecciones el {0}; pide al fotógrafo un enlace nuevo para cambiarlas", nil),
        "review.name": ("escribe tu nombre (de 1 a 80 caracteres, con al menos una letra o una cifra)", nil),
        "review.full": ("este enlace ya tiene sus {0} personas; pide al fotógrafo un enlace para ti", nil),
        "review.slowDown": ("demasiados cambios seguidos: espera un momento ({0} s) y vuelve a intentarlo", nil),
        "review.logFull": (
            "este enlace no admite más corazones ni comentarios: su registro está lleno; "
                + "avisa al fotógrafo", nil
        ),
        "review.notShared": ("esa foto no forma parte de este enlace", nil),
        "review.tooMany": ("puedes elegir como mucho {0}: quita antes un corazón de otra foto", nil),
        "review.noComments": ("el fotógrafo desactivó los comentarios de este enlace", nil),
        "review.longComment": ("un comentario puede tener como mucho 2.000 bytes", nil),
        "review.invalid": ("este enlace no es válido: comprueba que se copió entero", nil),
        "review.reopen": ("abre otra vez el enlace que te envió el fotógrafo", nil),
        "review.tooManyGuesses": ("demasiadas contraseñas equivocadas: prueba otra vez dentro de {0} minutos", nil),
        "review.needsPassword": ("este enlace pide una contraseña", nil),
        "review.wrongPassword": ("esa no es la contraseña de este enlace", nil),
        "review.nameFirst": ("escribe antes tu nombre", nil),
        "review.noDownloads": ("el fotógrafo no permitió descargas desde este enlace", nil),
        "review.originalGone": ("el original de esta foto ya no está donde lo tenía el fotógrafo", nil)
    ]
}
