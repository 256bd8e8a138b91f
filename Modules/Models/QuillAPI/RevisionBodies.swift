import Foundation
import QuillModels

/// `GET /v1/notes/{id}/revisions`: a note's revisions, newest first, without their bodies.
public struct RevisionListBody: Codable, Hashable, Sendable {
    public let revisions: [RevisionSummaryBody]

    public init(revisions: [RevisionSummaryBody]) {
        self.revisions = revisions
    }
}

/// One revision in a `RevisionListBody`: what a history page lists of it.
public struct RevisionSummaryBody: Codable, Hashable, Sendable {
    public let revision: Int
    public let updated: Timestamp
    /// Where it came from (`RevisionOrigin`): edit, sync, api, web, restore:N, import:ID, created.
    public let origin: String
    public let title: String
    public let tags: [Tag]
    public let deleted: Bool
    /// The body's size in UTF-8 bytes.
    public let bytes: Int
    /// For a revision that merged two edits, the revision both started from; absent otherwise.
    public let mergeAncestor: Int?

    public init(_ revision: NoteRevision) {
        self.revision = revision.number
        mergeAncestor = revision.mergeAncestor
        updated = Timestamp(revision.note.updated)
        origin = revision.origin.description
        title = revision.note.title
        tags = revision.note.tags
        deleted = revision.note.isDeleted
        bytes = revision.note.body.utf8.count
    }
}

/// `GET /v1/notes/{id}/revisions/{revision}`: one revision, whole, and where it came from.
public struct RevisionBody: Codable, Hashable, Sendable {
    public let origin: String
    public let note: NoteDocument
    /// For a revision that merged two edits, the revision both started from; absent otherwise.
    public let mergeAncestor: Int?

    public init(_ revision: NoteRevision) {
        origin = revision.origin.description
        mergeAncestor = revision.mergeAncestor
        note = NoteDocument(revision.note)
    }
}

/// `POST /v1/notes/{id}/restore`: the revision to go back to; left out or null, a deleted note
/// comes back as it was deleted.
public struct RestoreBody: Decodable, Hashable, Sendable {
    public let revision: Int?

    public init(revision: Int?) {
        self.revision = revision
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONObjectKey.self)
        try container.rejectUnknownKeys(allowed: ["revision"], "a restore names only the revision")
        let revision = try container.decodeIfPresent(Int.self, forKey: JSONObjectKey("revision"))
        if let revision, revision < 1 {
            throw DecodingError.dataCorrupted(.init(codingPath: [JSONObjectKey("revision")], debugDescription: "a revision is 1 or more"))
        }
        self.revision = revision
    }
}
