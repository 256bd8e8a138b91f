import AsyncHTTPClient
import Foundation
import QuillAPI
import QuillModels
import SyncStateInterface
import SyncTransportInterface

extension HTTPSyncTransport {
    /// `GET /v1/events` with `Last-Event-ID`, read as it arrives. The client's read timeout
    /// (longer than the server's heartbeat) notices a connection that went silent.
    public func followEvents(after cursor: SyncCursor?, _ receive: @Sendable (ServerEvent) async -> Void) async throws(SyncError) {
        var request = request(.events)
        request.headers.replaceOrAdd(name: "Accept", value: "text/event-stream")
        if let cursor { request.headers.add(name: "Last-Event-ID", value: cursor.rawValue) }
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, deadline: .distantFuture)
        } catch {
            throw Self.classify(error, server: credentials.server)
        }
        guard response.status.code == 200 else {
            let body = (try? await response.body.collect(upTo: 1 << 16)).map { Data($0.readableBytesView) } ?? Data()
            _ = try answer(status: Int(response.status.code), data: body)
            throw .badResponse("GET /v1/events answered \(response.status.code)")
        }
        var parser = ServerSentEvents()
        do {
            for try await piece in response.body {
                for event in try parser.take(piece.readableBytesView) {
                    guard let decoded = try Self.serverEvent(event) else { continue }
                    await receive(decoded)
                    if case .closed = decoded { return }
                }
            }
        } catch let error as SyncError {
            throw error
        } catch is ServerSentEvents.Failure {
            throw .badResponse("GET /v1/events sent a line longer than \(ServerSentEvents.longestLine) bytes")
        } catch {
            if Task.isCancelled { return }
            throw Self.classify(error, server: credentials.server)
        }
    }

    /// The event a watcher acts on; `nil` for one of a kind this client does not know (a later
    /// server may send more kinds).
    private static func serverEvent(_ event: ServerSentEvents.Event) throws(SyncError) -> ServerEvent? {
        let data = Data(event.data.utf8)
        func decoded<T: Decodable>(_ type: T.Type) throws(SyncError) -> T {
            do { return try JSONDecoder().decode(type, from: data) } catch {
                throw .badResponse("a '\(event.name)' event of GET /v1/events: \(error)")
            }
        }
        switch event.name {
        case "ready": return .ready(cursor: SyncCursor(try decoded(EventCursorBody.self).cursor))
        case "resync": return .resync(cursor: SyncCursor(try decoded(EventCursorBody.self).cursor))
        case "note":
            guard let id = event.id else { throw .badResponse("a 'note' event of GET /v1/events without an ID") }
            let body = try decoded(NoteChangeEventBody.self)
            return .noteChanged(cursor: SyncCursor(id), id: body.id, revision: body.revision)
        case "closed": return .closed(reason: try decoded([String: String].self)["reason"] ?? "the server ended the stream")
        default: return nil
        }
    }
}
