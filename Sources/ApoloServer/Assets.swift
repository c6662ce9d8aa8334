import HTTPTypes
import Hummingbird

/// The page's files (`Web/`: HTML, CSS, ES modules, icon), embedded into the binary at build time by SwiftPM, so
/// an installed `apolo` is one self-contained file. They hold no project data and are served without the token.
enum Assets {
    /// Each file by the path it is served at.
    static let files: [String: (bytes: [UInt8], type: String)] = [
        "/": (PackageResources.index_html, "text/html; charset=utf-8"),
        "/app.css": (PackageResources.app_css, "text/css; charset=utf-8"),
        "/frames.css": (PackageResources.frames_css, "text/css; charset=utf-8"),
        "/views.css": (PackageResources.views_css, "text/css; charset=utf-8"),
        "/favicon.svg": (PackageResources.favicon_svg, "image/svg+xml"),
        "/review.html": (PackageResources.review_html, "text/html; charset=utf-8"),
        "/review.css": (PackageResources.review_css, "text/css; charset=utf-8")
    ].merging(modules.map { ("/js/" + $0.0, ($0.1, "text/javascript; charset=utf-8")) }) { $1 }

    /// The page's ES modules (`Web/js/NAME.js`), by file name.
    static let modules: [(String, [UInt8])] = [
        ("main.js", PackageResources.main_js), ("state.js", PackageResources.state_js),
        ("table.js", PackageResources.table_js), ("drag.js", PackageResources.drag_js),
        ("panels.js", PackageResources.panels_js), ("views.js", PackageResources.views_js),
        ("keys.js", PackageResources.keys_js), ("queue.js", PackageResources.queue_js),
        ("changes.js", PackageResources.changes_js), ("grid.js", PackageResources.grid_js),
        ("size.js", PackageResources.size_js), ("keymap.js", PackageResources.keymap_js),
        ("messages.js", PackageResources.messages_js), ("i18n.js", PackageResources.i18n_js),
        ("navigate.js", PackageResources.navigate_js), ("actions.js", PackageResources.actions_js),
        ("loupe.js", PackageResources.loupe_js), ("frames.js", PackageResources.frames_js),
        ("words.js", PackageResources.words_js), ("view.js", PackageResources.view_js),
        ("viewfilter.js", PackageResources.viewfilter_js), ("gesture.js", PackageResources.gesture_js),
        ("stacks.js", PackageResources.stacks_js), ("overlay.js", PackageResources.overlay_js),
        ("stackview.js", PackageResources.stackview_js), ("smallfaces.js", PackageResources.smallfaces_js),
        ("zoom.js", PackageResources.zoom_js), ("facestrip.js", PackageResources.facestrip_js),
        ("facewindows.js", PackageResources.facewindows_js), ("loupetools.js", PackageResources.loupetools_js),
        ("filterpanel.js", PackageResources.filterpanel_js),
        ("compare.js", PackageResources.compare_js),
        ("ask.js", PackageResources.ask_js), ("filterwords.js", PackageResources.filterwords_js),
        ("refs.js", PackageResources.refs_js), ("changewords.js", PackageResources.changewords_js),
        ("captiontext.js", PackageResources.captiontext_js), ("captionpanel.js", PackageResources.captionpanel_js),
        ("ingestpanel.js", PackageResources.ingestpanel_js),
        ("review.js", PackageResources.review_js), ("reviewtext.js", PackageResources.reviewtext_js),
        ("reviewloupe.js", PackageResources.reviewloupe_js), ("picksview.js", PackageResources.picksview_js),
        ("me.js", PackageResources.me_js), ("comparefaces.js", PackageResources.comparefaces_js),
        ("tagsview.js", PackageResources.tagsview_js), ("tagkeys.js", PackageResources.tagkeys_js),
        ("api.js", PackageResources.api_js)
    ]

    /// The file at `path` as a response, or nil.
    static func response(_ path: String) -> Response? {
        guard let file = files[path] else { return nil }
        var headers = HTTPFields()
        headers[.contentType] = file.type
        headers[.cacheControl] = "no-cache"
        headers[.xContentTypeOptions] = "nosniff"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }
}
