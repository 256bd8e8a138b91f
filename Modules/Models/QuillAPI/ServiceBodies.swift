/// `GET /v1/info`: which API versions the server speaks, so a client can refuse a server
/// that is too old or too new before it syncs anything.
public struct InfoBody: Codable, Hashable, Sendable {
    public let apiVersion: Int
    public let minimumClientApiVersion: Int
    /// What the server can do beyond the API version (`Feature`). Absent from older servers.
    public let features: [String]?
    /// What the server takes from this account. Absent from older servers.
    public let limits: InfoLimitsBody?

    /// The names `features` uses.
    public enum Feature {
        /// The server keeps attachments.
        public static let attachments = "attachments"
        /// The server resolves links between notes.
        public static let links = "links"
        /// A push may ask for its applied changes by their revision (`PushRequestBody.appliedAs`).
        public static let appliedAsRevision = "push-applied-as-revision"
        /// A push may ask for merges (`PushRequestBody.merge`), answered `merged`.
        public static let merge = "push-merge"
        /// `GET /v1/events` streams the account's changes as they happen.
        public static let events = "events"
        /// `POST /v1/notes/{id}/shares`, `GET /v1/shares`, `DELETE /v1/shares/{id}`, and pages at `/s/<token>`.
        public static let shares = "shares"
        /// `POST /v1/device/code` and `/v1/device/token` (`quill login` without a token), `GET /v1/devices`.
        public static let deviceLogin = "device-login"
    }

    public init(apiVersion: Int, minimumClientApiVersion: Int, features: [String]? = nil, limits: InfoLimitsBody? = nil) {
        self.apiVersion = apiVersion
        self.minimumClientApiVersion = minimumClientApiVersion
        self.features = features
        self.limits = limits
    }
}

/// The limits in `GET /v1/info`, so that a client can warn before it takes in what the server
/// would refuse (`quill attach` of a file larger than the server keeps).
public struct InfoLimitsBody: Codable, Hashable, Sendable {
    /// The largest attachment the server keeps, in bytes.
    public let maxAttachmentBytes: Int64
    /// All of the account's attachments together, in bytes; absent: no quota.
    public let attachmentQuotaBytes: Int64?

    public init(maxAttachmentBytes: Int64, attachmentQuotaBytes: Int64?) {
        self.maxAttachmentBytes = maxAttachmentBytes
        self.attachmentQuotaBytes = attachmentQuotaBytes
    }
}

/// `GET /healthz` and `GET /readyz` when the answer is yes.
public struct StatusBody: Codable, Hashable, Sendable {
    public let status: String

    public init(status: String) { self.status = status }
}

/// The one error shape of the API, `{"error": {"code": "...", "message": "..."}}`: clients
/// switch on `code` and show `message`.
public struct ErrorBody: Codable, Hashable, Sendable {
    public struct Detail: Codable, Hashable, Sendable {
        public let code: String
        public let message: String

        public init(code: String, message: String) {
            self.code = code
            self.message = message
        }
    }

    public let error: Detail

    public init(code: String, message: String) { error = Detail(code: code, message: message) }
}
