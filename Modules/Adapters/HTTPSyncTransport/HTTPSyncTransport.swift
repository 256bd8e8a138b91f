import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import QuillAPI
import QuillModels
import SyncStateInterface
import SyncTransportInterface

/// The live `SyncTransport`: the v1 sync API over HTTP or HTTPS, with async-http-client on a
/// SwiftNIO event loop of its own.
///
/// Not Foundation's `URLSession`: on Linux it is libcurl underneath, and loading libcurl and the
/// thirty-odd libraries it needs cost every start of `quill` about 5 ms, whether it synced or
/// not, a fifth of a search. See docs/sync.md.
public final class HTTPSyncTransport: SyncTransport {
    private let credentials: Credentials
    private let timeout: TimeAmount
    private let eventLoops: MultiThreadedEventLoopGroup
    private let client: HTTPClient

    /// The largest answer read; a page of changes is far smaller.
    static let largestAnswer = 256 << 20

    /// `timeout` bounds connecting and each wait for the server; a request that waits longer is a
    /// retryable `.timedOut`.
    public init(credentials: Credentials, timeout: TimeInterval) {
        self.credentials = credentials
        self.timeout = .milliseconds(Int64(timeout * 1000))
        eventLoops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        var configuration = HTTPClient.Configuration(timeout: .init(connect: self.timeout, read: self.timeout))
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroup: eventLoops, configuration: configuration)
    }

    deinit {
        let eventLoops = eventLoops
        client.shutdown { _ in eventLoops.shutdownGracefully { _ in } }
    }

    public func serverInfo() async throws(SyncError) -> ServerInfo {
        let info: InfoBody = try decode(try await send(request(path: "v1/info")))
        return ServerInfo(apiVersion: info.apiVersion, minimumClientAPIVersion: info.minimumClientApiVersion)
    }

    public func changes(since cursor: SyncCursor?, limit: Int) async throws(SyncError) -> PulledChangePage {
        var query = [URLQueryItem(name: "limit", value: String(limit))]
        if let cursor { query.append(URLQueryItem(name: "since", value: cursor.rawValue)) }
        let page: ChangesBody = try decode(try await send(request(path: "v1/changes", query: query)))
        return PulledChangePage(changes: try page.changes.map(Self.note), next: SyncCursor(page.next), hasMore: page.hasMore)
    }

    public func push(_ push: PushRequest) async throws(SyncError) -> PushReply {
        var request = request(path: "v1/sync/push")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: push.body.jsonBytes()))
        let data: Data
        do {
            data = try await send(request)
        } catch {
            if case .rejected(_, "request_id_reused", _) = error { throw .requestIDReused(push.requestID) }
            throw error
        }
        let answer: PushResponseBody = try decode(data)
        guard answer.results.count == push.changes.count else {
            throw .badResponse("\(answer.results.count) results for \(push.changes.count) changes")
        }
        let results = try answer.results.map { (result) throws(SyncError) -> PushResult in
            let note = try Self.note(result.note)
            switch result.status {
            case .applied: return .applied(note)
            case .conflict: return .conflict(note)
            }
        }
        return PushReply(results: results, next: answer.next.map(SyncCursor.init))
    }

    /// The list, then each revision whole: one request per revision, asked for on demand.
    public func history(of id: NoteID) async throws(SyncError) -> [NoteRevision] {
        let listed: RevisionListBody
        do {
            listed = try decode(try await send(request(path: "v1/notes/\(id.rawValue)/revisions")))
        } catch {
            if case .rejected(404, _, _) = error { return [] }
            throw error
        }
        var revisions: [NoteRevision] = []
        for summary in listed.revisions {
            let body: RevisionBody = try decode(try await send(request(path: "v1/notes/\(id.rawValue)/revisions/\(summary.revision)")))
            guard let origin = RevisionOrigin(body.origin) else { throw .badResponse("revision \(summary.revision): unknown origin \(body.origin)") }
            revisions.append(NoteRevision(note: try Self.note(body.note), origin: origin))
        }
        return revisions
    }

    private func request(path: String, query: [URLQueryItem] = []) -> HTTPClientRequest {
        var components = URLComponents(url: credentials.server.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if !query.isEmpty { components?.queryItems = query }
        var request = HTTPClientRequest(url: (components?.url ?? credentials.server.appendingPathComponent(path)).absoluteString)
        request.headers.add(name: "Authorization", value: "Bearer \(credentials.token)")
        request.headers.add(name: "Accept", value: "application/json")
        return request
    }

    /// Sends a request and returns the body of a 2xx answer; anything else becomes a `SyncError`.
    private func send(_ request: HTTPClientRequest) async throws(SyncError) -> Data {
        let status: Int
        let data: Data
        do {
            let response = try await client.execute(request, deadline: .distantFuture)
            let body = try await response.body.collect(upTo: Self.largestAnswer)
            status = Int(response.status.code)
            data = Data(body.readableBytesView)
        } catch {
            throw Self.classify(error, server: credentials.server)
        }
        switch status {
        case 200..<300:
            return data
        case 401:
            throw .unauthorized
        default:
            let detail = try? JSONDecoder().decode(ErrorBody.self, from: data).error
            let message = detail?.message ?? String(decoding: data.prefix(200), as: UTF8.self)
            if status >= 500 { throw .serverError(status: status, message: message) }
            throw .rejected(status: status, code: detail?.code ?? "http_\(status)", message: message)
        }
    }

    private func decode<T: Decodable>(_ data: Data) throws(SyncError) -> T {
        do {
            if let readable = T.self as? any CanonicalJSONReadable.Type { return try readable.decoded(from: data) as! T }
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw .badResponse(String(describing: error))
        }
    }

    private static func note(_ document: NoteDocument) throws(SyncError) -> Note {
        do {
            return try document.note()
        } catch {
            throw .badResponse("note \(document.id): \(error.description)")
        }
    }
}
