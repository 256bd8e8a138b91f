/// How much an account may keep in attachments: the largest one, and all of them together.
///
/// Exists so that a server on a small disk is not filled by one account: an upload over either
/// is refused from its `Content-Range` or `Content-Length`, before a byte of it is read.
public struct AttachmentLimits: Equatable, Sendable {
    /// The largest attachment (default 100 MiB).
    public var maximumBytes: Int64
    /// All of an account's attachments together; `nil`: no quota.
    public var quotaBytes: Int64?

    public static let defaultMaximumBytes: Int64 = 100 << 20

    public init(maximumBytes: Int64 = AttachmentLimits.defaultMaximumBytes, quotaBytes: Int64? = nil) {
        self.maximumBytes = maximumBytes
        self.quotaBytes = quotaBytes
    }
}
