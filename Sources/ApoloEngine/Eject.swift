import Foundation

/// `apolo ingest --eject`: unmounts each card through udisks (`udisksctl`, as a desktop's file manager does), once
/// every copy is verified. Says why when it cannot: not a card (the system's own disk), no udisks.
enum Eject {
    /// One sentence per card. A disk that holds a destination too is never ejected.
    static func cards(_ sources: [String], keeping destinations: [String]) -> [String] {
        let mounts = mountTable()
        var seen: Set<String> = []
        var said: [String] = []
        for source in sources {
            let real = Eject.resolved(source) ?? source
            let holding = mounts.filter { Engine.inside(real, $0.point) }
            guard let mount = holding.max(by: { $0.point.count < $1.point.count }) else { continue }
            guard seen.insert(mount.point).inserted else { continue }
            if destinations.contains(where: { Engine.inside($0, mount.point) }) {
                said.append("not ejected: \(source) is on the disk the copies went to (\(mount.point))")
                continue
            }
            said.append(eject(mount, source: source))
        }
        return said
    }

    private static func eject(_ mount: (point: String, device: String, type: String), source: String) -> String {
        guard mount.point != "/", mount.device.hasPrefix("/dev/") else {
            return "not ejected: \(source) is on \(mount.point) (\(mount.type)), not a card of its own"
        }
        guard let udisks = ["/usr/bin/udisksctl", "/bin/udisksctl"].first(where: FileManager.default.isExecutableFile)
        else {
            return "not ejected: udisksctl is not installed (apt install udisks2); unmount it with: "
                + "umount \(mount.point)"
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: udisks)
        process.arguments = ["unmount", "--no-user-interaction", "-b", mount.device]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { return "not ejected: \(udisks) did not start (\(error))" }
        process.waitUntilExit()
        if process.terminationStatus == 0 { return "ejected \(mount.device) (\(mount.point)): the card can be removed" }
        let reason = String(decoding: errors.fileHandleForReading.readDataToEndOfFile().prefix(300), as: UTF8.self)
        return "not ejected: udisksctl could not unmount \(mount.device): "
            + reason.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A path with its links resolved, or nil when it does not exist.
    static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// Mount points, devices and types from /proc/self/mountinfo (octal escapes of spaces decoded).
    static func mountTable() -> [(point: String, device: String, type: String)] {
        guard let text = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count >= 10, let dash = fields.firstIndex(of: "-"), dash + 2 < fields.count else { return nil }
            return (unescape(fields[4]), unescape(fields[dash + 2]), String(fields[dash + 1]))
        }
    }

    private static func unescape(_ field: Substring) -> String {
        var out = [UInt8]()
        var bytes = Array(field.utf8)[...]
        while let byte = bytes.popFirst() {
            if byte == 92, bytes.count >= 3,
                let code = UInt8(String(decoding: bytes.prefix(3), as: UTF8.self), radix: 8)
            {
                out.append(code)
                bytes = bytes.dropFirst(3)
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
