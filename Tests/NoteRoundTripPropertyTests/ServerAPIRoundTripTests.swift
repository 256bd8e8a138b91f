import ArchiveFeature
import ByteStreamTesting
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NoteStoreInterface
import NoteStoreTesting
import PropertyBased
import QuillAPI
import QuillModels
import ServerFeature
import ServerStoreInterface
import ServerStoreTesting
import ServerTestComposition
import StandardTesting
import Testing
import ZlibCompression

/// The HTTP doors (`POST /v1/notes`, `PUT /v1/notes/{id}`) in process: whatever they accept
/// comes back byte for byte from `GET /v1/notes/{id}`, `GET /v1/notes`, `GET /v1/changes` and
/// `GET /v1/export`; whatever they refuse is a 400 that gives the rules' reason.
@Suite("Round trips through the HTTP API")
struct ServerAPIRoundTripTests {
    static let date = Date(millisecondsSince1970: 1_767_225_600_123)

    /// A note as a client sends it: raw strings, nothing checked.
    struct RawNote: Encodable {
        let format = 1
        let id: String
        let title: String
        let body: String
        let tags: [String]
        let created = "2026-01-01T00:00:00.123Z"
        let updated = "2026-01-01T00:00:00.123Z"
        let revision = 1
        let deleted = false
    }

    @Test("create and replace over HTTP; read back by get, list, changes and export", arguments: ServerStoreKind.available)
    func api(_ kind: ServerStoreKind) async throws {
        try await kind.withStore { store in
            let hasher = MarkerTokenHasher()
            let token = try await AccountRegistration(accounts: store, tokens: SequentialTokenGenerator(), hasher: hasher, clock: FixedClock(Self.date))
                .register(name: "property").token
            let dependencies = ServerTestRoots.test(store: store, hasher: hasher, clock: FixedClock(Self.date), ids: SequentialNoteIDs())
            let app = ServerApplication.application(router: ServerApplication.router(dependencies), host: "127.0.0.1", port: 0,
                                                    logger: Logger(label: "test"))
            try await app.test(.router) { client in
                let api = API(client: client, token: "\(token)")
                var expected: [NoteID: Content] = [:]
                var counter: UInt64 = 0
                await propertyCheck(count: Budget.slowCases, input: NastyText.inputs) { input in
                    counter += 1
                    let id = NoteID(high: 3, low: counter)
                    let oracle = Oracle(input, id: id, at: Self.date)
                    let raw = try JSONEncoder().encode(RawNote(id: id.rawValue, title: input.title, body: input.body, tags: input.tags))
                    let created = try await api.send(.post, "/v1/notes", body: raw)
                    if input.tags.count > NoteLimits.maximumTags {
                        // The API counts tags as sent (the spec's maxItems), before repeats collapse: a
                        // 400, for the count unless another rule refused the note first.
                        let answer = "\(created.status): \(NoteInput.spelled(String(buffer: created.body)))"
                        #expect(created.status == .badRequest, "\(answer)")
                        if case .success = oracle.verdict {
                            #expect(String(buffer: created.body).contains("the limit is \(NoteLimits.maximumTags)"), "\(answer)")
                        }
                        return
                    }
                    guard created.status == .created else {
                        #expect(created.status == .badRequest, "\(created.status): \(NoteInput.spelled(String(buffer: created.body)))")
                        if case .failure(let refusal) = oracle.verdict {
                            let message = try api.decode(ErrorEnvelope.self, created).error.message
                            #expect(Self.contains(message, refusal.description),
                                    "the 400 does not give the rules' reason \(NoteInput.spelled(refusal.description)): \(NoteInput.spelled(message))")
                        } else {
                            Issue.record("the API refused a note the rules accept: \(NoteInput.spelled(String(buffer: created.body)))")
                        }
                        return
                    }
                    guard let note = oracle.expectAccepted() else { return }
                    #expect(Content(try api.decode(NoteDocument.self, created)) == Content(note))
                    let replaced = try await api.send(.put, "/v1/notes/\(id)", body: raw, headers: [.ifMatch: "\"1\""])
                    #expect(replaced.status == .ok)
                    #expect(Content(try api.decode(NoteDocument.self, replaced)) == Content(note))
                    let read = try await api.send(.get, "/v1/notes/\(id)")
                    #expect(read.status == .ok)
                    #expect(Content(try api.decode(NoteDocument.self, read)) == Content(note))
                    expected[id] = Content(note)
                }
                try await Self.expectListFeedAndExport(expected, api: api)
            }
        }
    }

    static func expectListFeedAndExport(_ expected: [NoteID: Content], api: API) async throws {
        var listed: [NoteID: Content] = [:]
        var after = ""
        while true {
            let response = try await api.send(.get, "/v1/notes?limit=29" + after)
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            #expect(response.headers[UnreadableHeader.name] == nil)
            let page = try api.decode(NoteListBody.self, response)
            for document in page.notes { listed[document.id] = Content(document) }
            guard let next = page.next else { break }
            after = "&after=\(next)"
        }
        #expect(listed == expected)

        var fed: [NoteID: Content] = [:]
        var since = ""
        while true {
            let response = try await api.send(.get, "/v1/changes?limit=31" + since)
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            let page = try api.decode(ChangesBody.self, response)
            for document in page.changes { fed[document.id] = Content(document) }
            guard page.hasMore else { break }
            since = "&since=\(page.next)"
        }
        #expect(fed == expected)

        let export = try await api.send(.get, "/v1/export")
        #expect(export.status == .ok)
        let imported = InMemoryNoteStore()
        let report = try await ArchiveImporter(store: imported, attachments: nil, decompression: ZlibGzip(), scratch: InMemoryScratchStorage(),
                                               ids: SequentialNoteIDs(namespace: 0xE), clock: FixedClock(date), background: DefaultPriorityExecutor())
            .importArchive(from: InMemoryByteSource(Array(export.body.readableBytesView)))
        #expect(report.manifestVerified && report.addedCount == expected.count)
        var exported: [NoteID: Content] = [:]
        for summary in await imported.list(NoteQuery()).notes {
            if let note = await imported.note(id: summary.id) { exported[note.id] = Content(note) }
        }
        #expect(exported == expected)
    }

    enum UnreadableHeader {
        static let name = HTTPFields.Element.Name("Quill-Unreadable-Notes")!
    }

    struct ErrorEnvelope: Decodable {
        struct Detail: Decodable { let code: String; let message: String }
        let error: Detail
    }

    /// Whether `text` holds `part`, byte for byte.
    static func contains(_ text: String, _ part: String) -> Bool {
        let bytes = Array(text.utf8), needle = Array(part.utf8)
        guard needle.count <= bytes.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    struct API {
        let client: any TestClientProtocol
        let token: String

        func send(_ method: HTTPRequest.Method, _ uri: String, body: Data? = nil, headers: HTTPFields = [:]) async throws -> TestResponse {
            var fields = headers
            fields[.authorization] = "Bearer \(token)"
            if body != nil { fields[.contentType] = "application/json" }
            return try await client.execute(uri: uri, method: method, headers: fields, body: body.map { ByteBuffer(bytes: $0) })
        }

        func decode<Value: Decodable>(_ type: Value.Type, _ response: TestResponse) throws -> Value {
            try JSONDecoder().decode(type, from: Data(response.body.readableBytesView))
        }
    }
}
