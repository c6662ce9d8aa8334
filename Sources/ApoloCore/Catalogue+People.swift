/// Why an edit of people was refused, in English and Spanish: the People panel shows these in the page's language.
extension Catalogue {
    static func people(_ language: Language) -> [String: Entry] { language == .spanish ? peopleSpanish : peopleEnglish }

    static let peopleEnglish: [String: Entry] = [
        "person.nameEmpty": ("a person's name cannot be empty", nil),
        "person.nameControl": ("the name '{0}' contains control characters", nil),
        "person.nameInvisible": ("the name '{0}' contains the invisible character {1}", nil),
        "person.nameNumber": ("'{0}' is a number, which names a person by their number: give a name", nil),
        "person.nameTaken": (
            "person {0} is already '{1}': to make them one, apolo person merge {2} {0}",
            "person {0} is already '{1}': give another name, or merge the two"
        ),
        "person.mergeSame": ("name two different people to merge", nil),
        "person.noFace": ("{0} has no face in {1}", nil),
        "person.allFaces": ("those are all of {0}'s faces: nothing would stay", nil),
        "person.forgetNone": ("name at least one person to forget", nil),
        "person.unknown": ("no person is '{0}' ({1}){2}", nil),
        "person.nobodyNamed": ("nobody is named yet; apolo people lists them by number", "nobody is named yet"),
        "person.namedList": ("named: {0}", nil),
        "person.didYouMean": ("; did you mean '{0}'?", nil)
    ]

    static let peopleSpanish: [String: Entry] = [
        "person.nameEmpty": ("el nombre de una persona no puede estar vacío", nil),
        "person.nameControl": ("el nombre «{0}» contiene caracteres de control", nil),
        "person.nameInvisible": ("el nombre «{0}» contiene el carácter invisible {1}", nil),
        "person.nameNumber": (
            "«{0}» es un número, y un número nombra a una persona por su número: da un nombre", nil
        ),
        "person.nameTaken": (
            "la persona {0} ya se llama «{1}»: para que sean una, apolo person merge {2} {0}",
            "la persona {0} ya se llama «{1}»: da otro nombre, o une a las dos"
        ),
        "person.mergeSame": ("nombra a dos personas distintas para unirlas", nil),
        "person.noFace": ("{0} no tiene ninguna cara en {1}", nil),
        "person.allFaces": ("esas son todas las caras de {0}: no quedaría ninguna", nil),
        "person.forgetNone": ("nombra al menos a una persona para olvidarla", nil),
        "person.unknown": ("nadie es «{0}» ({1}){2}", nil),
        "person.nobodyNamed": (
            "aún no tiene nombre nadie; apolo people las lista por número", "aún no tiene nombre nadie"
        ),
        "person.namedList": ("con nombre: {0}", nil),
        "person.didYouMean": ("; ¿quería decir «{0}»?", nil)
    ]
}
