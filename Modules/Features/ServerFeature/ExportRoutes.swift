import ArchiveFeature
import ByteStreamInterface
import Hummingbird
import Logging
import QuillModels
import ServerStoreInterface

/// `GET /v1/export`: the account's notes as the `.tar.gz` that `quill export` writes, their
/// attachments included (`?history=true`: as `quill export --history` writes it, each note with its
/// earlier revisions), produced by the archive module and streamed to the client as it is compressed.
struct ExportRoutes {
    let dependencies: ServerDependencies

    func register(on group: RouterGroup<ServerRequestContext>) {
        group.on(.exportNotes) { request, context in try await export(request, context) }
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
        let exporter = ArchiveExporter(store: view, history: view,
                                       attachments: AccountExportedAttachments(repository: dependencies.attachments, account: account),
                                       compression: dependencies.compression, scratch: dependencies.scratch)
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

/// An account's attachments as an export reads them: what makes the server's export the archive
/// `quill export` writes, attachments included, each read a mebibyte at a time.
struct AccountExportedAttachments: ExportedAttachments {
    let repository: any ServerAttachmentRepository
    let account: AccountID

    func size(of hash: AttachmentHash) async throws -> Int64? {
        guard let held = try await repository.attachment(hash, account: account), held.isComplete else { return nil }
        return held.received
    }

    func read(_ hash: AttachmentHash, _ body: (ArraySlice<UInt8>) async throws -> Void) async throws {
        let reader = try await repository.openAttachment(hash, account: account)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(Self.pieceBytes)
        var offset: Int64 = 0
        while true {
            buffer.removeAll(keepingCapacity: true)
            let count = try await reader.read(at: offset, count: Self.pieceBytes, appendingTo: &buffer)
            if count == 0 { return }
            offset += Int64(count)
            try await body(buffer[...])
        }
    }

    static let pieceBytes = 1 << 20
}
