import QuillModels

/// `POST /v1/device/code`: a device asks to sign in (docs/signin.md). Decoding is strict.
public struct DeviceCodeRequestBody: Codable, Hashable, Sendable {
    /// What the device calls itself, shown to the person approving (`quill on laptop`).
    public let name: String
    /// `full` or `read-only`; absent: `full`. The person approving may grant less.
    public let scope: String?

    public init(name: String, scope: String? = nil) {
        self.name = name
        self.scope = scope
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONObjectKey.self)
        try container.rejectUnknownKeys(allowed: ["name", "scope"], "a device's request is its name and scope")
        name = try container.decode(String.self, forKey: JSONObjectKey("name"))
        scope = try container.decodeIfPresent(String.self, forKey: JSONObjectKey("scope"))
    }
}

/// The answer to `POST /v1/device/code`: what the device shows and polls with.
public struct DeviceCodeBody: Codable, Hashable, Sendable {
    /// The secret the device polls `POST /v1/device/token` with; only the device holds it.
    public let deviceCode: String
    /// What the person enters at the page, `KDBX-TMPW`.
    public let userCode: String
    /// The page to open, `<server>/device`.
    public let verificationUri: String
    /// The page with the code filled in, `<server>/device?code=KDBX-TMPW`.
    public let verificationUriComplete: String
    /// Seconds until both codes are worth nothing.
    public let expiresIn: Int
    /// Seconds to wait between polls.
    public let interval: Int

    public init(deviceCode: String, userCode: String, verificationUri: String, verificationUriComplete: String, expiresIn: Int,
                interval: Int) {
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationUri = verificationUri
        self.verificationUriComplete = verificationUriComplete
        self.expiresIn = expiresIn
        self.interval = interval
    }
}

/// `POST /v1/device/token`: a device polls. Decoding is strict.
public struct DeviceTokenRequestBody: Codable, Hashable, Sendable {
    public let deviceCode: String

    public init(deviceCode: String) { self.deviceCode = deviceCode }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONObjectKey.self)
        try container.rejectUnknownKeys(allowed: ["deviceCode"], "a poll carries only the deviceCode")
        deviceCode = try container.decode(String.self, forKey: JSONObjectKey("deviceCode"))
    }
}

/// The answer to a poll once the person approved: the device's own new token.
public struct DeviceTokenBody: Codable, Hashable, Sendable {
    /// The bearer token, `quill_<id>_<secret>`: shown this once.
    public let token: String
    /// `full` or `read-only`: what the person granted.
    public let scope: String
    /// The account it signs into.
    public let account: String
    /// When it stops working; `null`: never.
    public let expires: Timestamp?

    public init(token: String, scope: String, account: String, expires: Timestamp?) {
        self.token = token
        self.scope = scope
        self.account = account
        self.expires = expires
    }
}

/// One web session or token of the account (`GET /v1/devices`, the Devices page).
public struct DeviceBody: Codable, Hashable, Sendable {
    /// What `DELETE /v1/devices/{id}` takes: `s` and 16 digits for a session, the token's ID for a token.
    public let id: String
    /// `session` (a browser signed into the web reader) or `token` (an API token: a device, a script).
    public let kind: String
    /// A token's label, or a session's browser; `null` if unknown.
    public let label: String?
    /// `full` or `read-only`.
    public let scope: String
    public let created: Timestamp?
    public let lastUsed: Timestamp?
    /// The client address of the latest recorded use.
    public let address: String?
    public let expires: Timestamp?
    /// Whether this is the session or token that asked.
    public let current: Bool

    public init(id: String, kind: String, label: String?, scope: String, created: Timestamp?, lastUsed: Timestamp?, address: String?,
                expires: Timestamp?, current: Bool) {
        self.id = id
        self.kind = kind
        self.label = label
        self.scope = scope
        self.created = created
        self.lastUsed = lastUsed
        self.address = address
        self.expires = expires
        self.current = current
    }
}

/// `GET /v1/devices`: the account's sessions and tokens, the latest used first.
public struct DeviceListBody: Codable, Hashable, Sendable {
    public let devices: [DeviceBody]

    public init(devices: [DeviceBody]) { self.devices = devices }
}
