import ArgumentParser
import Foundation
import NotesFeature
import QuillModels

/// `quill attachments [ID] [--json]`: the attachments notes refer to.
public struct AttachmentsCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "attachments", abstract: "List the attachments of a note, or of every note.")

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "A note's ID or a unique prefix of it (default: every note).") var id: String?
    @Flag(help: "Print JSON (see docs/cli.md).") var json = false

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        let progress = SearchProgressLine(console: environment.console, clock: environment.clock)
        let listings = try await environment.attachments.list(id, progress: progress.update)
        progress.finish()
        if json { return environment.console.write(try NoteOutput.encode(listings.map(AttachmentDocument.init))) }
        for listing in listings {
            let size = listing.size.map(ByteCount.text) ?? "missing"
            let notes = listing.notes.map(\.short).joined(separator: ",")
            environment.console.write("\(listing.hash.short)  \(RevisionOutput.padded(size, to: 9))  \(RevisionOutput.padded(listing.mediaType, to: 16))  \(listing.names.joined(separator: ", "))  (\(notes))\n")
        }
        if listings.isEmpty { environment.console.writeError(id == nil ? "no note has attachments\n" : "the note has no attachments\n") }
    }
}

/// `quill attachment get HASH|NAME [-o FILE|-]`
public struct AttachmentCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "attachment", abstract: "Write an attachment out.", subcommands: [AttachmentGetCommand.self])

    public init() {}
}

/// `quill attachment get HASH|NAME [-o FILE|-]`: the bytes, checked against their hash.
public struct AttachmentGetCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "get", abstract: "Write an attachment's bytes to a file or standard output.",
        discussion: "The bytes are checked against their SHA-256; a damaged attachment is reported and no file is left.")

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The attachment's hash (a unique prefix of four or more digits will do) or its name.") var reference: String
    @Option(name: [.short, .long], help: "Where to write it: a file, a folder to write it in under its name, or - for standard output (default: its name, in this folder).")
    var output: String?

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        let progress = SearchProgressLine(console: environment.console, clock: environment.clock)
        let (stored, name) = try await environment.attachments.find(reference, progress: progress.update)
        progress.finish()
        let fileName = AttachmentName.safe(name ?? stored.hash.hex)
        let destination = output.map { OutputPath.resolve($0, defaultName: fileName, in: environment) } ?? fileName
        let sink = destination == "-" ? environment.byteStreams.standardOutput()
            : try environment.byteStreams.createForWriting(TextInput.absolute(destination, in: environment))
        try environment.attachments.write(stored, to: sink)
        if destination != "-" {
            environment.console.write("wrote \(destination) (\(ByteCount.text(stored.size)), sha256 \(stored.hash.short))\n")
        }
    }
}

/// `quill gc [--dry-run]`: removes attachments nothing refers to.
public struct GCCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "gc", abstract: "Remove attachments that no note refers to.",
        discussion: "An attachment is kept while any note, deleted notes in the trash included, refers to it in its text or in a kept revision, and for an hour after it was stored (an import or a sync may be about to refer to it).")

    @OptionGroup public var global: GlobalOptions
    @Flag(help: "Only say what would be removed.") var dryRun = false

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        let collection = try await environment.attachments.collect(now: environment.clock.now(), dryRun: dryRun)
        let bytes = collection.removed.reduce(Int64(0)) { $0 + $1.size }
        let verb = dryRun ? "would remove" : "removed"
        for stored in collection.removed { environment.console.write("\(verb) \(stored.hash.short)  \(ByteCount.text(stored.size))\n") }
        environment.console.write("\(verb) \(Counted.text(collection.removed.count, "attachment")) (\(ByteCount.text(bytes)))")
        if !collection.recent.isEmpty { environment.console.write("; kept \(collection.recent.count) stored within the last hour") }
        environment.console.write("\n")
    }
}

/// The JSON shape of an attachment in `attachments --json` and `show --json` (docs/cli.md).
struct AttachmentDocument: Encodable {
    let sha256: String
    let names: [String]
    let type: String
    let size: Int64?
    let notes: [NoteID]

    init(_ listing: AttachmentListing) {
        sha256 = listing.hash.hex
        names = listing.names
        type = listing.mediaType
        size = listing.size
        notes = listing.notes
    }
}
