import Hummingbird
import ServerFeature

/// The address of the client a request came from: the peer's, or, when the peer is a trusted
/// proxy (`WebReaderSettings.trustedProxies`), the last address it added to `X-Forwarded-For`.
enum ClientAddress {
    static func of(_ request: Request, _ context: ServerRequestContext, trustedProxies: Set<String>) -> String {
        let peer = context.remoteAddress ?? "local"
        guard trustedProxies.contains(peer), let name = HTTPFields.Element.Name("X-Forwarded-For"),
              let forwarded = request.headers[name],
              let last = forwarded.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty else { return peer }
        return last
    }
}
