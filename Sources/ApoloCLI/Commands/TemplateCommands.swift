import ApoloCommands
import ApoloCore
import ApoloEngine
import ArgumentParser
import Foundation

/// `apolo template …`: named metadata templates (IPTC fields and keywords) in apolo's home.
struct TemplateGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "template", abstract: "Make, show, edit, list and apply metadata templates (IPTC fields).",
        discussion: prose(
            """
            A template is APOLO_HOME/templates/NAME.json: IPTC fields and keywords, one a line, which a person can
            edit too. Fields: \(MetaField.allCases.map(\.rawValue).joined(separator: ", ")). Values may use
            {date} {year} {camera} {file} … (made for each photo), {job} (at ingest: apolo ingest --template NAME
            --job JOB) and \\codes\\ (APOLO_HOME/codes.txt).
            """),
        subcommands: [
            TemplateNewCLI.self, TemplateEditCLI.self, TemplateShowCLI.self, TemplateListCLI.self,
            TemplateApplyCommand.self
        ])
}

/// The fields of `template new` and `template edit`.
struct TemplateFields: ParsableArguments {
    @Option(
        name: .customLong("field"),
        help: ArgumentHelp(
            "A field: NAME=TEXT (e.g. creator=Ana Pérez); "
                + "an empty TEXT removes it.", valueName: "NAME=TEXT")) var fields: [String] = []
    @Option(help: "Keywords, joined by commas (replaces the template's).") var keywords: String?

    func validate() throws {
        for field in fields where field.firstIndex(of: "=").map({ MetaField(name: String(field[..<$0])) }) == nil {
            let names = MetaField.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--field takes NAME=TEXT with NAME one of: \(names) (not '\(field)')")
        }
    }

    func apply(to template: inout MetaTemplate) throws {
        for field in fields {
            guard let equals = field.firstIndex(of: "="), let name = MetaField(name: String(field[..<equals])) else {
                continue
            }
            let value = String(field[field.index(after: equals)...])
            try MetaText.check(value)
            let text = try name.check(value)
            template.fields[name] = text.isEmpty ? nil : text
        }
        if let keywords {
            template.keywords = try keywords.split(separator: ",").map { try Names.tag(String($0)) }
        }
    }
}

struct TemplateNewCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "new", abstract: "Make a metadata template.")
    @Argument(help: "Its name.") var name: String
    @OptionGroup var values: TemplateFields

    func run() throws {
        let home = Context.store.home
        if MetaTemplate.names(home).contains(try MetaTemplate.checked(name)) {
            throw CoreError(.conflict, "a template named '\(name)' exists; change it with: apolo template edit \(name)")
        }
        var template = MetaTemplate()
        try values.apply(to: &template)
        try template.save(name, home: home)
        Output.line("made template '\(name)': \(TemplateShowCLI.summary(template))")
    }
}

struct TemplateEditCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a metadata template's fields.")
    @Argument(help: "Its name.") var name: String
    @OptionGroup var values: TemplateFields

    func run() throws {
        var template = try MetaTemplate.load(name, home: Context.store.home)
        guard !values.fields.isEmpty || values.keywords != nil else {
            throw ValidationError(
                "name what to change: --field NAME=TEXT or --keywords (or edit "
                    + "\(MetaTemplate.folder(Context.store.home))/\(name).json by hand)")
        }
        try values.apply(to: &template)
        try template.save(name, home: Context.store.home)
        Output.line("changed template '\(name)': \(TemplateShowCLI.summary(template))")
    }
}

struct TemplateShowCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a metadata template.")
    @Argument(help: "Its name.") var name: String
    @Flag(help: "Print JSON: {FIELD: TEXT, …, keywords: [..]}.") var json = false

    func run() throws {
        let template = try MetaTemplate.load(name, home: Context.store.home)
        if json {
            var object: [String: [String]] = [:]
            for (field, text) in template.fields { object[field.rawValue] = [text] }
            object["keywords"] = template.keywords
            return try Output.json(object)
        }
        for field in MetaField.allCases {
            if let text = template.fields[field] { Output.line("\(field.words): \(text)") }
        }
        if !template.keywords.isEmpty { Output.line("keywords: " + template.keywords.joined(separator: ", ")) }
    }

    static func summary(_ template: MetaTemplate) -> String {
        let fields = MetaField.allCases.filter { template.fields[$0] != nil }.map(\.words)
        let all =
            fields
            + (template.keywords.isEmpty
                ? []
                : [
                    template.keywords.count == 1
                        ? "1 keyword"
                        : "\(template.keywords.count) keywords"
                ])
        return all.isEmpty ? "no fields yet" : all.joined(separator: ", ")
    }
}

struct TemplateListCLI: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List metadata templates.")
    @Flag(help: "Print JSON: [name].") var json = false

    func run() throws {
        let names = MetaTemplate.names(Context.store.home)
        if json { return try Output.json(names) }
        if names.isEmpty { return Output.line("no templates yet (apolo template new NAME --field creator=…)") }
        for name in names { Output.line(name) }
    }
}
