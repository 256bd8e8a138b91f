import Foundation
import Hummingbird
import Metrics
import Prometheus
import Synchronization

/// This server's metrics: a Prometheus registry of its own, fed through swift-metrics.
///
/// Owned by the application rather than bootstrapped globally, so that several servers
/// (tests, two instances in one process) never mix their counts.
public final class ServerMetrics: Sendable {
    let registry: PrometheusCollectorRegistry
    let factory: PrometheusMetricsFactory
    private let instruments = InstrumentCache()
    private let unreadableNotes: Metrics.Counter

    public init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
            .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(5),
        ]
        self.factory = factory
        unreadableNotes = Metrics.Counter(label: "quill_unreadable_notes_total", dimensions: [], factory: factory)
    }

    /// The Prometheus text exposition of every metric so far.
    public func exposition() -> String { registry.emitToString() }

    /// Counts stored notes a response left out because they could not be read.
    func recordUnreadableNotes(_ count: Int) {
        unreadableNotes.increment(by: count)
    }

    func record(route: String, method: String, status: Int, nanoseconds: Int64) {
        let key = InstrumentCache.Key(route: route, method: method, status: status)
        let (counter, timer) = instruments.instruments(for: key) {
            let dimensions = [("route", route), ("method", method), ("status", String(status))]
            return (Metrics.Counter(label: "quill_http_requests_total", dimensions: dimensions, factory: factory),
                    Metrics.Timer(label: "quill_http_request_duration_seconds", dimensions: dimensions, factory: factory))
        }
        counter.increment()
        timer.recordNanoseconds(nanoseconds)
    }
}

/// The counter and timer of each (route, method, status), made once: making them looks them up
/// in the registry under a lock and builds label strings, which is too much for every request.
final class InstrumentCache: Sendable {
    struct Key: Hashable {
        let route: String
        let method: String
        let status: Int
    }

    private let instruments = Mutex<[Key: (Metrics.Counter, Metrics.Timer)]>([:])

    func instruments(for key: Key, make: () -> (Metrics.Counter, Metrics.Timer)) -> (Metrics.Counter, Metrics.Timer) {
        instruments.withLock { instruments in
            if let existing = instruments[key] { return existing }
            let made = make()
            instruments[key] = made
            return made
        }
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
