import Hummingbird
import QuillModels

extension RequestInput {
    /// The search of `GET /v1/notes?q=…` in the language of `quill search` (`SearchQuery`);
    /// `nil` without `q`. An empty or invalid search, or more than one `q`, is a 400 saying why.
    static func searchQuery(_ query: Parameters) throws -> SearchQuery? {
        let given = query.getAll("q")
        guard let text = given.first else { return nil }
        guard given.count == 1 else { throw APIError.badRequest("q: give one search (words, \"phrases\", tag:name and prefix* go in the same q)") }
        do { return try SearchQuery(text) } catch {
            throw APIError.badRequest("q: \(error.description)")
        }
    }
}
