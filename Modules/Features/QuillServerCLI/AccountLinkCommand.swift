import ArgumentParser

/// `quill-server account link NAME --oidc-subject SUB`: lets the person the identity provider
/// knows as SUB sign into the account NAME (docs/signin.md).
public struct AccountLinkCommand: QuillServerCommand {
    public static let configuration = CommandConfiguration(
        commandName: "link",
        abstract: "Let a person of the identity provider sign into an account: the issuer and subject are the identity, never an e-mail address.")

    @OptionGroup var link: IdentityLinkOptions

    public init() {}

    public var options: ServerOptions { link.options }

    public func run(in environment: ServerCLIEnvironment) async throws {
        let (identity, account) = try await environment.server.administer { [name = link.name, subject = link.subject] in
            let identity = try $0.identity(subject: subject)
            return (identity, try await $0.identityLinks.linkIdentity(identity, toAccountNamed: name, at: $0.registration.now()))
        }
        environment.console.writeError("linked subject '\(identity.subject)' of \(identity.issuer) to account '\(account.name)'\n")
    }
}

/// `quill-server account unlink NAME --oidc-subject SUB`
public struct AccountUnlinkCommand: QuillServerCommand {
    public static let configuration = CommandConfiguration(
        commandName: "unlink", abstract: "Stop a person of the identity provider from signing into an account (their open sessions stay until revoked).")

    @OptionGroup var link: IdentityLinkOptions

    public init() {}

    public var options: ServerOptions { link.options }

    public func run(in environment: ServerCLIEnvironment) async throws {
        let (name, subject) = (link.name, link.subject)
        let removed = try await environment.server.administer { [name, subject] in
            try await $0.identityLinks.unlinkIdentity(try $0.identity(subject: subject), fromAccountNamed: name)
        }
        guard removed else {
            throw ServerCommandFailure(kind: .refused, description: "account '\(name)' has no linked subject '\(subject)'",
                                       hint: "check the account's name and the subject")
        }
        environment.console.writeError("unlinked subject '\(subject)' from account '\(name)'\n")
    }
}

/// What `account link` and `account unlink` are told: the account, the subject and its issuer.
public struct IdentityLinkOptions: ParsableArguments, Sendable {
    @Argument(help: "The account's name.") var name: String
    @Option(name: .customLong("oidc-subject"), help: "The subject (sub claim) the provider gives the person.") var subject: String
    @Option(name: .customLong(ServerSetting.oidcIssuer.flag), help: ServerSetting.oidcIssuer.help) var issuer: String?
    @OptionGroup var storage: StorageOptions

    public init() {}

    var options: ServerOptions {
        var options = storage.options
        options.oidc.issuer = issuer
        return options
    }
}
