import ApoloCore
#if canImport(Glibc)
    import Glibc
#endif

extension CardScanner {
    /// Files grouped by folder and name without its last extension (case-insensitive): a RAW+JPEG pair is one
    /// shot, `IMG.JPG.xmp` joins the shot of `IMG.JPG`, `IMG.xmp` that of `IMG`; a lone sidecar is skipped. Two
    /// files whose endings differ only by case (`IMG_1.jpg`, `img_1.jpg`) are two shots, never one name.
    static func group(_ files: [File], source: Int, _ result: inout Result) -> [Shot] {
        var order: [String] = []
        var shots: [String: Shot] = [:]
        var owner: [String: String] = [:]  // a photo's whole name (folder, lowercased) → its shot
        for file in files where file.kind != .sidecar {
            let (folder, name) = folderAndName(file.path)
            let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
            var key = folder + "/" + stem.lowercased()
            let ending = String(name.dropFirst(stem.count))
            while shots[key]?.files.contains(where: { $0.ending.lowercased() == ending.lowercased() }) == true {
                key += "/"
            }
            if shots[key] == nil { order.append(key) }
            shots[key, default: Shot(source: source, stem: stem, files: [])].files.append(file.ending(ending))
            owner[folder + "/" + name.lowercased()] = key
        }
        for file in files where file.kind == .sidecar {
            let (folder, name) = folderAndName(file.path)
            let photo = String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)])
            let key = owner[folder + "/" + photo.lowercased()] ?? folder + "/" + photo.lowercased()
            guard let stem = shots[key]?.stem else {
                result.skipped.append((file.path, "a sidecar without its photo"))
                continue
            }
            shots[key]?.files.append(file.ending(String(name.dropFirst(stem.count))))
        }
        return order.compactMap { shots[$0] }
    }

    /// `size:sha256(first 64 KiB + last 64 KiB)`, and the first 64 bytes.
    static func quickPrint(fd: Int32, size: Int) -> (print: String, head: [UInt8])? {
        let span = 64 << 10
        var bytes = [UInt8](repeating: 0, count: min(size, span) + (size > span ? min(size - span, span) : 0))
        let first = min(size, span)
        let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, first, 0) }
        guard got == first else { return nil }
        if size > span {
            let tail = min(size - span, span)
            let more = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + first, tail, off_t(size - tail)) }
            guard more == tail else { return nil }
        }
        return ("\(size):" + ContentHash.of(bytes), Array(bytes.prefix(64)))
    }
}
