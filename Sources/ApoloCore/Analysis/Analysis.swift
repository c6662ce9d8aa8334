/// What apolo measured of a project's photos and the stacks made of them: derived data, handed to edits and
/// listings by the application layer (it lives in the cache, never in the document).
public struct Analysis: Sendable, Equatable {
    public var signals: [PhotoID: Signals]
    public var stacks: Stacks
    /// Each photo's kit reference: what "sharp" reads for its camera at its size in this project (see
    /// `Analysis+Focus`); absent when the kit has too few photos.
    public var references: [PhotoID: Double]

    public init(signals: [PhotoID: Signals] = [:], stacks: Stacks = Stacks(), references: [PhotoID: Double] = [:]) {
        self.signals = signals
        self.stacks = stacks
        self.references = references
    }

    /// Signals as measured, stacks made for this state of the project, kits from its cameras (`order`: the photos'
    /// capture order when the caller holds it already).
    public init(project: Project, signals: [PhotoID: Signals], order: CaptureOrder? = nil) {
        self.init(
            signals: signals, stacks: Stacks(project: project, signals: signals, order: order),
            references: Self.references(project, signals))
    }

    /// The suggested frame of the photo's stack, or the photo itself when it is in no stack: what "best of each
    /// stack" keeps.
    public func isBestOfStack(_ id: PhotoID) -> Bool { stacks.stackOf[id] == nil || stacks.isBest(id) }

    /// The photo's faces with their eyes, judged against the same faces in the other frames of its stack; nil when
    /// faces were not looked for.
    public func faces(of id: PhotoID) -> [(face: Face, eyes: Eyes)]? {
        guard let faces = signals[id]?.faces else { return nil }
        let siblings =
            stacks.stackOf[id].flatMap { stacks.members[$0] }?.filter { $0 != id }
            .flatMap { signals[$0]?.faces ?? [] } ?? []
        return faces.map { ($0, Eyes.of($0, siblings: siblings)) }
    }

    /// True when some face of the photo has its eyes closed.
    public func hasClosedEyes(_ id: PhotoID) -> Bool { faces(of: id)?.contains { $0.eyes == .closed } ?? false }
}

/// An edit that needs the analysis of the project it applies to (the engine hands it over before applying).
public protocol NeedsAnalysis: Edit {
    /// True when `apply` will read the analysis (a filter without signal criteria does not).
    var needsAnalysis: Bool { get }
    /// This edit, with the analysis of the project it is about to be applied to.
    func with(_ analysis: Analysis) -> Self
}

/// An edit that always needs the analysis and keeps it as it is handed over (the stack edits).
public protocol CarriesAnalysis: NeedsAnalysis {
    var analysis: Analysis { get set }
}

extension CarriesAnalysis {
    public var needsAnalysis: Bool { true }

    public func with(_ analysis: Analysis) -> Self {
        var edit = self
        edit.analysis = analysis
        return edit
    }
}
