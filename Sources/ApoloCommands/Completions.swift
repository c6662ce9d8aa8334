import ApoloCore
import ApoloStore
import ArgumentParser
import Foundation

/// Shell completion of names from the open project (and of project names), for ArgumentParser's scripts.
public enum Completions {
    public static let shelves = CompletionKind.custom { _, _, prefix in matching(prefix) { $0.shelves.map(\.name) } }
    public static let albums = CompletionKind.custom { _, _, prefix in matching(prefix) { $0.albums.map(\.name) } }
    public static let places = CompletionKind.custom { _, _, prefix in
        matching(prefix) { ["table"] + $0.shelves.map(\.name) }
    }
    public static let projects = CompletionKind.custom { _, _, prefix in store.names().filter { $0.hasPrefix(prefix) } }

    /// The store of APOLO_HOME, read without a lock (saves are atomic renames).
    private static var store: ProjectStore {
        ProjectStore(home: Home(environment: ProcessInfo.processInfo.environment))
    }

    private static func matching(_ prefix: String, _ pick: (Project) -> [String]) -> [String] {
        let names = try? store.load(try store.requireCurrent())
        return (names.map(pick) ?? []).filter { $0.hasPrefix(prefix) }
    }
}
