import Hummingbird
import Logging
import ServerStoreInterface

/// Turns every error a handler (or Hummingbird) throws into the one JSON error shape.
///
/// It sits outside every route, so an unknown route, an oversized body and a database
/// failure all answer alike; anything unexpected is logged and answered with a bare 500.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            return try APIErrorMapping.apiError(for: error, request: request, logger: context.logger)
                .response(from: request, context: context)
        }
    }
}

/// Which `APIError` a thrown error becomes: the one table of which failure answers with which
/// status, and which is logged; the web reader's pages take their status from it too.
public enum APIErrorMapping {
    static func apiError(for error: any Error, request: Request, logger: Logger) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as ServerStoreError:
            return storeError(error, logger: logger)
        case let error as any HTTPResponseError:
            return httpError(error.status, request: request)
        default:
            logger.error("unexpected error", metadata: ["error": "\(String(reflecting: error))"])
            return .internalError
        }
    }

    public static func storeError(_ error: ServerStoreError, logger: Logger) -> APIError {
        switch error {
        case .notFound(let id): return .notFound("no note with ID \(id)")
        case .alreadyExists(let id): return .alreadyExists(id)
        case .revisionMismatch(let id, let current): return .revisionMismatch(id, current: current)
        case .accountNameTaken, .identityLinked: return APIError(.conflict, code: "already_exists", message: error.description)
        case .accountNotFound: return .notFound(error.description)
        case .pushRequestReused: return APIError(.unprocessableContent, code: "request_id_reused", message: error.description)
        case .attachmentOffset: return APIError(.conflict, code: "upload_offset", message: error.description)
        case .attachmentComplete: return APIError(.conflict, code: "already_complete", message: error.description)
        case .unavailable:
            logger.error("database unavailable", metadata: ["error": "\(error)"])
            return .unavailable("the database is unavailable; retry later")
        case .storageFull:
            logger.error("the disk under the store is full", metadata: ["error": "\(error)"])
            return .storageFull
        case .corrupt:
            logger.error("corrupt data", metadata: ["error": "\(error)"])
            // Names what is damaged (e.g. "note 3f2a…: the title is empty"): only that record fails.
            return APIError(.internalServerError, code: "internal_error", message: "\(error.description); the failure is logged")
        case .schemaTooNew:
            logger.error("database schema is newer than this server", metadata: ["error": "\(error)"])
            return .internalError
        }
    }

    static func httpError(_ status: HTTPResponse.Status, request: Request) -> APIError {
        switch status {
        case .notFound: .notFound("no route for \(request.method) \(request.uri.path)")
        case .contentTooLarge: .payloadTooLarge(limit: RequestInput.maximumBodyBytes)
        case .unauthorized: .unauthorized
        case .badRequest: .badRequest("malformed request")
        default:
            APIError(status, code: status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_"),
                     message: status.reasonPhrase)
        }
    }
}
