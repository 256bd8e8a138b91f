import ArgumentParser
import Foundation
import NotesFeature
import QuillAPI
import QuillModels

/// `quill show ID [--revision N | --at TIME] [--server] [--json] [--dates utc|local] [--color WHEN]`
public struct ShowCommand: QuillCommand {
    public static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a note.")

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The note's ID or a unique prefix of it.") var id: String
    @Option(help: "Show the note as it was at this revision (see 'quill history').") var revision: Int?
    @Option(help: "Show the note as it was at this time: 2026-11-26T18:40:00Z, a day (2026-11-26), or a span ago (2h, 3d).")
    var at: String?
    @Flag(help: "With --revision or --at: a revision of the server's history (see 'quill history --server').") var server = false
    @Flag(help: "Print the note as JSON (see docs/cli.md).") var json = false
    @OptionGroup var display: DisplayOptions

    public init() {}

    public func validate() throws {
        if revision != nil && at != nil { throw ValidationError("pass either --revision or --at, not both") }
        if let revision, revision < 1 { throw ValidationError("--revision must be 1 or more") }
        if server && revision == nil && at == nil { throw ValidationError("--server goes with --revision or --at") }
    }

    public func run(in environment: CLIEnvironment) async throws {
        let note: Note
        if revision == nil && at == nil {
            note = try await environment.notes.note(id)
        } else {
            let revisions = server
                ? try await environment.sync.serverHistory(of: try await environment.notes.resolve(id, includingDeleted: true))
                : try await environment.notes.history(id)
            note = try pick(from: revisions, now: environment.clock.now()).note
        }
        let attachments = try environment.attachments.listings(of: [note])
        let links = revision == nil && at == nil ? await linksOf(note, in: environment) : nil
        if json {
            return environment.console.write(try NoteOutput.encode(ShownNote(note: note, attachments: attachments, links: links)))
        }
        let style = try await display.style(in: environment)
        var text = NoteOutput.details(note, style: style, body: links.map { LinkOutput.marked(note.body, links: $0.outgoing, style: style) })
        if !attachments.isEmpty {
            text += "\nattachments:\n" + attachments.map { listing in
                "  \(listing.names.joined(separator: ", "))  \(listing.size.map(ByteCount.text) ?? "missing on this device")  \(listing.hash.short)\n"
            }.joined()
        }
        if let links, !links.incoming.isEmpty {
            text += "\nlinked from:\n" + LinkOutput.incoming(links.incoming, style: style).split(separator: "\n").map { "  \($0)\n" }.joined()
        }
        environment.console.write(text)
    }

    /// The note's links and backlinks; `nil`, with a warning, when the index cannot say: the
    /// note is shown all the same.
    private func linksOf(_ note: Note, in environment: CLIEnvironment) async -> ShownLinks? {
        let progress = SearchProgressLine(console: environment.console, clock: environment.clock)
        defer { progress.finish() }
        do {
            let links = try await environment.links.linksAndBacklinks(of: note.id, progress: progress.update)
            return ShownLinks(outgoing: links.outgoing, incoming: links.incoming)
        } catch {
            environment.console.writeError("quill: warning: links not shown: \(error)\n")
            return nil
        }
    }

    /// The revision `--revision` or `--at` names.
    private func pick(from revisions: [NoteRevision], now: Date) throws -> NoteRevision {
        if let revision {
            guard let found = revisions.first(where: { $0.number == revision }) else {
                throw NoteServiceError.noSuchRevision(id, revision: String(revision))
            }
            return found
        }
        guard let at, let date = TimeArgument.parse(at, now: now, spans: .ago) else {
            throw ValidationError("--at takes a time like 2026-11-26T18:40:00Z, a day like 2026-11-26, or a span ago like 2h")
        }
        guard let found = revisions.first(where: { $0.note.updated <= date }) else {
            throw NoteServiceError.noSuchRevision(id, revision: "at or before \(Timestamp(date))")
        }
        return found
    }
}

/// A shown note's links, as the index resolved them.
struct ShownLinks {
    let outgoing: [ResolvedLink]
    let incoming: [ResolvedLink]
}

/// `show --json`: the note's document, with its attachments as a field when it has any, and its
/// `links` and `backlinks` (`LinkDocument`s) when the current revision is shown.
struct ShownNote: Encodable {
    let note: Note
    let attachments: [AttachmentListing]
    let links: ShownLinks?

    private enum Keys: String, CodingKey { case attachments, links, backlinks }

    func encode(to encoder: any Encoder) throws {
        try NoteDocument(note).encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        if !attachments.isEmpty { try container.encode(attachments.map(AttachmentDocument.init), forKey: .attachments) }
        if let links {
            try container.encode(links.outgoing.map(LinkDocument.init), forKey: .links)
            try container.encode(links.incoming.map(LinkDocument.init), forKey: .backlinks)
        }
    }
}
