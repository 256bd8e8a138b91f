/// `GET /v1/notes/{id}/attachments`: the attachments a note's text refers to, in the order it
/// first refers to each.
public struct AttachmentListBody: Codable, Hashable, Sendable {
    public let attachments: [AttachmentBody]

    public init(attachments: [AttachmentBody]) { self.attachments = attachments }
}

/// One attachment a note refers to: its hash, the name and type the note gives it, and whether
/// the server holds its bytes whole (`size` is then their number).
public struct AttachmentBody: Codable, Hashable, Sendable {
    public let sha256: String
    public let name: String
    public let type: String
    public let present: Bool
    public let size: Int64?

    public init(sha256: String, name: String, type: String, present: Bool, size: Int64?) {
        self.sha256 = sha256
        self.name = name
        self.type = type
        self.present = present
        self.size = size
    }
}

/// `PUT /v1/attachments/{sha256}`: how much of the attachment the server holds after the request.
public struct AttachmentUploadBody: Codable, Hashable, Sendable {
    public let sha256: String
    /// The bytes received so far (the size, once whole).
    public let received: Int64
    public let complete: Bool

    public init(sha256: String, received: Int64, complete: Bool) {
        self.sha256 = sha256
        self.received = received
        self.complete = complete
    }
}
