import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import QuillAPI
import QuillModels
import SyncStateInterface
import SyncTransportInterface

/// The live `SyncTransport`: the v1 sync API over HTTP, with Foundation's `URLSession`.
///
/// URLSession rather than async-http-client because it ships with the toolchain: the `quill`
/// binary gains no package to build (async-http-client would add swift-nio-ssl, nio-http2 and
/// more to every clean CI build). See docs/sync.md.
public final class HTTPSyncTransport: SyncTransport {
    private let credentials: Credentials
    private let session: URLSession
    private let timeout: TimeInterval

    /// `timeout` bounds each request; a request that takes longer is a retryable `.timedOut`.
    public init(credentials: Credentials, timeout: TimeInterval) {
        self.credentials = credentials
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpMaximumConnectionsPerHost = 1
        session = URLSession(configuration: configuration)
    }

    deinit { session.finishTasksAndInvalidate() }

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

    public func push(_ push: PushRequest) async throws(SyncError) -> [PushResult] {
        let body = PushRequestBody(
            requestID: push.requestID,
            changes: push.changes.map { .init(note: NoteDocument($0.note), baseRevision: $0.baseRevision) })
        var request = request(path: "v1/sync/push")
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        do {
            request.httpBody = try NoteJSON.encoder.encode(body)
        } catch {
            throw .badResponse("cannot encode the push: \(error)")
        }
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
        return try answer.results.map { (result) throws(SyncError) -> PushResult in
            let note = try Self.note(result.note)
            switch result.status {
            case .applied: return .applied(note)
            case .conflict: return .conflict(note)
            }
        }
    }

    private func request(path: String, query: [URLQueryItem] = []) -> URLRequest {
        var components = URLComponents(url: credentials.server.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if !query.isEmpty { components?.queryItems = query }
        var request = URLRequest(url: components?.url ?? credentials.server.appendingPathComponent(path))
        request.timeoutInterval = timeout
        request.setValue("Bearer \(credentials.token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return request
    }

    /// Sends a request and returns the body of a 2xx answer; anything else becomes a `SyncError`.
    private func send(_ request: URLRequest) async throws(SyncError) -> Data {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw Self.classify(error)
        }
        guard let http = response as? HTTPURLResponse else { throw .badResponse("not an HTTP answer") }
        switch http.statusCode {
        case 200..<300:
            return data
        case 401:
            throw .unauthorized
        default:
            let detail = try? JSONDecoder().decode(ErrorBody.self, from: data).error
            let message = detail?.message ?? String(decoding: data.prefix(200), as: UTF8.self)
            if http.statusCode >= 500 { throw .serverError(status: http.statusCode, message: message) }
            throw .rejected(status: http.statusCode, code: detail?.code ?? "http_\(http.statusCode)", message: message)
        }
    }

    private func decode<T: Decodable>(_ data: Data) throws(SyncError) -> T {
        do {
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

    /// Lost connections and timeouts may be retried; a server that cannot be reached is reported.
    /// An empty reply (the server closed the connection without answering; libcurl's
    /// GOT_NOTHING, which FoundationNetworking reports as `.badServerResponse`) is a lost connection.
    static func classify(_ error: any Error) -> SyncError {
        guard let urlError = error as? URLError else { return .unreachable(String(describing: error)) }
        switch urlError.code {
        case .timedOut, .networkConnectionLost, .badServerResponse:
            return .timedOut(urlError.localizedDescription)
        default:
            return .unreachable(urlError.localizedDescription)
        }
    }
}
