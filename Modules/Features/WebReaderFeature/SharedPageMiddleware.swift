import Hummingbird
import ServerFeature

/// Wraps the shared pages (`/s/...`): failures become the same page the web reader shows, and
/// every response carries the headers a page anyone may open needs: out of search engines, no
/// `Referer` to the sites it links to, never kept in a cache (a revoked link must not live on
/// there), and the web reader's content security policy unless the handler set a stricter one.
struct SharedPageMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    static let headers: [(name: String, value: String)] = [
        ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY"),
        ("X-Robots-Tag", "noindex, nofollow"), ("Cache-Control", "no-store"),
    ]

    let pages: WebPages

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let refusal as SharedPageRefusal {
            response = refusal.response
        } catch let error as WebPageError {
            response = pages.error(error.status, error.message)
        } catch {
            context.logger.error("shared page failed", metadata: ["error": "\(String(reflecting: error))"])
            response = pages.error(.internalServerError, "Something went wrong on the server.")
        }
        for (name, value) in Self.headers {
            if let field = HTTPFields.Element.Name(name) { response.headers[field] = value }
        }
        if response.headers[.contentSecurityPolicy] == nil {
            response.headers[.contentSecurityPolicy] = WebPageMiddleware.contentSecurityPolicy
        }
        return response
    }
}
