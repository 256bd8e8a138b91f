/// Brings a database's schema up to the version this code needs.
///
/// Exists so that start-up can apply versioned migrations before serving, whichever
/// database is configured; applying them twice changes nothing.
public protocol SchemaMigrating: Sendable {
    /// Applies the migrations the database lacks; throws `ServerStoreError.schemaTooNew`, and
    /// changes nothing, when a newer release has already migrated it further.
    func migrate() async throws
}

/// The rule every store applies before migrating: a database whose schema a newer release has
/// taken past every version this code knows is refused, because this code would misread it or
/// write rows the newer schema does not expect. Upgrades move forward only; to go back,
/// restore a backup taken before the upgrade.
public enum SchemaDowngradeCheck {
    /// Throws `ServerStoreError.schemaTooNew` when `applied` holds a version above `known`'s newest.
    public static func check(applied: some Sequence<Int64>, known: some Sequence<Int64>) throws {
        guard let newestApplied = applied.max(), let newestKnown = known.max(), newestApplied > newestKnown else { return }
        throw ServerStoreError.schemaTooNew(database: newestApplied, newestKnown: newestKnown)
    }
}

/// Tells whether the database answers right now; what `GET /readyz` reports.
public protocol ReadinessChecking: Sendable {
    /// Returns when the database answered; throws `ServerStoreError.unavailable` otherwise.
    func checkReady() async throws
}
