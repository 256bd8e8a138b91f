import QuillModels
import ServerStoreInterface

/// The JSON bodies of the API that are not a bare `NoteDocument` (see docs/openapi.yaml).
struct NoteListBody: Codable {
    let notes: [NoteDocument]
    let next: NoteID?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(notes, forKey: .notes)
        try container.encode(next, forKey: .next) // explicit null: the client reads "no more"
    }
}

struct ChangesBody: Codable {
    let changes: [NoteDocument]
    let next: String
    let hasMore: Bool
}

struct PushRequestBody: Decodable {
    struct Change: Decodable {
        let note: NoteDocument
        let baseRevision: Int?
    }

    let requestID: String
    let changes: [Change]
}

struct PushResponseBody: Codable {
    let results: [PushOutcome]
}

struct InfoBody: Codable {
    let apiVersion: Int
    let minimumClientApiVersion: Int
}

struct StatusBody: Codable {
    let status: String
}
