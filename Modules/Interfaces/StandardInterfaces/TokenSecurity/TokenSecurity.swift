/// Hashes a token's secret for storage and comparison.
///
/// Behind a protocol so that the hash function (SHA-256 in production) is chosen in the
/// composition root and features never import a crypto library.
public protocol TokenHashing: Sendable {
    func hash(_ secret: String) -> TokenHash
}

/// Makes new, unguessable bearer tokens.
///
/// Exists so that randomness is a dependency: production draws from the system's secure
/// generator, tests get predictable tokens.
public protocol TokenGenerating: Sendable {
    func generate() -> BearerToken
}
