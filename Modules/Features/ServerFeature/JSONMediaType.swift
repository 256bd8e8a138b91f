import Foundation
import Hummingbird

/// Which `Content-Type`s a JSON request body may come with.
///
/// JSON is read whatever it is labelled, except under a type that says it is something else:
/// no `Content-Type`, `application/json`, any `application/*+json` (`merge-patch+json` for
/// PATCH) and `application/x-www-form-urlencoded`, which is what `curl -d` sends when not told
/// otherwise, are all read as JSON, so `curl -d '{"title":"x"}'` works. A body labelled as
/// anything else (`curl -F`'s `multipart/form-data`, `text/plain`, XML…) is answered 415.
enum JSONMediaType {
    static func check(_ request: Request) throws {
        guard let value = request.headers[.contentType] else { return }
        let type = value.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if type == "application/json" || type == "application/x-www-form-urlencoded" { return }
        if type.hasPrefix("application/"), type.hasSuffix("+json") { return }
        throw APIError.unsupportedMediaType(value)
    }
}

extension APIError {
    static func unsupportedMediaType(_ contentType: String) -> APIError {
        APIError(.unsupportedMediaType, code: "unsupported_media_type",
                 message: "Content-Type '\(contentType)' is not JSON; send a JSON body as 'Content-Type: application/json' (curl: --json '{…}')")
    }
}
