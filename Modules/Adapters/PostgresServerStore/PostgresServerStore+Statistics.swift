import PostgresNIO

extension PostgresServerStore {
    /// The tables a push grows, whose statistics the planner needs to look a batch's notes up by
    /// key: without them (a new database) it estimates that `id = ANY(…)` keeps every row and
    /// reads all of the account's notes, links and names for each batch, so a first push of a
    /// whole vault took time in the square of its size. Autovacuum measures a table a minute or
    /// more after it grew, when the push is long over.
    static let tablesAPushGrows = ["notes", "note_links", "note_names"]

    /// Measures the tables a push grows (`ANALYZE`) once one has changed by more rows than it had
    /// when last measured (and by more than 1,000): a push of n notes measures them about
    /// log₂(n / 1,000) times. Skipped by a process whose user may not, or while another process
    /// measures; the statistics only choose plans, so a failure here is logged, not thrown.
    func measureTablesIfGrown() async {
        do {
            try await client.withConnection { connection in
                let grown = try await connection.query("""
                    SELECT count(*) FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
                    WHERE s.schemaname = current_schema() AND s.relname = ANY(\(Self.tablesAPushGrows))
                      AND s.n_mod_since_analyze > 1000 + greatest(c.reltuples, 0)
                    """, logger: logger).decode(Int64.self)
                for try await count in grown where count > 0 {
                    try await connection.query(
                        "ANALYZE (SKIP_LOCKED) \(unescaped: Self.tablesAPushGrows.joined(separator: ", "))", logger: logger)
                }
            }
        } catch {
            logger.warning("PostgreSQL statistics not refreshed", metadata: ["error": "\(String(reflecting: error))"])
        }
    }
}
