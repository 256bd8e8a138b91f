/// Why the provider could not be used, in words a log and a sign-in page can show.
public enum IdentityProviderFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// It could not be reached, or answered something that is not OpenID Connect.
    case unreachable(String)
    /// It answered, and refused (an unknown or used code, a wrong client secret).
    case refused(String)
    /// The ID token is not one of the provider's: malformed, an unknown key, a bad signature.
    case invalidToken(String)

    public var description: String {
        switch self {
        case .unreachable(let reason): "the identity provider cannot be reached: \(reason)"
        case .refused(let reason): "the identity provider refused: \(reason)"
        case .invalidToken(let reason): "the identity provider's ID token is not valid: \(reason)"
        }
    }
}
