import SQLiteServerStore

/// `quill-server backup` and `restore`: what each storage offers for copies of the whole store.
///
/// Exists in the composition root because the answer depends on the concrete database: SQLite
/// copies its file consistently while servers run; PostgreSQL has its own tools.
public enum ServerMaintenance {
    /// A backup or restore that cannot be done, with what to do instead.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Writes a consistent copy of the store to the new file `destination`, safe while servers
    /// run; returns the copy's schema version.
    public static func backup(_ configuration: ServerConfiguration, to destination: String) throws -> Int64 {
        switch configuration.storage {
        case .sqlite(let path):
            do { return try SQLiteBackup.backup(databaseAt: path, to: destination) } catch let refusal as SQLiteBackup.Refusal {
                throw Refusal(description: refusal.description)
            }
        case .postgres:
            throw Refusal(description: "quill-server backs up SQLite stores only; for PostgreSQL use its own tools: "
                + "pg_dump --format=custom --file=quill.dump DATABASE-URL (and pg_restore to restore)")
        case .preview:
            throw Refusal(description: "--preview keeps nothing to back up")
        }
    }

    /// Restores the backup at `source` into the configured store, which must not exist yet;
    /// returns the backup's schema version (the server migrates it further when it starts).
    public static func restore(_ configuration: ServerConfiguration, from source: String) throws -> Int64 {
        switch configuration.storage {
        case .sqlite(let path):
            do { return try SQLiteBackup.restore(from: source, toDatabaseAt: path) } catch let refusal as SQLiteBackup.Refusal {
                throw Refusal(description: refusal.description)
            }
        case .postgres:
            throw Refusal(description: "quill-server restores SQLite backups only; for PostgreSQL use pg_restore "
                + "(of a pg_dump) into an empty database")
        case .preview:
            throw Refusal(description: "--preview keeps nothing to restore into")
        }
    }
}
