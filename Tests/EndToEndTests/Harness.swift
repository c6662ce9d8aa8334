import ApoloFixtures
import Foundation
import Testing

/// What one run of the binary printed and returned.
struct Run: CustomStringConvertible {
    let out: String
    let err: String
    let code: Int32

    var description: String { "exit \(code)\nstdout:\n\(out)\nstderr:\n\(err)" }
    var errLines: [String] { err.split(separator: "\n").map(String.init) }
}

/// The built `apolo` binary, next to the test bundle (or in .build/debug when run otherwise).
enum Binary {
    static let path: String = {
        let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [
            bundleFolder.appendingPathComponent("apolo").path,
            bundleFolder.deletingLastPathComponent().appendingPathComponent("apolo").path,
            packageRoot.appendingPathComponent(".build/debug/apolo").path
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[2]
    }()
}

/// The generated sample photos, made once per test process (named by its pid) and only ever read.
/// Folders left by earlier test processes that have ended are removed first.
enum Samples {
    static let folder: String = {
        let temp = FileManager.default.temporaryDirectory
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temp.path)) ?? []
        where name.hasPrefix("apolo-e2e-samples-") {
            if let pid = Int32(name.dropFirst("apolo-e2e-samples-".count)), kill(pid, 0) != 0 {
                try? FileManager.default.removeItem(atPath: temp.appendingPathComponent(name).path)
            }
        }
        let folder = temp.appendingPathComponent("apolo-e2e-samples-\(getpid())").path
        do { _ = try SampleSet.write(to: folder) } catch {
            fatalError("the end-to-end tests cannot write their sample photos to \(folder): \(error)")
        }
        return folder
    }()

    static var lisbon: String { folder + "/lisbon" }
    static var broken: String { folder + "/broken" }
}

/// A temp folder with its own APOLO_HOME, and a way to run apolo in it; removed when the test lets go of it.
final class Sandbox: @unchecked Sendable {
    let root: String

    init() {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("apolo-e2e-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    /// A new sandbox holding a copy of another one's home (projects, history, cache).
    convenience init(copying other: Sandbox) throws {
        self.init()
        try FileManager.default.copyItem(atPath: other.home, toPath: home)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    var home: String { root + "/home" }

    func document(_ project: String) -> [UInt8] {
        FileManager.default.contents(atPath: home + "/projects/\(project).json").map(Array.init) ?? []
    }

    @discardableResult
    func apolo(_ arguments: String...) -> Run { run(arguments) }

    /// Extra environment for every run (e.g. PATH with the example plugins).
    var environment: [String: String] = [:]

    /// The face finder's unpacked models, shared by every sandbox of the run (made once, not once a test).
    static let models = FileManager.default.temporaryDirectory.appendingPathComponent("apolo-e2e-models").path

    func run(_ arguments: [String], stdin: String? = nil) -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binary.path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        process.environment = [
            "APOLO_HOME": home, "HOME": root, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "APOLO_LOCK_TIMEOUT": "60",
            "APOLO_MODEL_CACHE": Self.models
        ]
        .merging(environment) { _, new in new }
        let id = UUID().uuidString
        let outPath = root + "/.out-\(id)", errPath = root + "/.err-\(id)"
        FileManager.default.createFile(atPath: outPath, contents: nil)
        FileManager.default.createFile(atPath: errPath, contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: outPath)
            try? FileManager.default.removeItem(atPath: errPath)
        }
        process.standardOutput = FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        let input = Pipe()
        process.standardInput = input
        do { try process.run() } catch {
            return Run(out: "", err: "could not start \(Binary.path): \(error)", code: -1)
        }
        if let stdin {
            signal(SIGPIPE, SIG_IGN)
            try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
        }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        let read = { (path: String) in
            String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
        }
        return Run(out: read(outPath), err: read(errPath), code: process.terminationStatus)
    }

    /// Runs a command line split at spaces.
    @discardableResult
    func line(_ text: String) -> Run { run(text.split(separator: " ").map(String.init)) }

    /// A project "trip" with the Lisbon samples imported.
    func tripWithPhotos() -> Sandbox {
        apolo("project", "new", "trip")
        apolo("import", Samples.lisbon)
        return self
    }
}

/// Bytes, modification time and permissions of every file under a folder.
func snapshot(_ folder: String) -> [String: (Data, Date)] {
    var result: [String: (Data, Date)] = [:]
    let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
    for file in files {
        let path = folder + "/" + file
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let data = FileManager.default.contents(atPath: path),
            let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let date = attributes[.modificationDate] as? Date
        else { continue }
        let permissions = (attributes[.posixPermissions] as? Int).map { String($0, radix: 8) } ?? "?"
        result[file + " mode " + permissions] = (data, date)
    }
    return result
}

func sameFiles(_ a: [String: (Data, Date)], _ b: [String: (Data, Date)]) -> Bool {
    a.count == b.count && a.allSatisfy { key, value in b[key].map { $0.0 == value.0 && $0.1 == value.1 } ?? false }
}

func json(_ text: String) -> Any? { try? JSONSerialization.jsonObject(with: Data(text.utf8)) }

/// The package's root folder (for examples/plugins).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// What a tool installed by `make test` (ExifTool, exiv2) prints (its errors too when `errors`), or nil when it is
/// not installed.
func tool(_ path: String, _ arguments: [String], errors: Bool = false) -> String? {
    guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = errors ? out : FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}
