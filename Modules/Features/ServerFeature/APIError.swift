import Foundation
import Hummingbird
import QuillAPI
import QuillModels

/// The one error shape of the API: `{"error": {"code": "...", "message": "..."}}`.
///
/// Every failure a client can see is one of these, so clients switch on `code` and show
/// `message`; nothing else (no stack trace, no framework text) ever reaches them.
public struct APIError: Error, HTTPResponseError, Equatable {
    public let status: HTTPResponse.Status
    public let code: String
    public let message: String
    /// Headers the status calls for, e.g. `Allow` with a 405.
    public let headers: HTTPFields

    public init(_ status: HTTPResponse.Status, code: String, message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        try JSONBody.response(ErrorBody(code: code, message: message), status: status, headers: headers)
    }

    public static func badRequest(_ message: String) -> APIError { APIError(.badRequest, code: "bad_request", message: message) }
    /// A 401 names the scheme that answers it (RFC 7235, with RFC 6750's form for bearer tokens).
    private static let bearerChallenge = #"Bearer realm="quill""#
    public static let unauthorized = APIError(.unauthorized, code: "unauthorized", message: "a valid 'Authorization: Bearer <token>' header is required",
                                              headers: [.wwwAuthenticate: bearerChallenge])
    public static let tokenExpired = APIError(
        .unauthorized, code: "token_expired", message: "this token has expired; ask for a new one",
        headers: [.wwwAuthenticate: bearerChallenge + #", error="invalid_token", error_description="this token has expired""#])
    public static let readOnlyToken = APIError(
        .forbidden, code: "read_only_token", message: "this token is read-only: it can read, search and export, not write")
    public static func notFound(_ message: String) -> APIError { APIError(.notFound, code: "not_found", message: message) }
    public static func alreadyExists(_ id: NoteID) -> APIError {
        APIError(.conflict, code: "already_exists", message: "a note with ID \(id) already exists")
    }
    public static func revisionMismatch(_ id: NoteID, current: Int) -> APIError {
        APIError(.preconditionFailed, code: "revision_mismatch", message: "note \(id) is at revision \(current); fetch it and retry")
    }
    public static func methodNotAllowed(_ method: String, path: String, allowed: [String]) -> APIError {
        APIError(.methodNotAllowed, code: "method_not_allowed", message: "\(path) does not support \(method); it supports \(allowed.joined(separator: ", "))",
                 headers: [.allow: allowed.joined(separator: ", ")])
    }
    public static let preconditionRequired = APIError(
        .preconditionRequired, code: "precondition_required", message: "this request needs an 'If-Match: \"<revision>\"' header")
    public static func payloadTooLarge(limit: Int) -> APIError {
        APIError(.contentTooLarge, code: "payload_too_large", message: "the request body is larger than \(limit) bytes")
    }
    /// Too many wrong secrets from one client or against one account: wait `retryAfter` seconds.
    public static func tooManyGuesses(retryAfter seconds: Int) -> APIError {
        APIError(.tooManyRequests, code: "too_many_attempts", message: "too many wrong tokens or codes; try again in \(seconds) s",
                 headers: [.retryAfter: String(seconds)])
    }
    public static func unavailable(_ message: String) -> APIError { APIError(.serviceUnavailable, code: "unavailable", message: message) }
    /// The disk under the store is full: not a failure to retry at once, but one the server's
    /// administrator must mend (507 Insufficient Storage).
    public static let storageFull = APIError(
        HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), code: "storage_full",
        message: "the server's disk is full: nothing of this request was stored; its administrator must free space on it, then the request can be sent again")
    public static let internalError = APIError(.internalServerError, code: "internal_error", message: "the server failed; the failure is logged")
}
