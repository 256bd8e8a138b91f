/// Why talking to the sync server failed, in words that tell the user what to do.
///
/// Every `SyncTransport`, live or fake, throws exactly these; `isRetryable` is the one
/// place that decides which failures are worth another attempt (timeouts and 5xx only).
public enum SyncError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No server configured: neither `quill login` nor `QUILL_SERVER`/`QUILL_TOKEN`.
    case notLoggedIn
    /// The server could not be reached at all (refused connection, unknown host).
    case unreachable(String)
    /// The request was sent but no answer came in time (or the connection dropped).
    case timedOut(String)
    /// The server refused the token.
    case unauthorized
    /// Client and server speak different API versions.
    case incompatibleAPIVersion(server: Int, client: Int, minimumClient: Int)
    /// The server failed (5xx).
    case serverError(status: Int, message: String)
    /// The server's disk is full (HTTP 507): it kept nothing of the request, and will not until
    /// its administrator frees space, so it is not retried at once.
    case serverStorageFull(String)
    /// The server refused the request (4xx other than 401).
    case rejected(status: Int, code: String, message: String)
    /// The answer could not be understood.
    case badResponse(String)
    /// The server already answered a push with different changes under this request ID
    /// (HTTP 422 `request_id_reused`); it applied nothing of this one.
    case requestIDReused(String)

    /// Whether the same request may succeed if sent again later.
    public var isRetryable: Bool {
        switch self {
        case .timedOut, .serverError: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .notLoggedIn:
            "no sync server configured; run `quill login URL` (or set QUILL_SERVER and QUILL_TOKEN)"
        case .unreachable(let reason): "cannot reach the sync server: \(reason)"
        case .timedOut(let reason): "the sync server did not answer in time: \(reason)"
        case .unauthorized: "the sync server refused the token; run `quill login URL` again"
        case .incompatibleAPIVersion(let server, let client, let minimumClient):
            if server > client || minimumClient > client {
                "the sync server speaks API version \(server) and this quill speaks \(client): upgrade quill"
            } else {
                "the sync server speaks API version \(server) and this quill speaks \(client): upgrade the server"
            }
        case .serverError(let status, let message): "the sync server failed (HTTP \(status)): \(message)"
        case .serverStorageFull(let message): "the sync server's disk is full (HTTP 507): \(message)"
        case .rejected(let status, let code, let message): "the sync server refused the request (HTTP \(status) \(code)): \(message)"
        case .badResponse(let reason): "the sync server sent an answer quill does not understand: \(reason)"
        case .requestIDReused(let requestID):
            "the sync server already received a different push under request ID \(requestID); nothing of this one was applied"
        }
    }
}
