@testable import ApoloCore
import Foundation
import Testing

@Suite struct CatalogueTests {
    /// The placeholders a template uses, as a set of digits.
    private static func holes(_ template: String) -> Set<Character> {
        var found = Set<Character>(), chars = Array(template)
        for i in chars.indices.dropLast(2) where chars[i] == "{" && chars[i + 2] == "}" && chars[i + 1].isNumber {
            found.insert(chars[i + 1])
        }
        return found
    }

    @Test func everyMessageIsInSpanishWithTheSamePlaceholdersAndNoneIsLeftOver() {
        #expect(Set(Catalogue.english.keys) == Set(Catalogue.spanish.keys))
        for key in Catalogue.keys {
            for reader in [Catalogue.Reader.commandLine, .page] {
                let en = Catalogue.template(key, .english, reader) ?? ""
                let es = Catalogue.template(key, .spanish, reader) ?? ""
                #expect(Self.holes(en) == Self.holes(es), "\(key): the same arguments in both languages")
                guard reader == .page else { continue }
                for text in [en, es] {  // a command (`: apolo album reopen`, `(apolo undo …)`) or a flag
                    let command = [": apolo ", "(apolo ", " --"].contains { text.contains($0) }
                    #expect(!command, "\(key): the page's words, not a command: \(text)")
                }
            }
        }
    }

    @Test func aMessageIsSaidInTheReadersLanguageAndTerms() {
        let discarded = Said("slide.discarded", "DSC_0412.jpg", "0123456789")
        #expect(
            discarded.description == "discarded 'DSC_0412.jpg' from the table "
                + "(see: apolo table --discarded; undo: apolo slide restore 0123456789)")
        #expect(
            discarded.text(.english, for: .page)
                == "discarded 'DSC_0412.jpg' from the table (dimmed in its place: U on it restores it)")
        #expect(
            discarded.text(.spanish, for: .page)
                == "descartada 'DSC_0412.jpg' de la mesa (atenuada en su sitio: U sobre ella la recupera)")
        let one = Said.count("shelf.deleted", 1, "best"), three = Said.count("shelf.deleted", 3, "best")
        #expect(one.text(.spanish) == "borrado el estante 'best'; 1 diapositiva vuelve a la mesa")
        #expect(three.text(.spanish) == "borrado el estante 'best'; 3 diapositivas vuelven a la mesa")
        #expect(three.description == "deleted shelf 'best'; 3 slides returned to the table")
        let parts = [Said.count("slides.fromTable", 2), Said.count("slides.offShelves", 1)]
        let both = Said("slides.allBack", Said(joining: parts, separator: ", "))
        #expect(
            both.text(.spanish, for: .page)
                == "2 descartadas de la mesa, 1 quitada de los estantes (Ctrl+Z las recupera todas)")
        #expect(Said(text: "plain {0} text").text(.spanish) == "plain {0} text", "text outside the catalogue as it is")
        #expect(Said("no.such.key", "x").text(.spanish) == "no.such.key", "an unknown key is shown, not dropped")
        #expect(Said("error.stale", []).text(.spanish).hasPrefix("el proyecto cambió"), "a key with no arguments")
    }

    @Test func anEditSaysWhatItDidAsAMessageOfTheCatalogue() throws {
        let project = try Sketch.project("table: a b")
        let (_, said) = try Rate(["table:1", "table:2"], 4).applied(to: project)
        #expect(said.text(.spanish) == "puntuación de 2 fotos: ★★★★☆")
        #expect(said.description == "rated 2 photos ★★★★☆")
        let (_, label) = try Label(["table:1"], "green").applied(to: project)
        #expect(label.text(.spanish) == "etiqueta de color verde en 'a.jpg'")
        #expect(throws: CoreError(.invalid, said: Said("error.alreadyDiscarded", "a.jpg"))) {
            let (gone, _) = try SlideDiscard("table:1").applied(to: project)
            _ = try SlideDiscard("discarded:1").applied(to: gone)
        }
    }

    @Test func aMessageSurvivesTheHistoryAndHostileBytesAreRefused() throws {
        let rated = Said("rate.set", Said.count("photos", 1, "a.jpg"), "★★☆☆☆")
        let said = Said("history.undid", .number(3), rated, "apolo rate")
        let back = try JSONDecoder().decode(Said.self, from: try JSONEncoder().encode(said))
        #expect(back == said)
        #expect(back.text(.spanish, for: .page) == "deshecho el paso 3: puntuación de 'a.jpg': ★★☆☆☆")
        let many = "{\"k\":\"x\",\"a\":[" + Array(repeating: "{\"t\":\"y\"}", count: 65).joined(separator: ",") + "]}"
        #expect(throws: (any Error).self) { try JSONDecoder().decode(Said.self, from: Data(many.utf8)) }
    }

    @Test func captionMessagesNameTheFieldsInTheReadersLanguage() throws {
        #expect(MetaField.spanishWords.count == MetaField.allCases.count)
        var project = try Sketch.project("table: a")
        let said = try MetaSet("table:1", [(.title, "T"), (.countryCode, "PT")], keywords: ["x"]).apply(to: &project)
        #expect(said.text() == "set the title, country code, keywords of 'a.jpg'")
        #expect(said.text(.spanish, for: .page) == "puesto título, código de país, palabras clave en 'a.jpg'")
    }
}
