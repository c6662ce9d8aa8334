import ApoloCore
import ApoloEngine
import Hummingbird

/// What the caption panel reads: the photographer's codes (to show a caption as it will read while it is typed)
/// and the metadata templates' names. Applying goes through `/api/run` like every change.
extension LightTable {
    func captionHelp() throws -> Response {
        let home = engine.store.home
        let codes = Codes.load(home)
        var json = JSONWriter()
        json.object { json in
            json.key("codes")
            json.object { json in
                for (code, text) in codes.sorted(by: { $0.key < $1.key }) {
                    json.key(code)
                    json.string(text)
                }
            }
            json.key("templates")
            json.strings(MetaTemplate.names(home))
            json.key("fields")
            json.strings(MetaField.allCases.map(\.rawValue))
        }
        return Self.json(bytes: json.bytes)
    }
}
