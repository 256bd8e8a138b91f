import Hummingbird

/// Answers `405 Method Not Allowed` with an `Allow` header when a path the API serves is asked
/// with a method it does not serve; other unknown requests stay 404.
///
/// It knows the routes from the router's own table (`Router.routes`), so a new route is
/// covered without a list kept by hand. Added after every route, it wraps only Hummingbird's
/// "no route" responder; it turns only that responder's 404 (`HTTPError`) into a 405.
struct MethodNotAllowedMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    /// One path template and the methods the router serves on it.
    struct Route {
        let path: RouterPath
        let methods: [HTTPRequest.Method]
    }

    let routes: [Route]

    init(routes: [Router<ServerRequestContext>.RouteDescription]) {
        var methods: [String: (RouterPath, [HTTPRequest.Method])] = [:]
        for route in routes { methods[route.path.description, default: (route.path, [])].1.append(route.method) }
        self.routes = methods.values.map { Route(path: $0.0, methods: $0.1) }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let segments = request.uri.path.split(separator: "/")
            let matching = routes.filter { Self.path($0.path, matches: segments) }
            let allowed = Set(matching.flatMap(\.methods).map(\.rawValue)).sorted()
            guard let first = matching.first, !allowed.isEmpty else { throw error }
            context.coreContext.endpointPath.value = first.path.description
            throw APIError.methodNotAllowed(request.method.rawValue, path: request.uri.path, allowed: allowed)
        }
    }

    /// Whether a template matches a request path's segments, as the router's trie matches them.
    static func path(_ template: RouterPath, matches segments: [Substring]) -> Bool {
        for (index, element) in template.enumerated() {
            if element == .recursiveWildcard { return true }
            guard index < segments.count, element ~= segments[index] else { return false }
        }
        return template.count == segments.count
    }
}
