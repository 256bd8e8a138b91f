import ServerStoreInterface

/// Which requests a token's scope allows, in one place: the request's method decides. `GET` and
/// `HEAD` read, every other method writes, so a route added later is covered without being listed
/// anywhere; `BearerAuthMiddleware` applies it before a body is read, and a test holds
/// docs/openapi.yaml's `security` scopes to it.
public enum TokenScopeRule {
    /// The methods that only read.
    public static let readingMethods: Set<String> = ["GET", "HEAD"]

    /// Whether a token of `scope` may make a request with this HTTP method (upper case).
    public static func allows(_ scope: TokenScope, method: String) -> Bool {
        scope.canWrite || readingMethods.contains(method)
    }
}
