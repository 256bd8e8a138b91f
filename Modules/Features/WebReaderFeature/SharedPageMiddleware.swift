import Hummingbird
import ServerFeature

/// Wraps the pages anyone may open, shared (`/s/...`) and published (`/p/...`): failures become
/// the same page the web reader shows, and every response carries the headers such a page needs:
/// no `Referer` to the sites it links to, no framing, and the web reader's content security policy
/// unless the handler set a stricter one. A shared page is also kept out of search engines and
/// out of every cache (a revoked link must not live on there); a published one (`indexable`) may
/// be indexed, and cached as its handler says.
struct SharedPageMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    static let headers: [(name: String, value: String)] = [
        ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY"),
    ]
    static let unlistedHeaders: [(name: String, value: String)] = [("X-Robots-Tag", "noindex, nofollow"), ("Cache-Control", "no-store")]

    let pages: WebPages
    let indexable: Bool

    init(pages: WebPages, indexable: Bool = false) {
        self.pages = pages
        self.indexable = indexable
    }

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
        for (name, value) in Self.headers + (indexable ? [] : Self.unlistedHeaders) {
            if let field = HTTPFields.Element.Name(name) { response.headers[field] = value }
        }
        if response.headers[.contentSecurityPolicy] == nil {
            response.headers[.contentSecurityPolicy] = WebPageMiddleware.readersContentSecurityPolicy
        }
        return response
    }
}
