import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
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
    let credentials: Credentials
    private let timeout: TimeAmount
    private let eventLoops: MultiThreadedEventLoopGroup
    let client: HTTPClient

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
        let info: InfoBody = try decode(try await send(request(.info)))
        return ServerInfo(apiVersion: info.apiVersion, minimumClientAPIVersion: info.minimumClientApiVersion,
                          keepsAttachments: info.features?.contains(InfoBody.Feature.attachments) == true,
                          answersAppliedByRevision: info.features?.contains(InfoBody.Feature.appliedAsRevision) == true,
                          merges: info.features?.contains(InfoBody.Feature.merge) == true,
                          streamsEvents: info.features?.contains(InfoBody.Feature.events) == true,
                          maximumAttachmentBytes: info.limits?.maxAttachmentBytes,
                          offersShares: info.features?.contains(InfoBody.Feature.shares) == true)
    }

    public func changes(since cursor: SyncCursor?, limit: Int) async throws(SyncError) -> PulledChangePage {
        var query = [URLQueryItem(name: "limit", value: String(limit))]
        if let cursor { query.append(URLQueryItem(name: "since", value: cursor.rawValue)) }
        let page: ChangesBody = try decode(try await send(request(.changes, query: query)))
        return PulledChangePage(changes: try page.changes.map(Self.note), next: SyncCursor(page.next), hasMore: page.hasMore)
    }

    public func push(_ push: PushRequest) async throws(SyncError) -> PushReply {
        var request = request(.push)
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: push.bodyJSON))
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
        let results = try zip(answer.results, push.changes).map { (result, change) throws(SyncError) -> PushResult in
            try Self.pushResult(result, of: change)
        }
        return PushReply(results: results, next: answer.next.map(SyncCursor.init),
                         written: answer.written.map { PushWrittenSpan(after: SyncCursor($0.after), through: SyncCursor($0.through)) })
    }

    /// One change's result: the note the server holds, given whole, or, for a change applied and
    /// answered by its revision (the push asks for that), the pushed note at that revision.
    private static func pushResult(_ result: PushResultBody, of change: OutgoingChange) throws(SyncError) -> PushResult {
        guard result.id == change.note.id else {
            throw .badResponse("a push result for note \(result.id) where the change was note \(change.note.id)")
        }
        switch (result.status, result.note, result.revision) {
        case (.applied, let document?, nil): return .applied(try note(document))
        case (.conflict, let document?, nil): return .conflict(try note(document))
        case (.merged, let document?, nil): return .merged(try note(document))
        case (.applied, nil, let revision?):
            do { return .applied(try change.note.withRevision(revision)) } catch {
                throw .badResponse("note \(result.id) applied at revision \(revision): \(error)")
            }
        default:
            throw .badResponse("the push result for note \(result.id) has neither its note nor, applied, its revision alone")
        }
    }

    /// The list, then each revision whole: one request per revision, asked for on demand.
    public func history(of id: NoteID) async throws(SyncError) -> [NoteRevision] {
        let listed: RevisionListBody
        do {
            listed = try decode(try await send(request(.listRevisions, [id.rawValue])))
        } catch {
            if case .rejected(404, _, _) = error { return [] }
            throw error
        }
        var revisions: [NoteRevision] = []
        for summary in listed.revisions {
            let body: RevisionBody = try decode(try await send(request(.getRevision, [id.rawValue, String(summary.revision)])))
            guard let origin = RevisionOrigin(body.origin) else { throw .badResponse("revision \(summary.revision): unknown origin \(body.origin)") }
            revisions.append(NoteRevision(note: try Self.note(body.note), origin: origin, mergeAncestor: body.mergeAncestor))
        }
        return revisions
    }

    /// A request for `route` with `body` as JSON.
    func posting(_ body: some Encodable, to route: APIRoute, _ values: [String] = []) throws(SyncError) -> HTTPClientRequest {
        var request = request(route, values)
        request.headers.add(name: "Content-Type", value: "application/json")
        guard let data = try? JSONEncoder().encode(body) else { throw .badResponse("the request to \(route) could not be encoded") }
        request.body = .bytes(ByteBuffer(bytes: data))
        return request
    }

    /// The server's address of `route` with its parameters `values` (under the server URL's own path, if it has one).
    func address(of route: APIRoute, _ values: [String] = []) -> URL {
        credentials.server.appendingPathComponent(String(route.path(values).dropFirst()))
    }

    /// A request for `route` (its method included) with its parameters `values` and `query`.
    func request(_ route: APIRoute, _ values: [String] = [], query: [URLQueryItem] = []) -> HTTPClientRequest {
        let address = address(of: route, values)
        var components = URLComponents(url: address, resolvingAgainstBaseURL: false)
        if !query.isEmpty { components?.queryItems = query }
        var request = HTTPClientRequest(url: (components?.url ?? address).absoluteString)
        request.method = HTTPMethod(rawValue: route.method.rawValue)
        if !credentials.token.isEmpty { request.headers.add(name: "Authorization", value: "Bearer \(credentials.token)") }
        request.headers.add(name: "Accept", value: "application/json")
        return request
    }

    /// `HEAD /v1/attachments/{sha256}`: 200 and its size when whole, else 404 and `Upload-Offset`.
    public func attachment(_ hash: AttachmentHash) async throws(SyncError) -> RemoteAttachment {
        let request = request(.attachmentState, [hash.hex])
        let (status, headers, data) = try await exchange(request)
        switch status {
        case 200:
            guard let size = headers["content-length"].flatMap(Int64.init) else { throw .badResponse("HEAD without Content-Length") }
            return .whole(size: size)
        case 404:
            guard let received = headers["upload-offset"].flatMap(Int64.init) else {
                throw .rejected(status: 404, code: "not_found", message: "the server keeps no attachments")
            }
            return received > 0 ? .partial(received: received) : .absent
        default:
            _ = try answer(status: status, data: data)
            throw .badResponse("HEAD answered \(status)")
        }
    }

    /// `PUT /v1/attachments/{sha256}` with `Content-Range: bytes START-END/TOTAL`, the body
    /// streamed from `source` as the connection takes it.
    public func uploadAttachment(_ hash: AttachmentHash, from source: any AttachmentUploadSource, offset: Int64, count: Int64,
                                 total: Int64) async throws(SyncError) -> RemoteAttachment {
        var request = request(.uploadAttachment, [hash.hex])
        request.headers.add(name: "Content-Type", value: "application/octet-stream")
        if count > 0 {
            request.headers.add(name: "Content-Range", value: "bytes \(offset)-\(offset + count - 1)/\(total)")
        }
        request.body = .stream(UploadPieces(source: source, count: count, connection: eventLoops.next()), length: .known(count))
        let (status, _, data) = try await exchange(request)
        let body: AttachmentUploadBody = try decode(try answer(status: status, data: data))
        return body.complete ? .whole(size: body.received) : body.received > 0 ? .partial(received: body.received) : .absent
    }

    /// `GET /v1/attachments/{sha256}` with `Range: bytes=OFFSET-`, each piece handed on as it
    /// arrives (`DownloadPieces`: the connection reads on while `receive` works).
    public func downloadAttachment(_ hash: AttachmentHash, from offset: Int64, into receive: (UnsafeRawBufferPointer) throws -> Void) async throws {
        let address = address(of: .downloadAttachment, [hash.hex]).absoluteString
        let request: HTTPClient.Request
        do {
            request = try HTTPClient.Request(url: address, headers: [
                "Authorization": "Bearer \(credentials.token)", "Accept": "application/octet-stream", "Range": "bytes=\(offset)-",
            ])
        } catch {
            throw Self.classify(error, server: credentials.server)
        }
        let download = DownloadPieces(eventLoop: eventLoops.next())
        let task = client.execute(request: request, delegate: download, deadline: nil)
        let pieces = download.pieces.makeAsyncIterator()
        let server = credentials.server
        func next() async throws(SyncError) -> ByteBuffer? {
            do { return try await pieces.next() } catch { throw Self.classify(error, server: server) }
        }
        do {
            let head: HTTPResponseHead
            do { head = try await download.head.futureResult.get() } catch { throw Self.classify(error, server: server) }
            guard (200..<300).contains(head.status.code) else {
                var data = Data()
                while data.count < Self.largestAnswer, let piece = try await next() { data.append(contentsOf: piece.readableBytesView) }
                if head.status.code == 416 { return }
                _ = try answer(status: Int(head.status.code), data: data)
                return
            }
            while let piece = try await next() {
                try piece.withUnsafeReadableBytes { try receive($0) }
            }
        } catch {
            task.cancel()
            throw error
        }
    }

    /// Sends a request and returns the body of a 2xx answer; anything else becomes a `SyncError`.
    func send(_ request: HTTPClientRequest) async throws(SyncError) -> Data {
        let (status, _, data) = try await exchange(request)
        return try answer(status: status, data: data)
    }

    /// Sends a request and returns its answer, whatever the status.
    /// Header names are lowercased.
    private func exchange(_ request: HTTPClientRequest) async throws(SyncError) -> (status: Int, headers: [String: String], data: Data) {
        do {
            let response = try await client.execute(request, deadline: .distantFuture)
            let body = try await response.body.collect(upTo: Self.largestAnswer)
            let headers = Dictionary(response.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
            return (Int(response.status.code), headers, Data(body.readableBytesView))
        } catch {
            throw Self.classify(error, server: credentials.server)
        }
    }

    /// The body of a 2xx answer; anything else as a `SyncError`.
    func answer(status: Int, data: Data) throws(SyncError) -> Data {
        switch status {
        case 200..<300:
            return data
        case 401:
            throw .unauthorized
        default:
            let detail = try? JSONDecoder().decode(ErrorBody.self, from: data).error
            let message = detail?.message ?? Self.foreignAnswer(data)
            if status == 507 { throw .serverStorageFull(message) }
            if status >= 500 { throw .serverError(status: status, message: message) }
            throw .rejected(status: status, code: detail?.code ?? "http_\(status)", message: message)
        }
    }

    /// An answer that is not quill-server's error (another web server's, a proxy's) in one line:
    /// the first line of its text, or what it is when it is markup, never a page of HTML.
    static func foreignAnswer(_ data: Data) -> String {
        let text = String(decoding: data.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { return "an empty answer" }
        if text.hasPrefix("<") { return "an HTML page, not quill-server's answer (a proxy's, or another web server's)" }
        return String(text.prefix { !$0.isNewline })
    }

    func decode<T: Decodable>(_ data: Data) throws(SyncError) -> T {
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
