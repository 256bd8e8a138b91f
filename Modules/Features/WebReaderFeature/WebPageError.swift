import Hummingbird

/// A request the web reader answers with an error page: the status and a sentence for the person.
struct WebPageError: Error, Sendable {
    let status: HTTPResponse.Status
    let message: String
}

/// A request that needs a session and has none: a GET is sent to the sign-in page.
struct SignInRequired: Error, Sendable {}
