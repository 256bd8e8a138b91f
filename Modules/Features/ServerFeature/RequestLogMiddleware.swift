import Hummingbird
import Logging

/// Writes one log line per request: method, path, status and duration (and, from Hummingbird,
/// the request ID).
///
/// Outermost, so it sees the final status of every request, errors included. Runs on every
/// request: the duration is formatted by hand, not with `String(format:)`, and the four parts
/// are metadata fields too only when `fields` says so (for a log collector, `--log-format json`):
/// a person reads them in the message, and building the fields cost a sixth of a `GET /v1/notes/{id}`.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    let fields: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        guard context.logger.logLevel <= .info else { return response }
        let duration = Self.milliseconds(ContinuousClock.now - start)
        let method = request.method.rawValue
        let path = request.uri.path
        let status = response.status.code
        guard fields else {
            context.logger.info("\(method) \(path) \(status) \(duration)ms")
            return response
        }
        context.logger.info("\(method) \(path) \(status) \(duration)ms", metadata: [
            "http.method": .string(method), "http.path": .string(path),
            "http.status": .stringConvertible(status), "duration_ms": .string(duration),
        ])
        return response
    }

    /// `1.234` for 1.2345 ms: milliseconds with three decimals.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        let fraction = String(microseconds % 1000)
        return "\(microseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
