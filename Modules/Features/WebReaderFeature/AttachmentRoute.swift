import Hummingbird
import QuillModels
import ServerFeature
import ServerStoreInterface

/// `/notes/attachments/{sha256}/{name}`: an attachment of the signed-in account, where a note
/// page's relative references (`attachments/<sha256>/<name>`, docs/attachments.md) lead.
///
/// Only the image types every browser shows (`AttachmentName.isImage`: PNG, JPEG, GIF, WebP) are
/// served inline, so that a note shows its pictures; anything else, SVG and HTML included, is a
/// download (`Content-Disposition: attachment`), and `nosniff` keeps the browser from guessing.
extension WebRoutes {
    func attachment(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.require(request, context)
        guard let hash = context.parameters.get("sha256").flatMap(AttachmentHash.init), let name = context.parameters.get("name"),
              let state = try await dependencies.server.attachments.attachment(hash, account: signedIn.account.id), state.isComplete
        else { throw WebPageError(status: .notFound, message: "There is no such attachment.") }
        let safeName = AttachmentName.safe(name.removingPercentEncoding ?? name)
        var headers: HTTPFields = [.contentLength: String(state.received), .cacheControl: "private, max-age=31536000, immutable"]
        if AttachmentName.isImage(safeName) {
            headers[.contentType] = AttachmentName.mediaType(of: safeName)
        } else {
            headers[.contentType] = "application/octet-stream"
            headers[.contentDisposition] = "attachment; filename*=UTF-8''" + AttachmentName.percentEncoded(safeName)
        }
        return Response(status: .ok, headers: headers,
                        body: AttachmentDownload.body(hash, account: signedIn.account.id, range: 0..<state.received,
                                                    repository: dependencies.server.attachments, connection: context.eventLoop))
    }
}
