import CompressionInterface
import QuillModels

/// How `quill export` writes its archive.
public struct ExportOptions: Hashable, Sendable {
    public enum Mode: Hashable, Sendable {
        /// One gzip member for the whole archive, compressed as it is produced.
        case singleStream
        /// Independent blocks compressed concurrently, each a gzip member (like pigz);
        /// `gzip`, `tar -z` and Quill read the concatenation as one stream.
        case parallel(blockBytes: Int, maximumInFlight: Int)

        public static let defaultParallel = Mode.parallel(blockBytes: 1 << 20, maximumInFlight: 3)
    }

    public var tag: Tag?
    public var level: CompressionLevel
    public var mode: Mode
    /// Whether each note's earlier revisions go with it (`history/<id>.log`, docs/archive-format.md).
    public var includesHistory: Bool

    public init(tag: Tag? = nil, level: CompressionLevel = .standard, mode: Mode = .defaultParallel, includesHistory: Bool = false) {
        self.tag = tag
        self.level = level
        self.mode = mode
        self.includesHistory = includesHistory
    }
}

/// What an export wrote.
public struct ExportSummary: Hashable, Sendable {
    public var noteCount: Int
    public var uncompressedBytes: Int64
    public var compressedBytes: Int64
    /// Attachments written (each once).
    public var attachmentCount = 0
    /// Attachments notes refer to whose bytes are not on this device (left out, and counted).
    public var missingAttachments = 0
}
