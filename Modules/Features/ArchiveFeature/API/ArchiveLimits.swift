import CompressionInterface
import QuillModels

/// The bounds an import or verification enforces on an archive it has not seen before.
///
/// Exists so that a hostile archive (a decompression bomb, a gigantic "note", a huge header)
/// is refused early with a clear error instead of exhausting memory or disk.
public struct ArchiveLimits: Hashable, Sendable {
    /// The most bytes the archive may decompress to (the `--max-size` flag raises it).
    public var maximumUncompressedBytes: Int64
    /// The most uncompressed bytes per compressed byte, once past `ratioGraceBytes`.
    public var maximumRatio: Int
    public var ratioGraceBytes: Int64
    /// The largest Markdown entry: a maximal body plus room for its front matter.
    public var maximumNoteEntryBytes: Int64
    /// The largest history entry (`history/<id>.log`): a note's every earlier revision.
    public var maximumHistoryEntryBytes: Int64
    /// The largest attachment entry (and attachment file of an imported folder), read whole.
    public var maximumAttachmentBytes: Int64
    public var maximumManifestBytes: Int64
    /// The largest pax or GNU long-name header.
    public var maximumExtendedHeaderBytes: Int64

    public init(
        maximumUncompressedBytes: Int64 = 2 << 30, maximumRatio: Int = 250, ratioGraceBytes: Int64 = 64 << 20,
        maximumNoteEntryBytes: Int64 = Int64(NoteLimits.maximumBodyBytes) + 64 * 1024,
        maximumHistoryEntryBytes: Int64 = 256 << 20, maximumAttachmentBytes: Int64 = 256 << 20, maximumManifestBytes: Int64 = 64 << 20,
        maximumExtendedHeaderBytes: Int64 = 64 * 1024
    ) {
        self.maximumHistoryEntryBytes = maximumHistoryEntryBytes
        self.maximumAttachmentBytes = maximumAttachmentBytes
        self.maximumUncompressedBytes = maximumUncompressedBytes
        self.maximumRatio = maximumRatio
        self.ratioGraceBytes = ratioGraceBytes
        self.maximumNoteEntryBytes = maximumNoteEntryBytes
        self.maximumManifestBytes = maximumManifestBytes
        self.maximumExtendedHeaderBytes = maximumExtendedHeaderBytes
    }

    /// The largest Markdown file an import reads: one longer than a note holds is kept whole as
    /// an attachment (`LongNoteText`), so it may be as large as one.
    var maximumMarkdownEntryBytes: Int64 { max(maximumNoteEntryBytes, maximumAttachmentBytes) }

    var decompression: DecompressionLimits {
        DecompressionLimits(maximumOutputBytes: maximumUncompressedBytes, maximumRatio: maximumRatio,
                            ratioGraceBytes: ratioGraceBytes)
    }
}
