import Foundation
import Hummingbird
import Logging

/// Writes one log line per request: method, path, status and duration.
///
/// Outermost, so it sees the final status of every request, errors included.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        context.logger.info(
            "\(request.method) \(request.uri.path) \(response.status.code) \(String(format: "%.2f", milliseconds))ms",
            metadata: [
                "http.method": "\(request.method)", "http.path": "\(request.uri.path)",
                "http.status": "\(response.status.code)", "duration_ms": "\(String(format: "%.3f", milliseconds))",
            ])
        return response
    }
}
