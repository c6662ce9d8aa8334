import CApoloWeb

extension Assets {
    /// Each file of the page: the path it is served at, its bytes, its type. The bytes are embedded by
    /// `Sources/CApoloWeb/web.c`, which `scripts/assets.py` writes from the files of `Web/`.
    static let list: [(path: String, bytes: [UInt8], type: String)] = (0..<apolo_web_file_count()).compactMap {
        guard let file = apolo_web_file_at($0)?.pointee, let path = file.path, let type = file.type else { return nil }
        return (
            String(cString: path), Array(UnsafeBufferPointer(start: file.bytes, count: file.size)),
            String(cString: type)
        )
    }
}
