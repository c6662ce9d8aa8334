/// What a user typed to name a slide or photo: `PLACE:N`, an id prefix (6+ hex digits) or a unique file name.
public struct SlideRef: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let text: String

    public init(_ text: String) { self.text = text }

    public var description: String { text }

    /// The `PLACE` and `N` of `PLACE:N`, when the text has that shape.
    var placeAndPosition: (String, Int)? {
        guard let colon = text.lastIndex(of: ":") else { return nil }
        let place = String(text[..<colon])
        let digits = text[text.index(after: colon)...]
        guard !place.isEmpty, !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else {
            return nil
        }
        return (place, Int(digits) ?? Int.max)
    }

    /// The `PLACE`, `A` and `B` of a range `PLACE:A-B`, when the text has that shape.
    var placeAndRange: (String, Int, Int)? {
        guard let colon = text.lastIndex(of: ":") else { return nil }
        let parts = text[text.index(after: colon)...].split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
            return nil
        }
        return (String(text[..<colon]), Int(parts[0]) ?? Int.max, Int(parts[1]) ?? Int.max)
    }
}

/// Where a moved slide goes: `PLACE` (append) or `PLACE:N` (insert before N).
public struct Destination: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let place: String
    public let position: Int?

    public init(_ text: String) {
        if let (place, n) = SlideRef(text).placeAndPosition {
            self.place = place
            self.position = n
        } else {
            self.place = text
            self.position = nil
        }
    }

    public var description: String { position.map { "\(place):\($0)" } ?? place }
}

extension Project {
    /// References with every range `PLACE:A-B` written out as `PLACE:A` … `PLACE:B`, checked against this state
    /// (so positions never shift while a command works through them).
    public func expanded(_ refs: [SlideRef]) throws -> [SlideRef] {
        guard !refs.isEmpty else { throw CoreError(.invalid, "name at least one slide") }
        return try refs.flatMap { ref -> [SlideRef] in
            guard let (name, a, b) = ref.placeAndRange else { return [ref] }
            guard let place = place(named: name) else { throw CoreError.noPlace(name, in: self) }
            guard a >= 1, a <= b else {
                throw CoreError(
                    .invalid, "'\(ref)' is not a range of positions (write PLACE:FIRST-LAST, e.g. table:1-20)")
            }
            let count = slideCount(of: place)
            guard b <= count else {
                throw CoreError(
                    .notFound,
                    "no slide at \(SlideLocation(place, b)): \(place.name) has \(count) slide\(count == 1 ? "" : "s")")
            }
            return (a...b).map { SlideRef("\(name):\($0)") }
        }
    }

    /// Several references joined by commas (`best:1,best:4-6`), unless the whole text names one photo (a file
    /// name with a comma in it).
    public func references(_ text: String) -> [SlideRef] {
        guard text.contains(","), (try? resolvePhoto(SlideRef(text))) == nil else { return [SlideRef(text)] }
        return text.split(separator: ",", omittingEmptySubsequences: false).map { SlideRef(String($0)) }
    }

    /// The photos several references name, each once, in the order named (all resolved against this state).
    public func resolvePhotos(_ refs: [SlideRef]) throws -> [PhotoID] {
        var seen = Set<PhotoID>()
        return try expanded(refs).map(resolvePhoto).filter { seen.insert($0).inserted }
    }

    /// The photo a reference names; any slide of it will do (for rate, tag, show).
    public func resolvePhoto(_ ref: SlideRef) throws -> PhotoID {
        if let (_, id) = try resolvePosition(ref) { return id }
        return try resolveToken(ref.text)
    }

    /// The one slide a reference names; refused when an id or file name shows on several places (for move, swap,
    /// discard).
    public func resolveSlide(_ ref: SlideRef) throws -> SlideLocation {
        if let (location, _) = try resolvePosition(ref) { return location }
        let id = try resolveToken(ref.text)
        let found = locations(of: id)
        guard found.count == 1, let only = found.first else {
            let file = photos[id]?.file ?? id
            let list = found.map(\.description).joined(separator: ", ")
            throw CoreError(
                .ambiguous, "'\(ref)' (\(file)) appears in \(found.count) places (\(list)); name one slide as PLACE:N")
        }
        return only
    }

    /// The photo id at a slide location.
    /// The table and `discarded:` compute their order without making every id (they can hold 50,000).
    public func photoID(at location: SlideLocation) throws -> PhotoID {
        let (count, id): (Int, PhotoID?)
        switch location.place {
        case .table: (count, id) = photos.tableSlot(location.position, discarded: false, excluding: placedIDs)
        case .discarded: (count, id) = photos.tableSlot(location.position, discarded: true)
        case .shelf, .album:
            let ids = slides(of: location.place)
            (count, id) = (ids.count, ids.indices.contains(location.position - 1) ? ids[location.position - 1] : nil)
        }
        guard let id else {
            let has = count == 0 ? "is empty" : "has \(count) slide\(count == 1 ? "" : "s")"
            throw CoreError(.notFound, "no slide at \(location): \(location.place.name) \(has)")
        }
        return id
    }

    /// The slide a `PLACE:N` reference names, with its photo; nil when the reference is not of that form.
    private func resolvePosition(_ ref: SlideRef) throws -> (SlideLocation, PhotoID)? {
        guard let (name, n) = ref.placeAndPosition else { return nil }
        guard let place = place(named: name) else {
            if (try? resolveToken(ref.text)) != nil { return nil }
            throw CoreError.noPlace(name, in: self)
        }
        let location = SlideLocation(place, n)
        return (location, try photoID(at: location))
    }

    /// An id prefix of 6+ hex digits or a file name, resolved to one photo.
    private func resolveToken(_ token: String) throws -> PhotoID {
        let lower = token.lowercased()
        if lower.count >= 6, lower.allSatisfy(\.isHexDigit) {
            let matches = photos.keys(withPrefix: lower)
            if matches.count == 1, let id = matches.first { return id }
            if matches.count > 1 {
                throw CoreError(.ambiguous, "id prefix '\(token)' matches \(matches.count) photos; type more digits")
            }
        }
        let named = photos.named(token)
        if named.count == 1, let photo = named.first { return photo.id }
        if named.count > 1 {
            let ids = named.map(\.shortID).sorted().joined(separator: ", ")
            throw CoreError(.ambiguous, "\(named.count) photos are named '\(token)' (ids \(ids)); use an id or PLACE:N")
        }
        throw CoreError(
            .notFound,
            """
            no slide or photo matches '\(token)'; use PLACE:N (e.g. table:1), an id prefix of 6+ hex digits, or a \
            file name
            """
        )
    }
}
