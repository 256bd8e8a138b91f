import ServerStoreInterface
import StandardInterfaces

/// What a web session may do, in one place: a session opened with an API token may do what the
/// token may, while it lasts; one opened through the identity provider has full access to its account.
public enum WebSessionAccess {
    /// The session's scope, given the scopes of its account's tokens; `nil` when the token it was
    /// opened with is gone (the session ends with it).
    public static func scope(of session: WebSession, tokenScopes: [TokenID: TokenScope]) -> TokenScope? {
        guard let token = session.token else { return .full }
        return tokenScopes[token]
    }
}
