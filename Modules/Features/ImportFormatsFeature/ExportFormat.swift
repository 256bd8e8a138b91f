/// The apps whose exports come as a set of files (a zip, or the folder it unpacks to), each
/// known by what its files hold, and read by its own reader.
///
/// Exists so that the archive feature asks one question (which format is this?) and gets one
/// reader, whatever the app, and so that adding an app is adding a case here.
public enum ExportFormat: CaseIterable, Sendable {
    case googleKeep
    case bear
    case notion
    case simplenote
    case standardNotes
    case joplin
    case logseq
    case dendron
    case roam
    case tiddlyWiki

    /// How the report names it.
    public var name: String {
        switch self {
        case .googleKeep: "a Google Keep export (Takeout)"
        case .bear: "a Bear backup (.bear2bk)"
        case .notion: "a Notion export (Markdown & CSV)"
        case .simplenote: "a Simplenote export"
        case .standardNotes: "a Standard Notes backup"
        case .joplin: "a Joplin export (JEX or RAW)"
        case .logseq: "a Logseq graph"
        case .dendron: "a Dendron workspace or vault"
        case .roam: "a Roam Research export (JSON)"
        case .tiddlyWiki: "a TiddlyWiki"
        }
    }

    /// The format of these files, if any is known; TextBundles are looked for first (their text
    /// files are Markdown, which the folder import would otherwise take as plain notes).
    public static func of(_ files: some ExportFiles) -> ExportFormat? {
        if BearReader.finds(in: files) { return .bear }
        if JoplinReader.finds(in: files) { return .joplin }
        if LogseqReader.finds(in: files) { return .logseq }
        if DendronReader.finds(in: files) { return .dendron }
        if RoamReader.finds(in: files) { return .roam }
        if TiddlyWikiReader.finds(in: files) { return .tiddlyWiki }
        if KeepReader.finds(in: files) { return .googleKeep }
        if NotionReader.finds(in: files) { return .notion }
        if SimplenoteReader.finds(in: files) { return .simplenote }
        if StandardNotesReader.finds(in: files) { return .standardNotes }
        return nil
    }

    /// Whether a folder's Markdown files and other files may be an export (so that only then is
    /// it looked into): JSON (Keep, Bear's TextBundles, Simplenote), a Standard Notes backup
    /// file, pages named with Notion's IDs, Joplin's items, a Logseq graph's configuration, a
    /// Dendron workspace's or vault's, or a TiddlyWiki's tiddlers.
    public static func mayBe(markdown: some Sequence<String>, others: some Sequence<String>) -> Bool {
        others.contains {
            $0.hasSuffix(".json") || $0.hasSuffix("Backup and Import File.txt") || $0 == LogseqReader.configuration
                || DendronReader.markers.contains(String($0.split(separator: "/").last ?? "")) || TiddlyWikiReader.isFolderWikiFile($0)
        }
            || markdown.contains { NotionReader.Page.split($0) != nil || JoplinReader.isItemName($0) }
    }

    /// Hands each note on; returns what was passed over, with the reason.
    public func read(
        _ files: some ExportFiles, maximumAttachmentBytes: Int64, receive: (ForeignNote) async throws -> Void
    ) async throws -> [(entry: String, reason: String)] {
        switch self {
        case .googleKeep: try await KeepReader(maximumAttachmentBytes: maximumAttachmentBytes).read(files, receive: receive)
        case .bear: try await BearReader(maximumAttachmentBytes: maximumAttachmentBytes).read(files, receive: receive)
        case .notion: try await NotionReader(maximumAttachmentBytes: maximumAttachmentBytes).read(files, receive: receive)
        case .simplenote: try await SimplenoteReader().read(files, receive: receive)
        case .standardNotes: try await StandardNotesReader().read(files, receive: receive)
        case .joplin: try await JoplinReader(maximumAttachmentBytes: maximumAttachmentBytes).read(files, receive: receive)
        case .logseq: try await LogseqReader(maximumAttachmentBytes: maximumAttachmentBytes).read(files, receive: receive)
        case .dendron: try await DendronReader(maximumAttachmentBytes: maximumAttachmentBytes).read(files, receive: receive)
        case .roam: try await RoamReader().read(files, receive: receive)
        case .tiddlyWiki: try await TiddlyWikiReader(maximumAttachmentBytes: maximumAttachmentBytes).read(files, receive: receive)
        }
    }
}
