import ApoloCommands
import ApoloCore
import ApoloEngine
import ArgumentParser
#if canImport(Glibc)
    import Glibc
#endif

/// The `apolo` command: a photo slide sorter.
struct Apolo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apolo",
        abstract: "A photo slide sorter: import photos, arrange them on shelves, compress albums, export in order.",
        discussion: prose(
            """
            Slides are named as PLACE:N (table:3, best:1), by a photo id prefix (6+ hex digits)
            or by a unique file name.
            Data lives in APOLO_HOME (default: $XDG_DATA_HOME/apolo or ~/.local/share/apolo).
            Exit codes: 0 ok, 1 refused, 2 usage, 3 some files failed, 4 storage problem, 130 interrupted.
            """),
        version: ApoloVersion.text,
        subcommands: [
            ProjectGroup.self, IngestCLI.self, ImportCLI.self, RelinkCLI.self, TableCLI.self, ShelfGroup.self,
            SlideGroup.self,
            RateCommand.self, LabelCommand.self, TagGroup.self, CaptionGroup.self, TemplateGroup.self, TimeGroup.self,
            StackGroup.self, PeopleGroupCLI.self, PersonGroupCLI.self, ShareGroup.self, AnalyzeCLI.self,
            FilterCLI.self, AlbumGroup.self, ExportCLI.self, SheetCLI.self,
            ViewCLI.self, CacheGroup.self, ServeCLI.self, RunCLI.self, UndoCLI.self, RedoCLI.self, HistoryCLI.self,
            CommandsCLI.self
        ]
    )
}

/// The release this build reports.
public enum ApoloVersion {
    public static let text = "0.2.0"
}

/// Entry point: parse, run, and turn every error into one `error:` line and a documented exit code.
public enum ApoloMain {
    /// The arguments as the kernel passed them; bytes that are not UTF-8 survive (see `FileNames`).
    public static var rawArguments: [String] {
        (1..<Int(CommandLine.argc)).compactMap { i in
            CommandLine.unsafeArgv[i].map {
                FileNames.string(
                    UnsafeBufferPointer(
                        start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0)))
            }
        }
    }

    public static func run(_ arguments: [String] = rawArguments) -> Never {
        if let first = arguments.first, Plugins.isCandidate(first) {
            guard let plugin = Plugins.find(first) else {
                Output.error(
                    """
                    '\(first)' is not an apolo command, and no plugin apolo-\(first) is on PATH or in \
                    APOLO_HOME/plugins (see: apolo commands)
                    """
                )
                exit(ExitStatus.usage.rawValue)
            }
            Plugins.exec(plugin, Array(arguments.dropFirst()))
        }
        EditCommands.home.use(Context.store.home)
        do {
            var command = try Apolo.parseAsRoot(ExportCLI.normalized(TimeShiftCommand.protectingDurations(arguments)))
            if let edit = command as? EditWrapper {
                try Runner.edit(edit.edit(), yes: edit.confirmed)
            } else {
                try command.run()
            }
            exit(ExitStatus.success.rawValue)
        } catch let error as PartialFailure {
            if !error.summary.isEmpty { Output.line(error.summary) }
            exit(error.status.rawValue)
        } catch {
            guard let (status, message) = ExitStatus.classify(error) else {
                if [.success, .validationFailure].contains(Apolo.exitCode(for: error)) {
                    parserFailure(error, arguments)
                }
                Output.error(ExitStatus.unexpected(error))
                exit(ExitStatus.storage.rawValue)
            }
            Output.error(message)
            exit(status.rawValue)
        }
    }

    /// Help and version requests print to stdout (exit 0); usage errors become one `error:` line (exit 2).
    private static func parserFailure(_ error: Error, _ arguments: [String]) -> Never {
        if Apolo.exitCode(for: error) == .success {
            print(Apolo.fullMessage(for: error))
            exit(ExitStatus.success.rawValue)
        }
        let message = Apolo.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
        Output.error((message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message) + usageHint(arguments))
        exit(ExitStatus.usage.rawValue)
    }

    /// `(see: apolo slide move --help)`, naming only the words that are real commands.
    private static func usageHint(_ arguments: [String]) -> String {
        let names = Set(
            Registry.all.flatMap { spec in
                let words = spec.name.split(separator: " ").map(String.init)
                return (1...words.count).map { words.prefix($0).joined(separator: " ") }
            })
        var known: [String] = []
        for word in arguments.prefix(2) where names.contains((known + [word]).joined(separator: " ")) {
            known.append(word)
        }
        return " (see: apolo \(known.map { $0 + " " }.joined())--help)"
    }
}
