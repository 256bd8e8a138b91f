import QuillServerCLI
import SQLiteServerStore

/// `quill-server backup` and `restore`: what each storage offers for copies of the whole store;
/// what cannot be done is a `ServerCommandFailure` saying what to do instead.
///
/// Exists in the composition root because the answer depends on the concrete database: SQLite
/// copies its file consistently while servers run; PostgreSQL has its own tools.
public enum ServerMaintenance {
    /// Writes a consistent copy of the store to the new file `destination`, safe while servers
    /// run; returns the copy's schema version.
    public static func backup(_ configuration: ServerConfiguration, to destination: String) throws -> Int64 {
        switch configuration.storage {
        case .sqlite(let path):
            do { return try SQLiteBackup.backup(databaseAt: path, to: destination) } catch let refusal as SQLiteBackup.Refusal {
                throw ServerCommandFailure.refused(refusal.description, hint: "check that --data-dir or --database names the server's store, and that the backup is a new file in a directory that can be written")
            }
        case .postgres:
            throw ServerCommandFailure.refused("quill-server backs up SQLite stores only",
                                               hint: "for PostgreSQL use its own tools: pg_dump --format=custom --file=quill.dump DATABASE-URL (and pg_restore to restore)")
        case .preview:
            throw ServerCommandFailure.refused("--preview keeps nothing to back up", hint: "back up a server's store: leave out --preview")
        }
    }

    /// Restores the backup at `source` into the configured store, which must not exist yet;
    /// returns the backup's schema version (the server migrates it further when it starts).
    public static func restore(_ configuration: ServerConfiguration, from source: String) throws -> Int64 {
        switch configuration.storage {
        case .sqlite(let path):
            do { return try SQLiteBackup.restore(from: source, toDatabaseAt: path) } catch let refusal as SQLiteBackup.Refusal {
                throw ServerCommandFailure.refused(refusal.description,
                                                   hint: "restore a backup made by quill-server backup into an empty or missing data directory")
            }
        case .postgres:
            throw ServerCommandFailure.refused("quill-server restores SQLite backups only",
                                               hint: "for PostgreSQL use pg_restore (of a pg_dump) into an empty database")
        case .preview:
            throw ServerCommandFailure.refused("--preview keeps nothing to restore into", hint: "restore into a server's store: leave out --preview")
        }
    }
}
