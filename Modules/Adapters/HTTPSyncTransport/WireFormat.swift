import QuillModels

/// The JSON bodies of the v1 sync API, exactly as docs/openapi.yaml spells them.
enum Wire {
    struct Info: Decodable {
        let apiVersion: Int
        let minimumClientApiVersion: Int
    }

    struct Changes: Decodable {
        let changes: [NoteDocument]
        let next: String
        let hasMore: Bool
    }

    struct PushBody: Encodable {
        struct Change: Encodable {
            let note: NoteDocument
            let baseRevision: Int?

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(note, forKey: .note)
                try container.encode(baseRevision, forKey: .baseRevision) // explicit null: "new note"
            }

            enum CodingKeys: String, CodingKey { case note, baseRevision }
        }

        let requestID: String
        let changes: [Change]
    }

    struct PushAnswer: Decodable {
        struct Result: Decodable {
            let id: NoteID
            let status: String
            let note: NoteDocument
        }

        let results: [Result]
    }

    struct ErrorBody: Decodable {
        struct Detail: Decodable {
            let code: String
            let message: String
        }

        let error: Detail
    }
}
