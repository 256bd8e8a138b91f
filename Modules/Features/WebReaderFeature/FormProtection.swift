import Hummingbird
import StandardInterfaces

/// CSRF protection of every form: the session's form token in the `csrf` field, compared in
/// constant time, and the `Origin` header, when the browser sends one, naming this server.
enum FormProtection {
    static let fieldName = "csrf"

    /// Refuses (403) a POST whose form token or origin is not this session's and this server's.
    static func check(_ request: Request, form: FormFields, expected: String) throws {
        try checkOrigin(request)
        guard let sent = form[fieldName], SecretComparison.equal(sent, expected) else {
            throw WebPageError(status: .forbidden, message: "This form has expired or did not come from this site. Go back, reload the page and try again.")
        }
    }

    /// An `Origin` header, when present, must be this server (`http(s)://<Host>`, the request's authority); `null` is refused.
    static func checkOrigin(_ request: Request) throws {
        guard let origin = request.headers[.origin] else { return }
        let host = request.head.authority ?? ""
        guard !host.isEmpty, origin == "http://\(host)" || origin == "https://\(host)" else {
            throw WebPageError(status: .forbidden, message: "This form was sent from another site (\(origin)) and was refused.")
        }
    }
}
