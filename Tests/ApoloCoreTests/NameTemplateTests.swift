import ApoloCore
import Testing

/// Name templates of ingest (and delivery names): variables, widths, and names that cannot leave their folder.
@Suite struct NameTemplateTests {
    var values: NameValues {
        var values = NameValues(wallClock: "2026-05-02T09:03:04", name: "DSC_0412")
        (values.camera, values.serial, values.job, values.seq, values.dayseq) = ("Z 6", "3021", "smith", 7, 2)
        return values
    }

    @Test func variablesExpandWithWidths() throws {
        let names = try NameTemplate("{job}_{seq:4}-{dayseq}_{number}_{date}_{time}_{camera}", folders: false)
        #expect(names.expand(values) == "smith_0007-2_0412_2026-05-02_090304_Z 6")
        let folders = try NameTemplate("{year}/{month}/{day}_{hour}{minute}{second}", folders: true)
        #expect(folders.expand(values) == "2026/05/02_090304")
        #expect(try NameTemplate("{lens}{make}", folders: false).expand(values) == "unknownunknown")
    }

    @Test func valuesCannotClimbOutOrHide() throws {
        var hostile = values
        hostile.camera = "../../etc/passwd"
        hostile.name = ".hidden\u{1}name"
        #expect(try NameTemplate("{camera}", folders: true).expand(hostile) == "_._.._etc_passwd")
        #expect(try NameTemplate("{name}", folders: false).expand(hostile) == "_hidden_name")
        hostile.camera = ".."
        #expect(try NameTemplate("a/{camera}/b", folders: true).expand(hostile) == "a/_./b")
        hostile.camera = String(repeating: "é", count: 300)
        #expect(try NameTemplate("{camera}", folders: false).expand(hostile).utf8.count == 200)
    }

    @Test func badTemplatesAreRefusedSayingWhy() throws {
        func refusal(_ text: String, folders: Bool = false) -> String {
            do { _ = try NameTemplate(text, folders: folders) } catch { return error.message }
            return ""
        }
        #expect(refusal("{shot}").contains("{shot} is no variable (variables: {year} {month}"))
        #expect(refusal("{seq:12}").contains("a width of 1–9 digits"))
        #expect(refusal("{camera:3}").contains("only {seq}, {dayseq}, {cardseq} and {number} take a width"))
        #expect(refusal("a/b").contains("a file name cannot hold '/'"))
        #expect(refusal("../x", folders: true).contains("must stay inside the destination"))
        #expect(refusal("/x", folders: true).contains("must stay inside the destination"))
        #expect(refusal("{seq").contains("a '{' is not closed"))
        #expect(refusal("x}").contains("a '}' has no '{'"))
        #expect(refusal("").contains("it is empty"))
        #expect(refusal("", folders: true).isEmpty, "no folders: the copies go into the destination itself")
        #expect(try NameTemplate("{job}", folders: false).uses(.job))
        #expect(try !NameTemplate("{seq}", folders: false).uses(.job))
    }

    @Test func aFileNameFitsIn255BytesWithItsSuffixAndACleanEnding() {
        let long = String(repeating: "é", count: 100)
        let name = NameTemplate.fileName(long, suffix: "-12", ending: ".J\tPG")
        #expect(name.utf8.count <= 255 && name.hasSuffix("-12.J_PG") && name.hasPrefix("éé"), "\(name)")
        let odd = NameTemplate.fileName("a", suffix: "", ending: "." + String(repeating: "x", count: 300))
        #expect(odd.utf8.count <= 255 && odd.hasPrefix("a.xx"), "an absurd ending is cut too: \(odd.utf8.count)")
        #expect(NameTemplate.fileName("IMG_1", suffix: "", ending: ".JPG.xmp") == "IMG_1.JPG.xmp")
    }
}
