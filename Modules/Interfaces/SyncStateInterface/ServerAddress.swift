import Foundation

/// The address of a quill-server as every part of the client names it.
///
/// Exists so that one server has one name wherever it comes from (`quill login`, `QUILL_SERVER`,
/// a login saved by an earlier release): `https://x`, `https://x/` and `https://x/v1` (pasted from
/// a curl line) are one server, so that logging in again keeps the sync state and no request asks
/// for `/v1/v1/…`. The host's case is the DNS's: none.
public enum ServerAddress {
    /// Why a server's address was refused: it is not an http:// or https:// URL with a host.
    public struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        /// The text as given.
        public let text: String
        /// Where it came from, for the message: "QUILL_SERVER", or nil for a command's argument.
        public let source: String?

        public init(text: String, source: String?) {
            self.text = text
            self.source = source
        }

        public var description: String {
            let what = source.map { "\($0) is '\(text)'," } ?? "'\(text)' is"
            return "\(what) not an http:// or https:// URL with a host, e.g. https://notes.example.com"
        }
    }

    /// The server's URL as it is saved and asked: scheme and host lower-cased, a trailing `/` and
    /// the API's own `/v1` dropped; nil for what is not an http(s) URL with a host.
    public static func url(parsing text: String) -> URL? {
        guard var components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty else { return nil }
        var path = Substring(components.path)
        while path.hasSuffix("/") { path = path.dropLast() }
        if path.hasSuffix("/v1") { path = path.dropLast(3) }
        while path.hasSuffix("/") { path = path.dropLast() }
        components.scheme = scheme
        components.host = host.lowercased()
        components.path = String(path)
        return components.url
    }

    /// Whether two saved or given addresses name one server (a login saved as `https://x/` by an
    /// earlier release is `https://x`).
    public static func isSame(_ one: URL, _ other: URL) -> Bool {
        func named(_ url: URL) -> URL { Self.url(parsing: url.absoluteString) ?? url }
        return named(one) == named(other)
    }
}
