import ArchiveFeature
import ArgumentParser
import QuillModels
import ByteStreamInterface

/// `quill import PATH | DIR | - [--dry-run] [-q|--quiet] [--max-size SIZE] [--max-ratio N]`, `quill import --undo ID`
public struct ImportCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add the notes of a .tar.gz archive, a folder or zip of Markdown files (a Quill export, an Obsidian vault...), or another app's export (Evernote, Google Keep, Bear, Notion, Simplenote, Standard Notes, Joplin, Logseq, Dendron, Roam Research, TiddlyWiki).",
        discussion: """
            Notes are written as the archive is read, and become part of the store together once the whole archive has \
            checked out: on any error the store is left exactly as it was. A note already present is left alone if \
            identical; if it differs, both are kept and the incoming one gets a new ID.

            Front matter written by other apps (Obsidian, Joplin, Hugo, Jekyll) gives the title, tags and dates; its \
            other keys stay at the top of the note's text. A file is known by its content: an Evernote export keeps \
            its notebook (as a tag), tags, dates, checklists, attachments and links between its notes; a Google Keep \
            export (zipped or unpacked) its labels, checklists, archived and trashed notes and attachments; a Bear \
            backup its tags, images, archived and trashed notes; a Notion export (Markdown & CSV) its pages, \
            sub-pages, links and databases; a Simplenote export (zip or notes.json) its tags, pins and trash; a \
            Standard Notes backup its tags, archived and trashed notes; a Joplin export (.jex, or the folder of its \
            RAW export) its notebooks (as tags), tags, to-dos, resources and links; a Logseq graph its pages \
            (Markdown or Org), journals, tags, aliases and assets; a Dendron workspace or vault its notes with their hierarchy, links, \
            note references, tags and assets; a Roam Research export (JSON) its pages as outlines, with their block \
            references, aliases, tags and to-dos; a TiddlyWiki (its HTML file, JSON export or folder) its tiddlers, \
            their WikiText as Markdown, tags and images. Importing an export again leaves the notes it made alone (see \
            docs/import.md).

            A folder is read recursively, passing over hidden files and folders (.obsidian, .trash); a subfolder's \
            path becomes a tag. Importing the same folder again (an Obsidian vault you went on using) finds the \
            notes it made: unchanged files are left alone, changed ones become their notes' next revisions.

            Every import prints its ID; 'quill import --undo ID' deletes what it added (into the trash), keeping any \
            note changed since.
            """)

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The archive or export ('-' for standard input), or a folder of Markdown files.") var path: String?
    @Option(help: "Take back the import with this ID (printed by the import).") var undo: String?
    @Flag(help: "Check the archive and show what would happen, without importing.") var dryRun = false
    @Flag(name: [.short, .long], help: "Print nothing but errors.") var quiet = false
    @OptionGroup var limits: ArchiveLimitOptions

    public init() {}

    public func validate() throws {
        if (path == nil) == (undo == nil) { throw ValidationError("name an archive or folder to import, or --undo ID") }
        if undo != nil && dryRun { throw ValidationError("--dry-run goes with an import, not --undo") }
    }

    public func run(in environment: CLIEnvironment) async throws {
        if let undo { return try await undoImport(undo, in: environment) }
        guard let path else { return }
        let absolute = TextInput.absolute(path, in: environment)
        let source = try ArchiveStreams.input(path, absolute: absolute, in: environment, command: "import")
        var progress = ArchiveProgressLine(console: environment.console, clock: environment.clock, enabled: !quiet)
        let listing = dryRun && !quiet ? try PlanListing(scratch: environment.scratch) : nil
        let report = if let source {
            try await environment.archive.importArchive(from: source, name: path == "-" ? nil : absolute, limits: try limits.limits(), dryRun: dryRun,
                                                        progress: { progress.update($0) }, plan: { try listing?.record($0) })
        } else {
            try await environment.archive.importFolder(at: absolute, limits: try limits.limits(), dryRun: dryRun,
                                                       progress: { progress.update($0) }, plan: { try listing?.record($0) })
        }
        progress.finish()
        guard !quiet else { return }
        if let listing {
            try listing.write(report, to: environment.console)
        } else {
            environment.console.write(ImportReportOutput.text(report))
        }
    }

    private func undoImport(_ importID: String, in environment: CLIEnvironment) async throws {
        let (deleted, kept) = try await environment.notes.undoImport(importID)
        guard !quiet else { return }
        var text = "Undid import \(importID): \(Counted.text(deleted.count, "note")) deleted (see 'quill trash')"
        text += kept.isEmpty ? "\n" : ", \(kept.count) changed since the import kept:\n"
        text += kept.map { "  kept  \($0.id.short)  \($0.title)\n" }.joined()
        environment.console.write(text)
    }
}

/// `quill verify PATH | DIR | -`
public struct VerifyCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "verify", abstract: "Check an archive's integrity and list what an import would do, without importing.")

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The archive or export ('-' for standard input), or a folder, checked as 'import --dry-run' does.") var path: String
    @OptionGroup var limits: ArchiveLimitOptions

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        let listing = try PlanListing(scratch: environment.scratch)
        let absolute = TextInput.absolute(path, in: environment)
        let report = if let source = try ArchiveStreams.input(path, absolute: absolute, in: environment, command: "verify") {
            try await environment.archive.verify(source, limits: try limits.limits(), plan: { try listing.record($0) })
        } else {
            // A folder is checked as its import's dry run, which writes nothing.
            try await environment.archive.importFolder(at: absolute, limits: try limits.limits(), dryRun: true, progress: { _ in },
                                                       plan: { try listing.record($0) })
        }
        try listing.write(report, to: environment.console)
    }
}

/// The flags that raise an import's safety limits.
struct ArchiveLimitOptions: ParsableArguments {
    @Option(help: "Refuse archives that decompress to more than this (e.g. 500M, 8G; default 2G).") var maxSize: String?
    @Option(help: "Refuse archives that decompress more than this many times their size (default 250).") var maxRatio: Int?
    @Option(help: "Refuse an attachment larger than this (e.g. 50M, 1G; default 256M).") var maxAttachmentSize: String?

    func limits() throws -> ArchiveLimits {
        var limits = ArchiveLimits()
        if let maxSize {
            guard let bytes = ByteQuantity.parse(maxSize) else {
                throw CLIFailure("--max-size '\(maxSize)' is not a size", hint: "write e.g. 500M or 8G", status: .usage)
            }
            limits.maximumUncompressedBytes = bytes
        }
        limits.maximumAttachmentBytes = try Self.maximumAttachmentBytes(maxAttachmentSize)
        if let maxRatio {
            guard maxRatio > 0 else { throw CLIFailure("--max-ratio must be positive", status: .usage) }
            limits.maximumRatio = maxRatio
        }
        return limits
    }

    /// The size `--max-attachment-size` names, else an import's largest attachment; `quill attach`
    /// takes the same, so that an archive of what it attached imports with the same setting.
    static func maximumAttachmentBytes(_ option: String?) throws -> Int64 {
        guard let option else { return ArchiveLimits().maximumAttachmentBytes }
        guard let bytes = ByteQuantity.parse(option) else {
            throw CLIFailure("--max-attachment-size '\(option)' is not a size", hint: "write e.g. 50M or 1G", status: .usage)
        }
        return bytes
    }
}
