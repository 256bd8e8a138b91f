import ArgumentParser
import Foundation
import QuillAPI
import QuillModels
import SyncFeature
import SyncTransportInterface

/// `quill share ID`, `quill share list`, `quill share revoke SHARE` (docs/sharing.md).
public struct ShareCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "share", abstract: "Make a link anyone can read a note at, list the links, or revoke one.",
        discussion: "Links are made by the server you logged in to ('quill login'); sync the note there first.",
        subcommands: [ShareCreateCommand.self, ShareListCommand.self, ShareRevokeCommand.self], defaultSubcommand: ShareCreateCommand.self)

    public init() {}
}

/// `quill share [create] ID [--expires 7d|DATE|never] [--views N] [--snapshot]`
public struct ShareCreateCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Print a link anyone can read the note at, without signing in.")

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The note's ID or a unique prefix of it.") var id: String
    @Option(help: "When the link stops working: 30m, 12h, 7d, 2w, a date (2027-01-31), a time (2027-01-31T18:00:00Z), or never.")
    var expires = "never"
    @Option(help: "How many times a person may open it (link previews in chat apps use up none).") var views: Int?
    @Flag(help: "Show the note as it is now, even after it changes.") var snapshot = false

    public init() {}

    public func validate() throws {
        guard ShareExpiry.parse(expires, now: Date()) != nil else {
            throw ValidationError("--expires: '\(expires)' is not 30m, 12h, 7d, 2w, a date (2027-01-31), a time (2027-01-31T18:00:00Z) or never")
        }
        if let views, views < 1 { throw ValidationError("--views must be at least 1") }
    }

    public func run(in environment: CLIEnvironment) async throws {
        let noteID = try await environment.notes.resolve(id)
        let expiry = ShareExpiry.parse(expires, now: environment.clock.now()) ?? nil
        let made: (share: ShareBody, url: URL)
        do {
            made = try await environment.shares.share(noteID, terms: NewShareBody(expires: expiry.map(Timestamp.init), views: views,
                                                                                 snapshot: snapshot ? true : nil))
        } catch SyncError.rejected(404, _, _) {
            throw CLIFailure("note \(noteID) is not on the server yet", hint: "run 'quill sync' first", status: .notFound)
        }
        environment.console.write(made.url.absoluteString + "\n")
    }
}

/// `quill share list [--json]`
public struct ShareListCommand: QuillCommand {
    public static let configuration = CommandConfiguration(commandName: "list", abstract: "List the account's share links, newest first.")

    @OptionGroup public var global: GlobalOptions
    @Flag(help: "Print JSON (see docs/cli.md).") var json = false

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        let shares = try await environment.shares.shares()
        if json {
            return environment.console.write(try NoteOutput.encode(shares.map { WithURL(value: $0.share, url: $0.url.absoluteString) }))
        }
        guard !shares.isEmpty else { return environment.console.write("no share links\n") }
        let rows = shares.map { share, url in
            [share.id, String(share.note.rawValue.prefix(8)), share.state, share.viewLimit.map { "\(share.views)/\($0)" } ?? "\(share.views)",
             share.expires.map { $0.minutes + " UTC" } ?? "never", url.absoluteString]
        }
        environment.console.write(TextTable.render([["ID", "NOTE", "STATE", "VIEWS", "EXPIRES", "URL"]] + rows))
    }
}

/// One entry of `quill share list --json` and `quill publish list --json`: the server's fields and
/// the full URL.
struct WithURL<Value: Encodable>: Encodable {
    let value: Value
    let url: String

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(url, forKey: .url)
    }

    enum Key: String, CodingKey { case url }
}

/// `quill share revoke SHARE`
public struct ShareRevokeCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "revoke", abstract: "Make a share link stop working, at once, on every server.")

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The share's ID, as 'quill share list' shows it.") var share: String

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        do {
            try await environment.shares.revoke(share)
        } catch SyncError.rejected(let status, _, _) where status == 404 || status == 400 {
            throw CLIFailure("no share link with ID \(share)", hint: "'quill share list' shows them", status: .notFound)
        }
        environment.console.write("revoked \(share)\n")
    }
}
