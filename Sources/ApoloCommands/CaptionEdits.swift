import ApoloCore
import ArgumentParser
import Foundation

/// `apolo caption set REF --title … --caption …`.
public struct CaptionSetCommand: EditWrapper {
    public static let configuration = CommandConfiguration(
        commandName: "set", abstract: MetaSet.spec.summary,
        discussion: """
            Fields: \(MetaField.allCases.map(\.rawValue).joined(separator: ", ")).
            Variables, made for each photo: {date} {time} {year} {month} {day} {hour} {minute} {second} {camera}
            {make} {lens} {file} {name} {number}. Codes: \\code\\ is replaced from the codes file (APOLO_HOME/codes.txt,
            one "code<TAB>replacement" a line, as Photo Mechanic's). Keywords are tags (apolo tag add).
            \(Registry.examplesText(MetaSet.self))
            """)
    @Argument(help: "The photos: PLACE:N, a range like best:2-5, several joined by commas, an id prefix or a file name.")
    var ref: String
    @Option(help: "The title (dc:title, IPTC Object Name).") var title: String?
    @Option(help: "The headline (photoshop:Headline).") var headline: String?
    @Option(help: "The caption (dc:description, IPTC Caption/Abstract).") var caption: String?
    @Option(name: .customLong("field"), help: ArgumentHelp("Any IPTC field: NAME=TEXT (e.g. city=Lisbon).",
                                                           valueName: "NAME=TEXT"))
    var fields: [String] = []

    /// The photographer's codes, as the front end running the edit finds them (empty until one sets it).
    public static let codes = CodeSource()

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
        return MetaSet(ref, values, codes: Self.codes.current())
    }
}

/// Where `caption set` finds the photographer's codes: told once by the front end (the CLI and the light table
/// read `APOLO_HOME/codes.txt`).
public final class CodeSource: @unchecked Sendable {
    private let lock = NSLock()
    private var load: @Sendable () -> [String: String] = { [:] }

    public func use(_ load: @escaping @Sendable () -> [String: String]) {
        lock.lock()
        self.load = load
        lock.unlock()
    }

    public func current() -> [String: String] {
        lock.lock()
        let load = self.load
        lock.unlock()
        return load()
    }
}
