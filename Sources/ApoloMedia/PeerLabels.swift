import ApoloCore

/// Colour labels as each peer numbers them: darktable's `colorlabels` 0 red, 1 yellow, 2 green, 3 blue, 4 purple;
/// digiKam's `ColorLabel` 1 red, 3 yellow, 4 green, 5 blue, 6 magenta (purple; 2 orange and 7–9 grey, black,
/// white have no apolo colour); Photo Mechanic's `ColorClass` 1–5 as Adobe Bridge's red, yellow, green, blue,
/// purple (its default mapping to Adobe labels; 6–8 have none).
enum PeerLabels {
    private static let order: [ColourLabel] = [.red, .yellow, .green, .blue, .purple]
    private static let digiKam: [Int: ColourLabel] = [1: .red, 3: .yellow, 4: .green, 5: .blue, 6: .purple]

    /// darktable's, digiKam's and Photo Mechanic's number of a label.
    static func numbers(_ label: ColourLabel) -> (darktable: Int, digiKam: Int, photoMechanic: Int) {
        let index = order.firstIndex(of: label) ?? 0
        return (index, digiKam.first { $0.value == label }?.key ?? 0, index + 1)
    }

    /// The label a packet gives, from the first of Lightroom's word, darktable's, digiKam's and Photo Mechanic's.
    static func label(_ values: XMP.Values) -> ColourLabel? {
        if let word = values.label, let label = ColourLabel(word: word) { return label }
        let number = { (text: String?) in text.flatMap { Int($0.trimmingSpaces) } }
        if let first = values.darktableLabels.compactMap({ Int($0) }).first, order.indices.contains(first) {
            return order[first]
        }
        if let n = number(values.digiKamLabel), let label = digiKam[n] { return label }
        if let n = number(values.colorClass), (1...5).contains(n) { return order[n - 1] }
        return nil
    }
}
