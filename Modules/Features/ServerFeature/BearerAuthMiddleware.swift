import Foundation
import Hummingbird
import ServerStoreInterface

/// Lets a request through only with `Authorization: Bearer <token>` of a known account.
///
/// The token's public ID finds the stored hash; the secret's hash is then compared in
/// constant time, so neither a lookup by secret nor an early-exit comparison leaks timing.
struct BearerAuthMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    let accounts: any AccountRepository
    let hasher: any TokenHashing
    let cache = TokenLookupCache()

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.authorization], header.utf8.count > 7,
              header.utf8.prefix(7).map({ $0 | 0x20 }).elementsEqual("bearer ".utf8),
              case let words = header.dropFirst(7).split(separator: " "), words.count == 1,
              let token = BearerToken(parsing: String(words[0])),
              let stored = try await cache.lookup(token.id, in: accounts),
              hasher.hash(token.secret).constantTimeEquals(stored.token.hash)
        else { throw APIError.unauthorized }
        var context = context
        context.account = stored.account
        return try await next(request, context)
    }
}
