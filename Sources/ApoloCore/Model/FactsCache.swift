/// Which file on disk a photo was read from; any change means reading it again.
public struct FileIdentity: Sendable, Equatable, Hashable {
    public let path: String
    public let size: Int64
    public let mtimeNanos: Int64
    public let inode: Int64

    public init(path: String, size: Int64, mtimeNanos: Int64, inode: Int64) {
        self.path = path
        self.size = size
        self.mtimeNanos = mtimeNanos
        self.inode = inode
    }
}

/// Where import remembers what it read, so unchanged files are never hashed or decoded twice.
public protocol FactsCache: Sendable {
    func lookup(_ identity: FileIdentity) -> Photo?
    func store(_ entries: [(FileIdentity, Photo)]) throws
    /// Remembers the face regions other programs named in photos (an empty list forgets a photo's).
    func store(peerFaces: [(PhotoID, [PeerFace])]) throws
}

extension FactsCache {
    public func store(peerFaces: [(PhotoID, [PeerFace])]) throws {}
}
