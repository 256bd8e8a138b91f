import Foundation
import Hummingbird

extension RequestInput {
    /// A request's query parameters decoded as browsers and HTTP libraries encode them
    /// (`application/x-www-form-urlencoded`): `+` is a space, then percent-escapes are decoded,
    /// in names as in values. Hummingbird's `queryParameters` keeps `+` as it is, so a tag sent
    /// as `?tag=+work+` by Python's `requests` or a form would be read as `+work+`.
    static func formQuery(_ request: Request) -> Parameters {
        guard let query = request.uri.query, !query.isEmpty else { return .init() }
        let pairs = query.split(separator: "&", omittingEmptySubsequences: true).map { pair -> (key: Substring, value: Substring) in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = parts.count > 1 ? parts[1] : ""
            return (key: formDecoded(parts[0])[...], value: formDecoded(value)[...])
        }
        return .init(pairs)
    }

    /// One name or value: `+` to space, then percent-decoding; text whose escapes are not
    /// valid UTF-8 is kept as it came, so the rule that reads it names it in its error.
    static func formDecoded(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
