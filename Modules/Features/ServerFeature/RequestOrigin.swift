import Hummingbird

/// Where a request came from and how it reached the server, as far as a trusted proxy
/// (`WebReaderSettings.trustedProxies`) may be believed: the client's address, whether it came
/// over HTTPS, and the origin (`https://notes.example.com`) links for elsewhere are written with.
public enum RequestOrigin {
    /// The peer's address, or, when the peer is a trusted proxy, the last address it added to
    /// `X-Forwarded-For`.
    public static func clientAddress(_ request: Request, _ context: ServerRequestContext, trustedProxies: Set<String>) -> String {
        let peer = context.remoteAddress ?? "local"
        guard trustedProxies.contains(peer), let forwarded = request.headers[forwardedFor],
              let last = forwarded.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty else { return peer }
        return last
    }

    /// Whether the request came over HTTPS: `X-Forwarded-Proto: https` from a trusted proxy.
    public static func isHTTPS(_ request: Request, _ context: ServerRequestContext, trustedProxies: Set<String>) -> Bool {
        guard let address = context.remoteAddress, trustedProxies.contains(address), let proto = request.headers[forwardedProto] else { return false }
        return proto.split(separator: ",").first?.trimmingCharacters(in: .whitespaces).lowercased() == "https"
    }

    /// `scheme://host[:port]` as the client addressed the server (its `Host`).
    public static func base(_ request: Request, _ context: ServerRequestContext, trustedProxies: Set<String>) -> String {
        (isHTTPS(request, context, trustedProxies: trustedProxies) ? "https" : "http") + "://" + (request.head.authority ?? "localhost")
    }

    private static let forwardedFor = HTTPFields.Element.Name("X-Forwarded-For")!
    private static let forwardedProto = HTTPFields.Element.Name("X-Forwarded-Proto")!
}
