import ApoloCore
import ArgumentParser

/// Shell completion of names from the open project (and of project names), for ArgumentParser's scripts.
enum Completions {
    static let shelves = CompletionKind.custom { _, _, prefix in matching(prefix) { $0.shelves.map(\.name) } }
    static let albums = CompletionKind.custom { _, _, prefix in matching(prefix) { $0.albums.map(\.name) } }
    static let places = CompletionKind.custom { _, _, prefix in matching(prefix) { ["table"] + $0.shelves.map(\.name) } }
    static let projects = CompletionKind.custom { _, _, prefix in Context.store.names().filter { $0.hasPrefix(prefix) } }

    private static func matching(_ prefix: String, _ pick: (Project) -> [String]) -> [String] {
        ((try? Runner.read(pick)) ?? []).filter { $0.hasPrefix(prefix) }
    }
}
