import ArgumentParser
import Foundation
import NoteStoreInterface
import QuillAPI
import QuillModels
import SyncFeature
import SyncTransportInterface

/// `quill publish tag:NAME --slug SLUG [--title T]`, `quill publish list`, `quill unpublish SLUG` (docs/sharing.md).
public struct PublishCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "publish", abstract: "Put every note with a tag on the web as a small site with a feed, or list the sites.",
        discussion: "Sites are served by the server you logged in to ('quill login'), from the notes synced there.",
        subcommands: [PublishSiteCommand.self, PublishListCommand.self], defaultSubcommand: PublishSiteCommand.self)

    public init() {}
}

/// `quill publish [site] tag:NAME --slug SLUG [--title T]`
public struct PublishSiteCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "site", abstract: "Publish every note with the tag, as it changes, at <server>/p/SLUG/ (with an Atom feed).")

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The notes to publish: tag:NAME.") var selection: String
    @Option(help: "The site's name in its URL: a-z, 0-9 and '-', at most 64.") var slug: String
    @Option(help: "The site's heading and feed title (default: the tag).") var title: String?

    public init() {}

    public func validate() throws {
        guard selection.hasPrefix("tag:"), selection.count > 4 else {
            throw ValidationError("name the notes as tag:NAME, e.g. 'quill publish tag:blog --slug my-blog'")
        }
    }

    public func run(in environment: CLIEnvironment) async throws {
        let tag = String(selection.dropFirst(4))
        let published: (site: SiteBody, url: URL)
        do {
            published = try await environment.shares.publish(tag: tag, slug: slug, title: title)
        } catch SyncError.rejected(409, _, _) {
            throw CLIFailure("the slug '\(slug)' is taken on this server", hint: "choose another with --slug")
        }
        environment.console.write(published.url.absoluteString + "\n")
        // A tag typed wrong publishes an empty site for anyone to see: said, not refused (the
        // notes may be on the server only, or yet to be tagged).
        if let tag = try? Tag(tag), try await environment.notes.list(NoteQuery(tag: tag, limit: 1)).notes.isEmpty {
            environment.console.writeError("quill: warning: no note here has the tag '\(tag)': the site is empty until one does and is synced\n")
        }
    }
}

/// `quill publish list [--json]`
public struct PublishListCommand: QuillCommand {
    public static let configuration = CommandConfiguration(commandName: "list", abstract: "List the account's published sites.")

    @OptionGroup public var global: GlobalOptions
    @Flag(help: "Print JSON (see docs/cli.md).") var json = false

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        let sites = try await environment.shares.sites()
        if json {
            return environment.console.write(try NoteOutput.encode(sites.map { WithURL(value: $0.site, url: $0.url.absoluteString) }))
        }
        guard !sites.isEmpty else { return environment.console.write("no published sites\n") }
        environment.console.write(TextTable.render([["SLUG", "TAG", "TITLE", "URL"]] + sites.map { site, url in
            [site.slug, site.tag, site.title, url.absoluteString]
        }))
    }
}

/// `quill unpublish SLUG`
public struct UnpublishCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "unpublish", abstract: "Take a published site down: its pages, feed and pictures are gone at once.")

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The site's slug, as 'quill publish list' shows it.") var slug: String

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        do {
            try await environment.shares.unpublish(slug)
        } catch SyncError.rejected(404, _, _) {
            throw CLIFailure("no published site '\(slug)' in this account", hint: "'quill publish list' shows them", status: .notFound)
        }
        environment.console.write("unpublished \(slug)\n")
    }
}
