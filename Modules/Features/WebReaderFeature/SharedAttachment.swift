import Hummingbird
import QuillModels
import ServerFeature
import ServerStoreInterface

/// An attachment served to anyone, from a shared page or a published site: shown inline only
/// for the image types every browser shows, downloaded otherwise, never sniffed, and sandboxed,
/// so that nothing in it runs as the web reader.
enum SharedAttachment {
    static let contentSecurityPolicy = "default-src 'none'; sandbox"

    /// The attachment's bytes as a streamed response (headers alone for `HEAD`); `stillAllowed`,
    /// asked as the download goes, ends it once it says no.
    static func response(_ hash: AttachmentHash, name: String, size: Int64, account: AccountID, server: ServerDependencies,
                         context: ServerRequestContext, head: Bool = false,
                         stillAllowed: (@Sendable () async throws -> Bool)?) -> Response {
        let safeName = AttachmentName.safe(name.removingPercentEncoding ?? name)
        let inline = AttachmentName.isImage(safeName)
        let headers: HTTPFields = [
            .contentLength: String(size),
            .contentType: inline ? AttachmentName.mediaType(of: safeName) : "application/octet-stream",
            .contentDisposition: (inline ? "inline" : "attachment") + "; filename*=UTF-8''" + AttachmentName.percentEncoded(safeName),
            .contentSecurityPolicy: contentSecurityPolicy,
        ]
        guard !head else { return Response(status: .ok, headers: headers) }
        return Response(status: .ok, headers: headers,
                        body: AttachmentDownload.body(hash, account: account, range: 0..<size, repository: server.attachments,
                                                      connection: context.eventLoop, stillAllowed: stillAllowed))
    }
}
