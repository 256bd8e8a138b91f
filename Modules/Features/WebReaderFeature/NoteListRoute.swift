import Hummingbird
import ServerFeature
import QuillModels

/// `/`: the notes, newest first, a page at a time, with search and a tag filter.
extension WebRoutes {
    func list(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signedIn = try await sessions.require(request, context)
        let query = FormFields.query(request)
        let text = (query["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        var tag: Tag?
        if let tagText = query["tag"]?.trimmingCharacters(in: .whitespaces), !tagText.isEmpty {
            do { tag = try Tag(tagText) } catch {
                throw WebPageError(status: .badRequest, message: "“\(tagText)” is not a tag: \(error.description).")
            }
        }
        var after: NoteID?
        if let afterText = query["after"], !afterText.isEmpty {
            guard let id = NoteID(afterText) else { throw WebPageError(status: .badRequest, message: "“\(afterText)” is not a note ID.") }
            after = id
        }
        let found = try await dependencies.finder.find(
            account: signedIn.account.id, NoteFinderQuery(text: text, tag: tag, after: after, limit: dependencies.settings.pageSize))

        var values: [String: Any] = [
            "q": text,
            "heading": heading(text: text, tag: tag),
            "rows": await rows.html(of: found.notes, account: signedIn.account.id),
            "empty": found.notes.isEmpty,
            "filtered": !text.isEmpty || tag != nil,
        ]
        if let tag { values["tag"] = tag.rawValue }
        if found.hasMore, let last = found.notes.last {
            var parameters: [String] = []
            if !text.isEmpty { parameters.append("q=" + WebPages.queryEncoded(text)) }
            if let tag { parameters.append("tag=" + WebPages.queryEncoded(tag.rawValue)) }
            parameters.append("after=" + last.id.rawValue)
            values["next"] = "/?" + parameters.joined(separator: "&")
        }
        return pages.page("list", title: "Notes", values: values, signedIn: signedIn)
    }

    private func heading(text: String, tag: Tag?) -> String {
        switch (text.isEmpty, tag) {
        case (true, nil): "Notes"
        case (true, let tag?): "Notes tagged #\(tag)"
        case (false, nil): "Notes matching “\(text)”"
        case (false, let tag?): "Notes tagged #\(tag) matching “\(text)”"
        }
    }
}
