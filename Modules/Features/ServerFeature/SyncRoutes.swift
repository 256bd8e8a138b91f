import Hummingbird
import QuillAPI
import QuillModels
import ServerStoreInterface

/// `/v1/changes` and `/v1/sync/push`: what the sync client pulls and pushes.
struct SyncRoutes {
    static let defaultPageSize = 500
    static let maximumPageSize = 1000
    static let maximumPushChanges = 1000

    let dependencies: ServerDependencies

    func register(on group: RouterGroup<ServerRequestContext>) {
        group.on(.changes) { request, context in try await changes(request, context) }
        group.on(.push) { request, context in try await push(request, context) }
    }

    func changes(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let query = RequestInput.formQuery(request)
        let limit = try RequestInput.limit(query, default: Self.defaultPageSize, maximum: Self.maximumPageSize)
        var cursor = ChangeCursor.beginning
        if let text = query.get("since") {
            guard let parsed = ChangeCursor(text) else { throw APIError.badRequest("since: '\(text)' is not a cursor this server gave out") }
            cursor = parsed
        }
        if let encoded = try await dependencies.notes.encodedChanges(account: account.id, after: cursor, limit: limit) {
            return JSONBody.pieces(encoded.jsonBuffers())
        }
        let page = try await dependencies.notes.changes(account: account.id, after: cursor, limit: limit)
        let headers = UnreadableNotesReport.headers(page.unreadable, logger: context.logger, metrics: dependencies.metrics)
        return JSONBody.written(ChangesBody(changes: page.notes.map(NoteDocument.init), next: page.next.description, hasMore: page.hasMore),
                                headers: headers)
    }

    func push(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let body = try await RequestInput.decode(PushRequestBody.self, from: request)
        guard let requestID = PushRequestID(body.requestID) else {
            throw APIError.badRequest("requestID: must be 1 to \(PushRequestID.maximumLength) characters (code points), none a control character")
        }
        guard body.changes.count <= Self.maximumPushChanges else {
            throw APIError.badRequest("changes: \(body.changes.count) changes; at most \(Self.maximumPushChanges) per push")
        }
        var since: ChangeCursor?
        if let text = body.since {
            guard let parsed = ChangeCursor(text) else { throw APIError.badRequest("since: '\(text)' is not a cursor this server gave out") }
            since = parsed
        }
        var changes: [PushedChange] = []
        changes.reserveCapacity(body.changes.count)
        for (index, change) in body.changes.enumerated() {
            if let base = change.baseRevision, !(1...PushedChange.maximumBaseRevision).contains(base) {
                throw APIError.badRequest("changes[\(index)].baseRevision: \(base) is not a revision from 1 to \(PushedChange.maximumBaseRevision)")
            }
            let note = try RequestInput.note(from: change.note, field: "changes[\(index)].note")
            changes.append(PushedChange(note: note, baseRevision: change.baseRevision, mayMerge: body.merge == true))
        }
        let answer = try await PushReplay(dependencies.notes).push(changes, requestID: requestID, account: account.id,
                                                                   at: dependencies.clock.now())
        return JSONBody.written(PushResponseBody(
            results: answer.outcomes.map { $0.result(appliedAs: body.appliedAs ?? .note) }, next: answer.next(since: since)?.description,
            written: answer.written.map { PushWrittenBody(after: $0.after.description, through: $0.through.description) }))
    }
}
