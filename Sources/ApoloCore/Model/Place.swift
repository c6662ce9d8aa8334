/// Where a slide can sit.
public enum Place: Equatable, Hashable, Sendable, CustomStringConvertible {
    case table
    case discarded
    case shelf(String)
    case album(String)

    public var name: String {
        switch self {
        case .table: return "table"
        case .discarded: return "discarded"
        case .shelf(let name), .album(let name): return name
        }
    }

    public var description: String { name }
}

/// One slide: a place and a 1-based position in it.
public struct SlideLocation: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var place: Place
    public var position: Int

    public init(_ place: Place, _ position: Int) {
        self.place = place
        self.position = position
    }

    public var description: String { "\(place.name):\(position)" }
}

extension Project {
    /// The place with this name: `table`, `discarded`, a shelf or an album.
    public func place(named name: String) -> Place? {
        switch name.foldKey {
        case "table": return .table
        case "discarded": return .discarded
        default:
            if let i = shelfIndex(name) { return .shelf(shelves[i].name) }
            if let i = albumIndex(name) { return .album(albums[i].name) }
            return nil
        }
    }

    /// The photo ids of a place, in its order.
    public func slides(of place: Place) -> [PhotoID] {
        switch place {
        case .table: return photos.tableOrder(discarded: false, excluding: placedIDs)
        case .discarded: return photos.tableOrder(discarded: true)
        case .shelf(let name): return shelfIndex(name).map { shelves[$0].slides } ?? []
        case .album(let name): return albumIndex(name).map { albums[$0].slides } ?? []
        }
    }

    /// How many slides a place holds (counted without ordering the table).
    public func slideCount(of place: Place) -> Int {
        switch place {
        case .table: return photos.count(discarded: false, excluding: placedIDs)
        case .discarded: return photos.count(discarded: true)
        case .shelf, .album: return slides(of: place).count
        }
    }

    /// Every slide showing this photo: shelves, then albums, then table or discarded.
    public func locations(of id: PhotoID) -> [SlideLocation] {
        var found: [SlideLocation] = []
        for row in shelves {
            for (i, slide) in row.slides.enumerated() where slide == id {
                found.append(SlideLocation(.shelf(row.name), i + 1))
            }
        }
        for row in albums {
            for (i, slide) in row.slides.enumerated() where slide == id {
                found.append(SlideLocation(.album(row.name), i + 1))
            }
        }
        if found.isEmpty, let discarded = photos.isDiscarded(id) {
            let position = photos.tablePosition(of: id, discarded: discarded, excluding: discarded ? [] : placedIDs)
            if let position { found.append(SlideLocation(discarded ? .discarded : .table, position)) }
        }
        return found
    }
}
