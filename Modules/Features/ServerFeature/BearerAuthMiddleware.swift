import Foundation
import Hummingbird
import ServerStoreInterface
import StandardInterfaces

/// Lets a request through only with `Authorization: Bearer <token>` of a known account, a token
/// that has not expired and whose scope allows the request's method (`TokenScope`).
///
/// The token's public ID finds the stored hash; the secret's hash is then compared in
/// constant time, so neither a lookup by secret nor an early-exit comparison leaks timing.
struct BearerAuthMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    let accounts: any AccountRepository
    let hasher: any TokenHashing
    let clock: any WallClock
    let cache = TokenLookupCache()

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.authorization], let text = Self.credentials(in: header),
              let token = BearerToken(parsing: text)
        else { throw APIError.unauthorized }
        let now = clock.now()
        guard let stored = try await cache.lookup(token.id, in: accounts, now: now),
              hasher.hash(token.secret).constantTimeEquals(stored.token.hash)
        else { throw APIError.unauthorized }
        guard !stored.token.hasExpired(at: now) else { throw APIError.tokenExpired }
        guard TokenScopeRule.allows(stored.token.scope, method: request.method.rawValue) else { throw APIError.readOnlyToken }
        await cache.recordUse(of: token.id, in: accounts, now: now)
        var context = context
        context.account = stored.account
        context.tokenID = token.id
        return try await next(request, context)
    }

    /// The credentials of `Bearer <credentials>` (scheme case-insensitive, surrounding spaces
    /// allowed); `nil` for another scheme or more than one word.
    static func credentials(in header: String) -> String? {
        let utf8 = header.utf8
        guard utf8.count > 7, utf8.prefix(7).lazy.map({ $0 | 0x20 }).elementsEqual("bearer ".utf8) else { return nil }
        let space = UInt8(ascii: " ")
        let rest = utf8.dropFirst(7)
        guard let start = rest.firstIndex(where: { $0 != space }), let last = rest.lastIndex(where: { $0 != space }),
              !rest[start...last].contains(space) else { return nil }
        return String(Substring(rest[start...last]))
    }
}
