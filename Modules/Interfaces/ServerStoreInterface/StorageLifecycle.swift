/// Brings a database's schema up to the version this code needs.
///
/// Exists so that start-up can apply versioned migrations before serving, whichever
/// database is configured; applying them twice changes nothing.
public protocol SchemaMigrating: Sendable {
    func migrate() async throws
}

/// Tells whether the database answers right now; what `GET /readyz` reports.
public protocol ReadinessChecking: Sendable {
    /// Returns when the database answered; throws `ServerStoreError.unavailable` otherwise.
    func checkReady() async throws
}
