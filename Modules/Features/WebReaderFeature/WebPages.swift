import Foundation
import Hummingbird
import Mustache
import QuillModels

/// Renders the templates into responses: the layout's shared values, statuses, redirects.
struct WebPages: Sendable {
    let library: MustacheLibrary

    /// A page of `template` with `values`, inside the layout (signed in: the header's links and sign-out form).
    func page(_ template: String, title: String, values: [String: Any], signedIn: SignedIn?, status: HTTPResponse.Status = .ok,
              error: String? = nil) -> Response {
        Self.html(rendered(template, title: title, values: values, signedIn: signedIn, error: error), status: status)
    }

    /// The HTML of `page(_:title:values:signedIn:status:error:)`, for a page kept as rendered.
    func rendered(_ template: String, title: String, values: [String: Any], signedIn: SignedIn?, error: String? = nil) -> String {
        var context = values
        context["pageTitle"] = title
        if let signedIn {
            context["signedIn"] = true
            context["csrf"] = signedIn.session.formToken
            context["accountName"] = signedIn.account.name
            // A read-only token's session is offered no page that writes.
            context["canWrite"] = signedIn.scope.canWrite
        }
        if let error { context["error"] = error }
        return library.render(context, withTemplate: template) ?? ""
    }

    /// An error page: the message as the heading, the status as given.
    func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
        page("error", title: status.reasonPhrase, values: ["heading": message], signedIn: nil, status: status)
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// `303 See Other` to `location` (after a form, so that reloading does not send it again).
    static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }

    /// A page that goes on to `location` by itself, where a redirect would not do: after the
    /// provider's cross-site navigation (a redirect would not carry the SameSite=Strict session
    /// cookie; this page's own navigation does), and from a form to the provider's site (the
    /// policy's `form-action 'self'` stops a form's redirect to another site).
    func moveOn(to location: String, heading: String) -> Response {
        var response = page("moveOn", title: heading, values: ["heading": heading, "next": location], signedIn: nil)
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// A note's values for the templates: title, dates, tags as links, and its Markdown made safe,
    /// its links leading to their notes when they are given (`show`).
    static func values(of note: Note, links: [ResolvedLink]? = nil) -> [String: Any] {
        [
            "id": note.id.rawValue, "title": note.title, "revision": note.revision,
            "created": displayed(note.created), "createdISO": iso(note.created),
            "updated": displayed(note.updated), "updatedISO": iso(note.updated),
            "hasTags": !note.tags.isEmpty, "tags": tagValues(note.tags),
            "bodyHTML": MarkdownRenderer.html(note.body, links: links),
        ]
    }

    static func tagValues(_ tags: [Tag]) -> [[String: Any]] {
        tags.map { ["tag": $0.rawValue, "urlTag": queryEncoded($0.rawValue)] }
    }

    /// The form's fields filled with a note's or the person's own text.
    static func formValues(title: String, body: String, tags: String) -> [String: Any] {
        ["formTitle": title, "formBody": body, "formTags": tags]
    }

    static func iso(_ date: Date) -> String { date.formatted(.iso8601) }

    /// `2026-01-01 09:30 UTC`.
    static func displayed(_ date: Date) -> String {
        let text = iso(date)
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5)) + " UTC"
    }

    /// A query parameter's value, percent-encoded (`&`, `+`, `=`, `#` and spaces included).
    static func queryEncoded(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&+=#?/")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
