import SyncTransportInterface

/// Why the server will not take an attachment however often it is sent: not a network failure
/// that the next sync gets past, but a limit a person must change (or a token that only reads).
///
/// Exists so that `quill sync` tells a refusal as what it is, with the setting that changes it,
/// instead of promising a retry that can never succeed.
public enum AttachmentRefusal: Hashable, Sendable {
    /// Larger than the server takes (its `--max-attachment-size`); the server's words.
    case tooLarge(String)
    /// Over what the account's attachments may take together (its `--attachment-quota`).
    case overQuota(String)
    /// The token this device signed in with only reads.
    case readOnlyToken

    /// The refusal a server's answer is, or `nil` for a failure that a later sync may get past.
    public init?(_ error: SyncError) {
        guard case .rejected(let status, let code, let message) = error else { return nil }
        switch (status, code) {
        case (413, "quota_exceeded"): self = .overQuota(message)
        case (413, _): self = .tooLarge(message)
        case (403, "read_only_token"): self = .readOnlyToken
        default: return nil
        }
    }
}
