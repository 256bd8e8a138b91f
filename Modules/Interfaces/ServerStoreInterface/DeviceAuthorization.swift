import Foundation
import QuillModels
import StandardInterfaces

/// A device's request to sign in (`quill login` without a token), waiting for a person to
/// approve it in the web reader (docs/signin.md).
///
/// The value the stores keep and `DeviceLoginRules` read: the device code's hash (the device
/// holds the code), the short code the person types, what the device asks for, and the
/// person's decision once made.
public struct DeviceAuthorization: Hashable, Sendable {
    /// The hash of the secret the device polls with; the secret itself is never kept.
    public let deviceCodeHash: TokenHash
    /// What the person enters at `/device`: eight capital letters, kept without the dash.
    public let userCode: String
    /// What the device calls itself (`quill on laptop`), shown to the person approving.
    public let deviceName: String
    /// The access the device asks for; the person may grant less.
    public let requestedScope: TokenScope
    /// The client address the request came from, shown to the person approving.
    public let requestedFrom: String?
    public let created: Date
    /// After this the codes are worth nothing.
    public let expires: Date
    /// The device's latest poll, for `slow_down`.
    public var lastPolled: Date?
    /// The person's answer; `nil` while nobody has decided.
    public var decision: DeviceDecision?

    public init(deviceCodeHash: TokenHash, userCode: String, deviceName: String, requestedScope: TokenScope, requestedFrom: String?,
                created: Date, expires: Date, lastPolled: Date? = nil, decision: DeviceDecision? = nil) {
        self.deviceCodeHash = deviceCodeHash
        self.userCode = userCode
        self.deviceName = deviceName
        self.requestedScope = requestedScope
        self.requestedFrom = requestedFrom
        self.created = created.roundedToMilliseconds
        self.expires = expires.roundedToMilliseconds
        self.lastPolled = lastPolled?.roundedToMilliseconds
        self.decision = decision
    }
}

/// What the person approving a device decided.
public enum DeviceDecision: Hashable, Sendable {
    /// The device gets a token of `scope` for `account`, lasting until `tokenExpires` (`nil`: no end).
    case approved(account: Account, scope: TokenScope, tokenExpires: Date?)
    case denied
}
