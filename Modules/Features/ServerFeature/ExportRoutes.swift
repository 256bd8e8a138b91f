import ArchiveFeature
import ByteStreamInterface
import Hummingbird
import Logging
import ServerStoreInterface

/// `GET /v1/export`: the account's notes as the `.tar.gz` that `quill export` writes
/// (`?history=true`: as `quill export --history` writes it, each note with its earlier revisions),
/// produced by the archive module and streamed to the client as it is compressed.
struct ExportRoutes {
    let dependencies: ServerDependencies

    func register(on group: RouterGroup<ServerRequestContext>) {
        group.get("export") { request, context in try await export(request, context) }
    }

    func export(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let history = try RequestInput.flag("history", request.uri.queryParameters)
        return try await AccountExport.response(account: account.id, includesHistory: history, dependencies: dependencies,
                                                logger: context.logger)
    }
}

/// One account's export as an HTTP response: what `GET /v1/export` answers, and the web
/// reader's `/export` too (one implementation).
public enum AccountExport {
    public static func response(account: AccountID, includesHistory: Bool, dependencies: ServerDependencies,
                                logger: Logger) async throws -> Response {
        let view = try await AccountNotesView.load(dependencies.notes, account: account)
        var headers: HTTPFields = [.contentType: "application/gzip", .contentDisposition: "attachment; filename=\"quill-export.tar.gz\""]
        headers.append(contentsOf: UnreadableNotesReport.headers(view.unreadable, logger: logger, metrics: dependencies.metrics))
        let exporter = ArchiveExporter(store: view, history: view, attachments: nil, compression: dependencies.compression, scratch: dependencies.scratch)
        let sink = StreamingSink()
        let producer = Task {
            do {
                _ = try await exporter.export(to: sink, options: ExportOptions(includesHistory: includesHistory))
                sink.finish()
            } catch {
                // The status line is already sent: all that can be done is to cut the response short.
                logger.error("export failed midway", metadata: ["error": "\(error)"])
                sink.finish(throwing: error)
            }
        }
        sink.onTermination { producer.cancel() }
        return Response(
            status: .ok,
            headers: headers,
            body: ResponseBody(asyncSequence: sink.pieces))
    }
}
