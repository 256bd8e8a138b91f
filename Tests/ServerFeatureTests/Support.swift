import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import QuillModels
import ServerFeature
import ServerStoreInterface
import ServerStoreTesting
import ServerTestComposition
import StandardInterfaces
import StandardTesting
import Testing
import ZlibCompression

/// A server over an in-memory store with two accounts, alice and bob, and their tokens.
struct TestServer {
    let store: InMemoryServerStore
    let dependencies: ServerDependencies
    let alice: BearerToken
    let bob: BearerToken
    static let now = Date(timeIntervalSince1970: 1_767_225_600.5)

    /// `notes` may wrap the note store the routes see (e.g. to inject a race).
    static func make(failing: Set<FailingServerStore.Operation> = [], with failure: ServerStoreError = .unavailable("injected failure"),
                     clock: any WallClock = FixedClock(now),
                     notes: (any ServerNoteRepository) -> any ServerNoteRepository = { $0 }) async throws -> TestServer {
        let store = InMemoryServerStore()
        let hasher = MarkerTokenHasher()
        let registration = AccountRegistration(accounts: store, tokens: SequentialTokenGenerator(), hasher: hasher, clock: FixedClock(now))
        let alice = try await registration.register(name: "alice").token
        let bob = try await registration.register(name: "bob").token
        let failingStore = FailingServerStore(wrapping: store, failing: failing, with: failure)
        let dependencies = ServerTestRoots.test(notes: notes(failingStore), accounts: failingStore, readiness: failingStore,
                                                attachments: store, links: store, shares: store, sites: store, sessions: InMemoryWebSessionStore(),
                                                devices: store, hasher: hasher, clock: clock, ids: SequentialNoteIDs())
        return TestServer(store: store, dependencies: dependencies, alice: alice, bob: bob)
    }

    func application(logger: Logger = Logger(label: "test")) -> some ApplicationProtocol {
        ServerApplication.application(router: ServerApplication.router(dependencies), host: "127.0.0.1", port: 0,
                                      logger: logger)
    }

    func test(_ setup: TestingSetup = .router, logger: Logger = Logger(label: "test"),
              _ body: @Sendable (Client) async throws -> Void) async throws {
        let (alice, bob) = (self.alice, self.bob)
        try await application(logger: logger).test(setup) { client in try await body(Client(base: client, alice: alice, bob: bob)) }
    }
}

/// A test client that speaks JSON and authenticates as alice unless told otherwise.
struct Client: Sendable {
    let base: any TestClientProtocol
    let alice: BearerToken
    let bob: BearerToken

    @discardableResult
    func send(_ method: HTTPRequest.Method, _ uri: String, as token: BearerToken?? = .none, json: String? = nil,
              headers: HTTPFields = [:]) async throws -> TestResponse {
        var fields = headers
        let chosen: BearerToken? = token ?? alice
        if let chosen { fields[.authorization] = "Bearer \(chosen)" }
        if json != nil { fields[.contentType] = "application/json" }
        return try await base.execute(uri: uri, method: method, headers: fields, body: json.map { ByteBuffer(string: $0) })
    }

    /// Sends `bytes` as they are (an attachment's), as alice unless told otherwise.
    @discardableResult
    func send(_ method: HTTPRequest.Method, _ uri: String, bytes: [UInt8], as token: BearerToken? = nil,
              headers: HTTPFields = [:]) async throws -> TestResponse {
        var fields = headers
        fields[.authorization] = "Bearer \(token ?? alice)"
        return try await base.execute(uri: uri, method: method, headers: fields, body: ByteBuffer(bytes: bytes))
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    func decoded<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    /// The `error.code` of the one error shape; `nil` if the body is not that shape.
    var errorCode: String? {
        struct Envelope: Decodable { struct Detail: Decodable { let code: String; let message: String }; let error: Detail }
        return try? decoded(Envelope.self).error.code
    }
}

enum JSONSamples {
    static func note(_ id: String = "a1", title: String = "Hello", body: String = "text", revision: Int = 1, deleted: Bool = false) -> String {
        """
        {"body":"\(body)","created":"2026-01-01T00:00:00.000Z","deleted":\(deleted),"format":1,"id":"\(id)",\
        "revision":\(revision),"tags":["x"],"title":"\(title)","updated":"2026-01-01T00:00:00.000Z"}
        """
    }

    static func push(_ requestID: String, _ changes: [(String, Int?)]) -> String {
        let items = changes.map { note, base in #"{"note":\#(note),"baseRevision":\#(base.map(String.init) ?? "null")}"# }
        return #"{"requestID":"\#(requestID)","changes":[\#(items.joined(separator: ","))]}"#
    }
}
