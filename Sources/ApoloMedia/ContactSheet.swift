import Foundation
import ApoloCore
import CVipsShim

/// A contact sheet: the light table drawn as rows of slide frames on a dark, backlit background.
/// Each place (table, shelf, album) gets a title and lines of up to `columns` frames; each frame shows
/// the upright thumbnail, the slide's position and its stars.
public struct ContactSheet {
    /// One place to draw.
    public struct Row {
        public let title: String
        public let kind: String
        public let slides: [(position: Int, photo: Photo)]

        public init(title: String, kind: String, slides: [(position: Int, photo: Photo)]) {
            self.title = title
            self.kind = kind
            self.slides = slides
        }
    }

    public var columns = 6
    public let thumbnails: ThumbnailStore
    static let background = Colour(18, 18, 20), frame = Colour(38, 38, 42), light = Colour(236, 236, 236)
    static let cell = ThumbnailStore.size, pad = 14, gap = 20, caption = 34
    static let font = "DejaVu Sans"

    public init(thumbnails: ThumbnailStore) { self.thumbnails = thumbnails }

    /// The tallest page: a long sheet is split into pages, so memory stays bounded whatever the number of slides.
    public var maxPageHeight = 3000

    /// One written page.
    public struct Page: Sendable {
        public let path: String
        public let width: Int
        public let height: Int
    }

    /// What goes on a page, top to bottom.
    enum Piece {
        case heading(row: Int, continued: Bool)
        case empty
        case line(row: Int, start: Int)
    }

    /// Draws the rows into as many pages as they need and saves them as PNG: `path` for one page,
    /// `STEM-1.png`, `STEM-2.png` … for several. Only one page is in memory at a time.
    public func render(_ rows: [Row], title: String, to path: String) throws(MediaError) -> [Page] {
        try Vips.start()
        apolo_vips_cache_limit(20)  // each thumbnail is drawn once: a deep cache would only hold memory
        let width = Self.gap + columns * (Self.cell + 2 * Self.pad + Self.gap)
        let pages = paginate(rows)
        let stem = path.lowercased().hasSuffix(".png") ? String(path.dropLast(4)) : path
        var written: [Page] = []
        for (number, pieces) in pages.enumerated() {
            let page =
                pages.count == 1 ? "" : "  <span foreground=\"#8a8a8a\">page \(number + 1) of \(pages.count)</span>"
            var parts: [Vips.Image] = [try heading("<b>\(escape(title))</b>\(page)", width: width, size: 30)]
            for piece in pieces {
                switch piece {
                case .heading(let r, let continued):
                    let count =
                        "\(rows[r].slides.count) slide\(rows[r].slides.count == 1 ? "" : "s")"
                        + (continued ? ", continued" : "")
                    parts.append(
                        try heading(
                            """
                            <b>\(escape(rows[r].title))</b>  <span foreground=\"#8a8a8a\">\(rows[r].kind) · \
                            \(count)</span>
                            """,
                            width: width, size: 21))
                case .empty:
                    parts.append(
                        try heading(
                            "<span foreground=\"#6a6a6a\">(empty)</span>",
                            width: width, size: 16))
                case .line(let r, let start):
                    parts.append(
                        try line(
                            Array(
                                rows[r].slides[
                                    start..<min(
                                        start + columns,
                                        rows[r].slides.count)]), width: width))
                }
            }
            parts.append(try Vips.tile(width, Self.gap, Self.background))
            let sheet = try Self.stack(parts, width: width)
            let file = pages.count == 1 ? path : "\(stem)-\(number + 1).png"
            try sheet.save(file)
            written.append(Page(path: file, width: sheet.width, height: sheet.height))
        }
        return written
    }

    /// The pieces of each page: a place's heading is repeated (as continued) on the page its lines go on to.
    func paginate(_ rows: [Row]) -> [[Piece]] {
        let lineHeight = Self.cell + 2 * Self.pad + Self.caption + Self.gap, headingHeight = 60
        var pages: [[Piece]] = [[]], used = 80
        func add(_ piece: Piece, _ height: Int, row: Int) {
            if used + height > maxPageHeight, !(pages[pages.count - 1].isEmpty) {
                pages.append([])
                used = 80
                if case .line = piece {
                    pages[pages.count - 1].append(.heading(row: row, continued: true)); used += headingHeight
                }
            }
            pages[pages.count - 1].append(piece)
            used += height
        }
        for (r, row) in rows.enumerated() {
            add(
                .heading(row: r, continued: false), headingHeight + lineHeight,
                row: r)  // never a heading alone at a page's foot
            used -= lineHeight
            if row.slides.isEmpty { add(.empty, 40, row: r) }
            for start in stride(from: 0, to: row.slides.count, by: columns) {
                add(.line(row: r, start: start), lineHeight, row: r)
            }
        }
        return pages
    }

    /// Parts placed top to bottom at their own heights, in bands of 64 so vips pipelines stay shallow.
    static func stack(_ parts: [Vips.Image], width: Int) throws(MediaError) -> Vips.Image {
        if parts.count == 1, let only = parts.first { return only }
        var bands: [Vips.Image] = []
        for start in stride(from: 0, to: parts.count, by: 64) {
            let band = parts[start..<min(start + 64, parts.count)]
            var canvas = try Vips.tile(width, band.reduce(0) { $0 + $1.height }, background)
            var y = 0
            for part in band {
                canvas = try Vips.insert(part, into: canvas, x: 0, y: y)
                y += part.height
            }
            bands.append(canvas)
        }
        return bands.count == 1 ? bands[0] : try stack(bands, width: width)
    }

    private func heading(_ markup: String, width: Int, size: Int) throws(MediaError) -> Vips.Image {
        let text = try Vips.markup(
            "<span foreground=\"#ececec\">\(markup)</span>",
            font: "\(Self.font) \(size)", paper: Self.background)
        let tile = try Vips.tile(width, text.height + Self.gap, Self.background)
        return try Vips.insert(text, into: tile, x: Self.gap, y: Self.gap)
    }

    private func line(_ slides: [(position: Int, photo: Photo)], width: Int) throws(MediaError) -> Vips.Image {
        let frameWidth = Self.cell + 2 * Self.pad, frameHeight = Self.cell + 2 * Self.pad + Self.caption
        var canvas = try Vips.tile(width, frameHeight + Self.gap, Self.background)
        for (i, slide) in slides.enumerated() {
            let frame = try self.frame(slide.position, slide.photo, frameWidth, frameHeight)
            canvas = try Vips.insert(frame, into: canvas, x: Self.gap + i * (frameWidth + Self.gap), y: Self.gap)
        }
        return canvas
    }

    /// A slide mount: the thumbnail centred in its square, position and stars beneath.
    private func frame(_ position: Int, _ photo: Photo, _ w: Int, _ h: Int) throws(MediaError) -> Vips.Image {
        var frame = try Vips.tile(w, h, Self.frame)
        if let thumb = try? thumbnail(photo) {
            frame = try Vips.insert(
                thumb, into: frame, x: Self.pad + (Self.cell - thumb.width) / 2,
                y: Self.pad + (Self.cell - thumb.height) / 2)
            if POSIX.regularProblem(photo.path) != nil {  // drawn from the cache, but the original is gone
                let badge = try Vips.markup(
                    "<span foreground=\"#ff6b6b\"><b> original missing </b></span>",
                    font: "\(Self.font) 14", paper: Colour(20, 20, 22))
                frame = try Vips.insert(
                    badge, into: frame, x: (w - badge.width) / 2,
                    y: Self.pad + Self.cell - badge.height - 4)
            }
        } else {
            let why = POSIX.regularProblem(photo.path) == nil ? "cannot decode" : "original missing"
            let missing = try Vips.markup(
                "<span foreground=\"#777777\">\(why)</span>", font: "\(Self.font) 15",
                paper: Self.frame)
            frame = try Vips.insert(missing, into: frame, x: (w - missing.width) / 2, y: Self.pad + Self.cell / 2)
        }
        let stars = String(repeating: "★", count: photo.rating), blank = String(repeating: "☆", count: 5 - photo.rating)
        let caption =
            """
            <span foreground=\"#d8d8d8\"><b>\(position)</b></span>   <span \
            foreground=\"#f3c14b\">\(stars)</span><span foreground=\"#5a5a5a\">\(blank)</span>
            """
        let label = try Vips.markup(caption, font: "\(Self.font) 17", paper: Self.frame)
        return try Vips.insert(
            label, into: frame, x: Self.pad,
            y: Self.pad + Self.cell + (Self.caption - label.height) / 2 + 2)
    }

    private func thumbnail(_ photo: Photo) throws(MediaError) -> Vips.Image {
        let bytes = try thumbnails.picture(of: photo.path, id: photo.id)
        return try Vips.make { out in
            bytes.withUnsafeBytes {
                apolo_vips_thumbnail_buffer(
                    $0.baseAddress, $0.count, Int32(Self.cell),
                    Int32(Self.cell), 1, out)
            }
        }
    }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
            of: "<",
            with: "&lt;"
        ).replacingOccurrences(of: ">", with: "&gt;")
    }
}
