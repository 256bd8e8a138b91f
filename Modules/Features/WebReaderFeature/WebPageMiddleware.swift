import Hummingbird
import ServerFeature
import ServerStoreInterface

/// Wraps every web reader route: turns failures into HTML pages (never the API's JSON), sends
/// a GET without a session to `/login` (which leads back to the page once signed in), and puts
/// the security headers on every response.
struct WebPageMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    /// The headers every web reader response carries.
    static let securityHeaders: [(name: HTTPFields.Element.Name, value: String)] = [
        ("Content-Security-Policy", contentSecurityPolicy), ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "same-origin"), ("X-Frame-Options", "DENY"),
    ].compactMap { name, value in HTTPFields.Element.Name(name).map { (name: $0, value: value) } }

    /// The signed-in pages' policy: their one script (`WebLiveScript`) and its stream come from this site.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; style-src 'self'; "
        + "img-src 'self'; form-action 'self'; "
        + "frame-ancestors 'none'; base-uri 'none'"
    /// The policy of the pages anyone may read (shared notes, published sites): no script at all.
    static let readersContentSecurityPolicy =
        "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    let pages: WebPages

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch is SignInRequired {
            response = request.method == .get || request.method == .head
                ? WebPages.redirect(SignInReturn.loginPath(returningTo: request.uri.description))
                : pages.error(.forbidden, "You are not signed in (or your session ended). Sign in and try again.")
        } catch let error as WebPageError {
            response = pages.error(error.status, error.message)
        } catch let error as ServerStoreError {
            let status = APIErrorMapping.storeError(error, logger: context.logger).status
            response = pages.error(status, Self.sentence(for: status))
        } catch {
            context.logger.error("web page failed", metadata: ["error": "\(String(reflecting: error))"])
            response = pages.error(.internalServerError, "Something went wrong on the server.")
        }
        for header in Self.securityHeaders { response.headers[header.name] = header.value }
        return response
    }

    /// What a person reads when the store failed, by the status the API answers the same failure
    /// with (`APIErrorMapping`, which also logs what an administrator must see). A note changed
    /// meanwhile never comes here: the routes answer it with the page that shows both versions.
    static func sentence(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound:
            "There is no such note."
        case .serviceUnavailable:
            "The notes cannot be reached right now. Try again in a moment."
        case APIError.storageFull.status:
            "The server's disk is full, so nothing was saved. Go back to keep your text, and save it again once the server's administrator has freed space."
        default:
            "Something went wrong on the server; nothing was changed."
        }
    }
}
