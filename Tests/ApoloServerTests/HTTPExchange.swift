import Foundation
import HTTPTypes

/// An HTTP/1.1 response as the server wrote it on a connection that it then closed: what the tests' `Sender` reads
/// back. A plain parser over the bytes, so that the server tests need no HTTP client package.
struct HTTPExchange {
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    var status: HTTPResponse.Status
    var fields: HTTPFields
    var body: [UInt8]

    /// The response in `bytes`: its status line, its header fields, and its body (de-chunked when the server sent it
    /// in chunks, cut at Content-Length when it gave one).
    static func parse(_ bytes: [UInt8]) throws -> HTTPExchange {
        let end = Array("\r\n\r\n".utf8)
        guard let cut = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == end }) else {
            throw Malformed(description: "no end of head in \(bytes.count) bytes")
        }
        let lines = String(decoding: bytes[..<cut], as: UTF8.self).components(separatedBy: "\r\n")
        let words = lines[0].split(separator: " ", maxSplits: 2)
        guard words.count >= 2, words[0].hasPrefix("HTTP/1."), let code = Int(words[1]) else {
            throw Malformed(description: "status line \(lines[0])")
        }
        var fields = HTTPFields()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), let name = HTTPField.Name(String(line[..<colon])) else {
                throw Malformed(description: "header line \(line)")
            }
            fields.append(
                HTTPField(name: name, value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        var body = Array(bytes[(cut + 4)...])
        if fields[.transferEncoding]?.lowercased() == "chunked" {
            body = try dechunked(body)
        } else if let length = fields[.contentLength].flatMap(Int.init), length <= body.count {
            body = Array(body[..<length])
        }
        return HTTPExchange(status: HTTPResponse.Status(code: code), fields: fields, body: body)
    }

    /// A chunked body's bytes joined: each chunk is its size in hex, CRLF, the bytes, CRLF; a size of 0 ends it.
    static func dechunked(_ bytes: [UInt8]) throws -> [UInt8] {
        var out: [UInt8] = [], at = 0
        while at < bytes.count {
            guard let lineEnd = (at..<max(at, bytes.count - 1)).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 })
            else { throw Malformed(description: "a chunk's size line is not ended") }
            let sizeText = String(decoding: bytes[at..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else {
                throw Malformed(description: "chunk size \(sizeText)")
            }
            if size == 0 { return out }
            let start = lineEnd + 2
            guard start + size <= bytes.count else { throw Malformed(description: "a chunk is cut short") }
            out += bytes[start..<(start + size)]
            at = start + size + 2
        }
        throw Malformed(description: "no last chunk")
    }
}
