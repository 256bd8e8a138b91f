import ByteStreamTesting
import Foundation
import Hummingbird
import HummingbirdTesting
import StandardInterfaces
import QuillModels
import ServerFeature
import ServerStoreInterface
import ServerStoreTesting
import ServerTestComposition
import StandardTesting
import Testing
import WebReaderFeature
import ZlibCompression

/// The server's router with the web reader, over an in-memory store with two accounts, alice and bob.
struct WebTestServer {
    let store: InMemoryServerStore
    let sessions: InMemoryWebSessionStore
    let clock: SteppingClock
    let web: WebReaderDependencies
    let alice: BearerToken
    let bob: BearerToken
    let registration: AccountRegistration
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    /// `attachments` may wrap the store's attachments as the routes see them (e.g. to act mid-download),
    /// and `notes` its notes (e.g. to make writes fail).
    static func make(settings: WebReaderSettings = WebReaderSettings(pageSize: 3), trustedProxies: Set<String> = [],
                     attachmentLimits: AttachmentLimits = AttachmentLimits(),
                     attachments: (InMemoryServerStore) -> any ServerAttachmentRepository = { $0 },
                     notes: (InMemoryServerStore) -> any ServerNoteRepository = { $0 },
                     oidc: (settings: OIDCSettings, provider: any IdentityProvider)? = nil) async throws -> WebTestServer {
        let store = InMemoryServerStore()
        let hasher = MarkerTokenHasher()
        let clock = SteppingClock(start: start, step: 0)
        let registration = AccountRegistration(accounts: store, tokens: SequentialTokenGenerator(), hasher: hasher, clock: clock)
        let alice = try await registration.register(name: "alice").token
        let bob = try await registration.register(name: "bob").token
        var server = ServerTestRoots.test(notes: notes(store), accounts: store, readiness: store, attachments: store, links: store,
                                          shares: store, sites: store, devices: store, hasher: hasher, clock: clock, ids: SequentialNoteIDs())
        server.attachmentLimits = attachmentLimits
        server.trustedProxies = trustedProxies
        server.attachments = attachments(store)
        let sessions = InMemoryWebSessionStore()
        var web = ServerTestRoots.web(server: server, store: store, sessions: sessions, settings: settings)
        web.oidc = oidc.map {
            OIDCSignIn(settings: $0.settings, provider: $0.provider, links: store, pending: store, accounts: store,
                       secrets: SequentialTokenGenerator(startingAfter: 1000), hasher: hasher, clock: clock)
        }
        return WebTestServer(store: store, sessions: sessions, clock: clock, web: web, alice: alice, bob: bob, registration: registration)
    }

    func test(_ setup: TestingSetup = .router, _ body: @Sendable (Browser) async throws -> Void) async throws {
        let router = try ServerApplication.router(web.server, pages: { try WebReader.register(on: $0, web) })
        let application = ServerApplication.application(router: router, host: "127.0.0.1", port: 0, logger: .init(label: "test"))
        try await application.test(setup) { client in try await body(Browser(client: client)) }
    }

    /// A note in alice's (or another) account, written straight to the store.
    @discardableResult
    func note(_ id: String, _ title: String, body: String = "text", tags: [String] = [], account name: String = "alice",
              minutes: Double = 0) async throws -> Note {
        let account = try #require(try await store.accountSummaries().first { $0.account.name == name }).account
        let date = Self.start.addingTimeInterval(minutes * 60)
        let note = try Note(id: try #require(NoteID(id)), title: title, body: body, tags: Tag.normalize(tags), created: date, updated: date)
        return try await store.create(note, account: account.id)
    }
}

/// A test client that keeps cookies like a browser, and knows the forms' CSRF field.
actor Browser {
    let client: any TestClientProtocol
    private(set) var cookies: [String: String] = [:]

    init(client: any TestClientProtocol) { self.client = client }

    @discardableResult
    func get(_ uri: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await send(.get, uri, headers: headers)
    }

    /// A form POST; `csrf: true` adds the token of the last page that had one.
    @discardableResult
    func post(_ uri: String, _ fields: [(String, String)], headers: HTTPFields = [:]) async throws -> TestResponse {
        var fieldHeaders = headers
        fieldHeaders[.contentType] = "application/x-www-form-urlencoded"
        let body = fields.map { "\(Self.encoded($0.0))=\(Self.encoded($0.1))" }.joined(separator: "&")
        return try await send(.post, uri, headers: fieldHeaders, body: body)
    }

    /// A form POST with files, as `multipart/form-data` with the fields first, as a browser sends a form
    /// whose file input comes last.
    @discardableResult
    func postMultipart(_ uri: String, _ fields: [(String, String)], files: [(field: String, filename: String, bytes: [UInt8])],
                       headers: HTTPFields = [:]) async throws -> TestResponse {
        let boundary = "----QuillTestBoundary7MA4YWxkTrZu0gW"
        var body: [UInt8] = []
        for (name, value) in fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        for file in files {
            body += Array(("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.filename)\"\r\n"
                           + "Content-Type: application/octet-stream\r\n\r\n").utf8) + file.bytes + Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        var fieldHeaders = headers
        fieldHeaders[.contentType] = "multipart/form-data; boundary=\(boundary)"
        fieldHeaders[.contentLength] = String(body.count)
        return try await send(.post, uri, headers: fieldHeaders, bytes: body)
    }

    func send(_ method: HTTPRequest.Method, _ uri: String, headers: HTTPFields = [:], body: String? = nil) async throws -> TestResponse {
        try await send(method, uri, headers: headers, bytes: body.map { Array($0.utf8) })
    }

    func send(_ method: HTTPRequest.Method, _ uri: String, headers: HTTPFields = [:], bytes: [UInt8]?) async throws -> TestResponse {
        var fields = headers
        if !cookies.isEmpty, fields[.cookie] == nil {
            fields[.cookie] = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        }
        let response = try await client.execute(uri: uri, method: method, headers: fields, body: bytes.map { ByteBuffer(bytes: $0) })
        for header in response.headers[values: .setCookie] {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0]), value = pair.count > 1 ? String(pair[1]) : ""
            if value.isEmpty || header.lowercased().contains("max-age=0") { cookies[name] = nil } else { cookies[name] = value }
        }
        return response
    }

    func forget(_ cookie: String) { cookies[cookie] = nil }
    func setCookie(_ name: String, _ value: String) { cookies[name] = value }

    /// Signs in with `token` through the form, as a person would.
    @discardableResult
    func signIn(_ token: BearerToken, userAgent: String? = nil) async throws -> TestResponse {
        let form = try await get("/login")
        return try await post("/login", [("token", token.description), ("csrf", try form.csrf())],
                              headers: userAgent.map { [.userAgent: $0] } ?? [:])
    }

    static func encoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    /// The value of the page's hidden `csrf` field.
    func csrf() throws -> String { try field("csrf") }

    /// The value of the input named `name` on the page.
    func field(_ name: String) throws -> String {
        let named = try #require(text.range(of: "name=\"\(name)\""), "no field \(name) in \(text)").upperBound
        let tagEnd = try #require(text[named...].firstIndex(of: ">"))
        let start = try #require(text[named..<tagEnd].range(of: "value=\""), "field \(name) has no value").upperBound
        let end = try #require(text[start...].firstIndex(of: "\""))
        return String(text[start..<end])
    }

    var location: String? { headers[.location] }
}
