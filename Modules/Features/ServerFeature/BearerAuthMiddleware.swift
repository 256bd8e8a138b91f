import Foundation
import Hummingbird
import Logging
import ServerStoreInterface
import StandardInterfaces

/// Lets a request through only with `Authorization: Bearer <token>` of a known account, a token
/// that has not expired and whose scope allows the request's method (`TokenScope`).
///
/// The token's public ID finds the stored hash; the secret's hash is then compared in
/// constant time, so neither a lookup by secret nor an early-exit comparison leaks timing.
/// Wrong tokens (shaped as tokens, so a guess) are counted per client address and per account (`GuessLimiter`): past the limit an
/// address gets 429 for every request, and an account's wrong tokens get 429 while its right ones
/// still pass, so nobody can lock its owner out. Each refusal is logged without the secret.
struct BearerAuthMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    let accounts: any AccountRepository
    let hasher: any TokenHashing
    let clock: any WallClock
    let trustedProxies: Set<String>
    let cache: TokenLookupCache
    let addressGuesses: GuessLimiter
    /// Generous: an account's wrong tokens are refused past it, its right ones never.
    let accountGuesses = GuessLimiter(allowed: 100)

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let now = clock.now()
        // Named only when needed: a formatted address is a String per request.
        let address = { RequestOrigin.clientAddress(request, context, trustedProxies: trustedProxies) }
        if addressGuesses.hasMisses, let seconds = addressGuesses.retryAfter(address(), at: now) {
            throw APIError.tooManyGuesses(retryAfter: seconds)
        }
        guard let header = Self.authorization(in: request.headers), let text = Self.credentials(in: header),
              let token = BearerToken(parsing: text)
        else { throw APIError.unauthorized }
        guard let stored = try await cache.lookup(token.id, in: accounts, now: now) else {
            try await refuse(token.id, account: nil, from: address(), at: now, context: context)
            throw APIError.unauthorized
        }
        guard hasher.hash(token.secret).constantTimeEquals(stored.token.hash) else {
            try await refuse(token.id, account: stored.account, from: address(), at: now, context: context)
            throw APIError.unauthorized
        }
        guard !stored.token.hasExpired(at: now) else { throw APIError.tokenExpired }
        guard TokenScopeRule.allows(stored.token.scope, method: request.method.rawValue) else { throw APIError.readOnlyToken }
        await cache.recordUse(of: token.id, in: accounts, now: now, address: address)
        var context = context
        context.account = stored.account
        context.tokenID = token.id
        return try await next(request, context)
    }

    /// Counts and logs a wrong token; throws 429 if that passed a limit.
    private func refuse(_ id: TokenID?, account: Account?, from address: String, at now: Date, context: Context) async throws {
        addressGuesses.recordMiss(address, at: now)
        context.logger.notice("wrong bearer token", metadata: [
            "client": "\(address)", "token_id": "\(id?.rawValue ?? "-")", "account": "\(account?.name ?? "-")",
        ])
        guard let account else { return }
        let key = "account \(account.id)"
        accountGuesses.recordMiss(key, at: now)
        if let seconds = accountGuesses.retryAfter(key, at: now) { throw APIError.tooManyGuesses(retryAfter: seconds) }
    }

    /// The one `Authorization` field's value; `nil` when there is none, or more than one. (Cheaper
    /// than `HTTPFields`' subscript, which joins every value of a name into a new string.)
    static func authorization(in headers: HTTPFields) -> String? {
        var found: String?
        for field in headers where field.name == .authorization {
            guard found == nil else { return nil }
            found = field.value
        }
        return found
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
