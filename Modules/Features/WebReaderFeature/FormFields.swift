import Foundation
import Hummingbird

/// The fields of an `application/x-www-form-urlencoded` body or query string, as browsers send them.
struct FormFields: Sendable {
    /// The largest form body read: a note's body at its limit, percent-encoded, with room to spare.
    static let maximumBodyBytes = 4 * 1024 * 1024

    private var values: [String: [String]] = [:]

    init() {}

    init(encoded text: Substring) {
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decoded(parts[0])
            values[name, default: []].append(parts.count > 1 ? Self.decoded(parts[1]) : "")
        }
    }

    /// The request's query string.
    static func query(_ request: Request) -> FormFields {
        FormFields(encoded: (request.uri.query ?? "")[...])
    }

    /// The request's form body; a body too large or not a form is refused with a page saying so.
    static func body(_ request: Request) async throws -> FormFields {
        let type = request.headers[.contentType]?.lowercased() ?? ""
        guard type.hasPrefix("application/x-www-form-urlencoded") else {
            throw WebPageError(status: .unsupportedMediaType, message: "This form must be sent as application/x-www-form-urlencoded.")
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maximumBodyBytes)
        } catch {
            throw WebPageError(status: .contentTooLarge, message: "The form is larger than this server accepts (4 MiB).")
        }
        return FormFields(encoded: String(buffer: buffer)[...])
    }

    subscript(_ name: String) -> String? { values[name]?.first }

    /// A field read from another encoding (`MultipartFormReader`).
    mutating func add(_ name: String, _ value: String) { values[name, default: []].append(value) }

    /// `+` is a space, then percent-escapes are decoded; text with broken escapes is kept as sent.
    private static func decoded(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
