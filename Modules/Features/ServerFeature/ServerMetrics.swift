import Foundation
import Hummingbird
import Metrics
import Prometheus

/// This server's metrics: a Prometheus registry of its own, fed through swift-metrics.
///
/// Owned by the application rather than bootstrapped globally, so that several servers
/// (tests, two instances in one process) never mix their counts.
public struct ServerMetrics: Sendable {
    let registry: PrometheusCollectorRegistry
    let factory: PrometheusMetricsFactory

    public init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
            .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(5),
        ]
        self.factory = factory
    }

    /// The Prometheus text exposition of every metric so far.
    public func exposition() -> String { registry.emitToString() }

    func record(route: String, method: String, status: Int, nanoseconds: Int64) {
        let dimensions = [("route", route), ("method", method), ("status", String(status))]
        Counter(label: "quill_http_requests_total", dimensions: dimensions, factory: factory).increment()
        Metrics.Timer(label: "quill_http_request_duration_seconds", dimensions: dimensions, factory: factory)
            .recordNanoseconds(nanoseconds)
    }
}

/// Counts requests and times them by route, method and status.
struct RequestMetricsMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = DispatchTime.now().uptimeNanoseconds
        let response = try await next(request, context)
        let elapsed = Int64(DispatchTime.now().uptimeNanoseconds - start)
        // Unmatched paths share one label so that scanners cannot blow up the metric's cardinality.
        metrics.record(route: context.endpointPath ?? "unmatched", method: request.method.rawValue,
                       status: response.status.code, nanoseconds: elapsed)
        return response
    }
}
