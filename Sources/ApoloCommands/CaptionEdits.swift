import ApoloCore
import ApoloEngine
import ApoloStore
import ArgumentParser
import Foundation

/// `apolo caption set REF --title … --caption …`.
public struct CaptionSetCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "set", abstract: MetaSet.spec.summary,
        discussion: prose(
            """
            Fields: \(MetaField.allCases.map(\.rawValue).joined(separator: ", ")).
            Variables, made for each photo: {date} {time} {year} {month} {day} {hour} {minute} {second} {camera}
            {make} {lens} {file} {name} {number}. Codes: \\code\\ is replaced from the codes file (APOLO_HOME/codes.txt,
            one "code<TAB>replacement" a line, as Photo Mechanic's). Keywords are tags (apolo tag add).
            \(Registry.examplesText(MetaSet.self))
            """))
    @Argument(help: ArgumentHelp(CaptionSetCommand.photos))
    var ref: String
    @Option(help: "The title (dc:title, IPTC Object Name).") var title: String?
    @Option(help: "The headline (photoshop:Headline).") var headline: String?
    @Option(help: "The caption (dc:description, IPTC Caption/Abstract).") var caption: String?
    @Option(
        name: .customLong("field"),
        help: ArgumentHelp(
            "Any IPTC field: NAME=TEXT (e.g. city=Lisbon).",
            valueName: "NAME=TEXT"))
    var fields: [String] = []

    static let photos =
        "The photos: PLACE:N, a range like best:2-5, several joined by commas, an id prefix or a "
        + "file name."

    public init() {}

    public func validate() throws {
        for field in fields {
            guard let equals = field.firstIndex(of: "="), MetaField(name: String(field[..<equals])) != nil else {
                let names = MetaField.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("--field takes NAME=TEXT with NAME one of: \(names) (not '\(field)')")
            }
        }
    }

    public func edit() throws -> any Edit {
        var values: [(MetaField, String)] = []
        if let title { values.append((.title, title)) }
        if let headline { values.append((.headline, headline)) }
        if let caption { values.append((.caption, caption)) }
        for field in fields {
            guard let equals = field.firstIndex(of: "="), let name = MetaField(name: String(field[..<equals])) else {
                continue
            }
            values.append((name, String(field[field.index(after: equals)...])))
        }
        return MetaSet(ref, values, codes: EditCommands.home.current().map(Codes.load) ?? [:])
    }
}

/// `apolo template apply NAME REF`: a metadata template's fields and keywords on photos (one step).
public struct TemplateApplyCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "apply", abstract: "Apply a metadata template (apolo template new) to photos.")
    @Argument(help: "The template's name.") var name: String
    @Argument(help: ArgumentHelp(CaptionSetCommand.photos))
    var ref: String

    public init() {}

    public func edit() throws -> any Edit {
        guard let home = EditCommands.home.current() else { throw CoreError(.notFound, "apolo's home is unknown") }
        return try MetaTemplate.load(name, home: home).edit(ref, codes: Codes.load(home))
    }
}

/// Where edits that read the photographer's files (codes, templates) find apolo's home: told once by the front
/// end (the CLI and the light table).
public final class HomeSource: @unchecked Sendable {
    private let lock = NSLock()
    private var home: Home?

    public func use(_ home: Home) {
        lock.lock()
        self.home = home
        lock.unlock()
    }

    public func current() -> Home? {
        lock.lock()
        defer { lock.unlock() }
        return home
    }
}
