import Hummingbird
import QuillModels

extension RequestInput {
    /// The `tag` of `GET /v1/notes?tag=T`, normalized as every tag is ("Work" finds "work");
    /// `nil` without one. More than one is refused rather than half-applied.
    static func tagFilter(_ query: Parameters) throws -> Tag? {
        let given = query.getAll("tag")
        // An empty `tag=` is no filter, as a form's empty field is.
        guard let text = given.first, !(given.count == 1 && text.isEmpty) else { return nil }
        guard given.count == 1 else { throw APIError.badRequest("tag: give one tag (this API filters by a single tag)") }
        do { return try Tag(text) } catch {
            throw APIError.badRequest("tag: \(error.description)")
        }
    }
}
