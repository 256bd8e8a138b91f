import Hummingbird
import QuillAPI

extension RouterMethods {
    /// Registers `handler` for `route` on a group mounted at `mount` (`/v1` for the group behind
    /// the token check; `""` for the router itself): the route's template with the mount taken
    /// off and each `{parameter}` written as the router's `:parameter`.
    @discardableResult
    func on(_ route: APIRoute, mountedAt mount: String = "/v1",
            use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator) -> Self {
        precondition(route.template.hasPrefix(mount + "/"), "\(route) is not under \(mount)")
        let relative = route.template.dropFirst(mount.count + 1).split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? ":" + segment.dropFirst().dropLast() : String(segment)
        }.joined(separator: "/")
        return on(RouterPath(relative), method: HTTPRequest.Method(rawValue: route.method.rawValue)!, use: handler)
    }
}
