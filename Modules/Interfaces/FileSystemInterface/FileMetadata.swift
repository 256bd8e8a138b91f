import Foundation

/// What a path names, without following a symbolic link: lets code walk a folder the user
/// named (`quill import DIR`) and tell files from folders, and know when a file last changed.
public struct FileMetadata: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case file
        case directory
        /// A symbolic link, device, socket or FIFO.
        case other
    }

    public var kind: Kind
    public var size: Int64
    /// When the contents last changed; `nil` where the file system does not tell.
    public var modified: Date?

    public init(kind: Kind, size: Int64, modified: Date?) {
        self.kind = kind
        self.size = size
        self.modified = modified
    }
}
