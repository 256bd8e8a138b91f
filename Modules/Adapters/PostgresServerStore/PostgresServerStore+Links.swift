import Foundation
import PostgresNIO
import QuillModels
import ServerStoreInterface

/// Links in two tables (migration 11): `note_links` holds each live note's links by folded
/// target, `note_names` the names each answers to. Every write of notes rewrites their rows in
/// four statements, however many notes; notes written before migration 11 are indexed when the
/// store migrates (`indexUnlinkedNotes`).
extension PostgresServerStore: ServerLinkRepository {
    public func links(from id: NoteID, account: AccountID) async throws -> [ResolvedLink] {
        try await guarded {
            let rows = PostgresLinkRows(client: client, logger: logger, account: account)
            return try await rows.rows("\(unescaped: PostgresLinkRows.select) WHERE l.account_id = \(account.rawValue) AND l.note_id = \(id.rawValue) ORDER BY l.position").map(\.link)
        }
    }

    public func backlinks(to id: NoteID, account: AccountID) async throws -> [ResolvedLink] {
        try await guarded {
            var names: [String] = []
            for try await name in try await client.query(
                "SELECT name FROM note_names WHERE account_id = \(account.rawValue) AND note_id = \(id.rawValue)", logger: logger
            ).decode(String.self) { names.append(PostgresText.read(name)) }
            guard !names.isEmpty else { return [] }
            let targets = LinkResolution.targets(naming: id, names: names).map(PostgresText.stored)
            let rows = PostgresLinkRows(client: client, logger: logger, account: account)
            return try await rows.rows("\(unescaped: PostgresLinkRows.select) WHERE l.account_id = \(account.rawValue) AND l.target = ANY(\(targets)::text[])")
                .filter { $0.link.reaches(id) }
                .sorted { $0.position < $1.position }.map(\.link)
        }
    }

    public func brokenLinks(account: AccountID, after: LinkPosition?, limit: Int) async throws -> BrokenLinkPage {
        try await guarded {
            let rows = PostgresLinkRows(client: client, logger: logger, account: account)
            var page = BrokenLinkPageCollector(after: after, limit: limit)
            while true {
                let note = page.cursor?.note.rawValue ?? "", position = Int64(page.cursor?.position ?? -1)
                let batch = try await rows.rows("""
                    \(unescaped: PostgresLinkRows.select) WHERE l.account_id = \(account.rawValue) AND (l.note_id, l.position) > (\(note), \(position))
                      AND NOT EXISTS (SELECT 1 FROM note_names nn WHERE nn.account_id = l.account_id AND nn.name = l.target)
                    ORDER BY l.note_id, l.position LIMIT \(Int64(limit))
                    """)
                if let complete = page.add(batch) { return complete }
            }
        }
    }

    /// Replaces the rows of `notes` with theirs (none for a tombstone), in four statements.
    func writeLinks(of notes: [Note], account: AccountID, on connection: PostgresConnection) async throws {
        guard !notes.isEmpty else { return }
        let ids = notes.map(\.id.rawValue)
        try await connection.query("DELETE FROM note_links WHERE account_id = \(account.rawValue) AND note_id = ANY(\(ids)::text[])", logger: logger)
        try await connection.query("DELETE FROM note_names WHERE account_id = \(account.rawValue) AND note_id = ANY(\(ids)::text[])", logger: logger)
        var links = LinkColumns(), names: (notes: [String], names: [String], matches: [Int64]) = ([], [], [])
        for note in notes where !note.isDeleted {
            let entry = LinkIndexEntry(note)
            for (position, link) in entry.links.enumerated() { links.append(link, note: note.id, position: position) }
            for (name, match) in entry.names {
                names.notes.append(note.id.rawValue)
                names.names.append(PostgresText.stored(name))
                names.matches.append(Int64(match.rawValue))
            }
        }
        if !links.notes.isEmpty {
            try await connection.query("""
                INSERT INTO note_links (account_id, note_id, position, target, written, fragment, label, form, line, context)
                SELECT \(account.rawValue), note_id, position, target, written, NULLIF(fragment, ''), NULLIF(label, ''), form, line, context
                FROM unnest(\(links.notes)::text[], \(links.positions)::bigint[], \(links.targets)::text[], \(links.written)::text[],
                            \(links.fragments)::text[], \(links.labels)::text[], \(links.forms)::bigint[], \(links.lines)::bigint[],
                            \(links.contexts)::text[])
                     AS w(note_id, position, target, written, fragment, label, form, line, context)
                """, logger: logger)
        }
        if !names.notes.isEmpty {
            try await connection.query("""
                INSERT INTO note_names (account_id, note_id, name, match)
                SELECT \(account.rawValue), note_id, name, match FROM unnest(\(names.notes)::text[], \(names.names)::text[], \(names.matches)::bigint[])
                     AS w(note_id, name, match)
                """, logger: logger)
        }
    }

    /// Gives every note written before migration 11 its rows, a batch per transaction; several
    /// processes starting together each take other rows (`SKIP LOCKED`).
    func indexUnlinkedNotes() async throws {
        while true {
            let indexed: Int = try await guarded {
                try await client.withTransaction(logger: logger) { connection in
                    let rows = try await connection.query("""
                        SELECT account_id, id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence FROM notes
                        WHERE NOT links_indexed LIMIT 500 FOR UPDATE SKIP LOCKED
                        """, logger: logger)
                    var batch: [AccountID: [Note]] = [:]
                    var keys: (accounts: [Int64], ids: [String]) = ([], [])
                    var count = 0
                    for try await (account, id, title, body, tags, created, updated, revision, deleted, sequence)
                        in rows.decode((Int64, String, String, String, String, Int64, Int64, Int64, Bool, Int64).self) {
                        count += 1
                        keys.accounts.append(account)
                        keys.ids.append(id)
                        let row: NoteRow = (id, title, body, tags, created, updated, revision, deleted, sequence)
                        if case .success(let note) = NoteRows.decoded(row) { batch[AccountID(account), default: []].append(note) }
                    }
                    for (account, notes) in batch { try await writeLinks(of: notes, account: account, on: connection) }
                    try await connection.query("""
                        UPDATE notes SET links_indexed = TRUE FROM unnest(\(keys.accounts)::bigint[], \(keys.ids)::text[]) AS k(account_id, id)
                        WHERE notes.account_id = k.account_id AND notes.id = k.id
                        """, logger: logger)
                    return count
                }
            }
            if indexed == 0 { return }
        }
    }
}

/// The columns of `note_links` rows to insert, one array each, for `unnest`.
private struct LinkColumns {
    var notes: [String] = [], positions: [Int64] = [], targets: [String] = [], written: [String] = []
    var fragments: [String] = [], labels: [String] = [], forms: [Int64] = [], lines: [Int64] = [], contexts: [String] = []

    mutating func append(_ link: NoteLink, note: NoteID, position: Int) {
        notes.append(note.rawValue)
        positions.append(Int64(position))
        targets.append(PostgresText.stored(link.foldedTarget))
        written.append(PostgresText.stored(link.target))
        fragments.append(PostgresText.stored(link.fragment ?? ""))
        labels.append(PostgresText.stored(link.label ?? ""))
        forms.append(Int64(link.form.rawValue))
        lines.append(Int64(link.line))
        contexts.append(PostgresText.stored(link.context))
    }
}

/// Reads `note_links` rows with their linking note, and each target's candidates, for
/// `LinkReading` to resolve.
private struct PostgresLinkRows {
    let client: PostgresClient
    let logger: Logger
    let account: AccountID

    /// What every query of `rows` starts with.
    static let select = """
        SELECT l.note_id, l.position, n.title, l.written, l.fragment, l.label, l.form, l.line, l.context, l.target
        FROM note_links l JOIN notes n ON n.account_id = l.account_id AND n.id = l.note_id
        """

    /// The links `query` (which starts with `select`) reads, each resolved.
    func rows(_ query: PostgresQuery) async throws -> [(position: LinkPosition, link: ResolvedLink)] {
        var read: [LinkReading<LinkPosition>.Row] = []
        for try await (noteID, position, title, written, fragment, label, form, line, context, target) in try await client.query(query, logger: logger)
            .decode((String, Int64, String, String, String?, String?, Int64, Int64, String, String).self) {
            guard let note = NoteID(noteID), let form = NoteLink.Form(rawValue: Int(form)) else { continue }
            let link = NoteLink(target: PostgresText.read(written), fragment: fragment.map(PostgresText.read), label: label.map(PostgresText.read),
                                form: form, line: Int(line), context: PostgresText.read(context))
            read.append(.init(position: LinkPosition(note: note, position: Int(position)), source: note, sourceTitle: PostgresText.read(title),
                              link: link, target: PostgresText.read(target)))
        }
        let reading = LinkReading(read)
        return reading.resolved(try await candidates(of: reading.targets))
    }

    /// The account's notes that answer to each target: by name (one query for all), and by ID
    /// prefix where it may be one.
    private func candidates(of targets: [LinkReading<LinkPosition>.Target]) async throws -> [String: [LinkResolution.Candidate]] {
        guard !targets.isEmpty else { return [:] }
        var found: [String: [LinkResolution.Candidate]] = [:]
        let names = targets.map { PostgresText.stored($0.folded) }
        for try await (name, id, title, updated, match) in try await client.query("""
            SELECT nn.name, n.id, n.title, n.updated_ms, nn.match FROM note_names nn
            JOIN notes n ON n.account_id = nn.account_id AND n.id = nn.note_id WHERE nn.account_id = \(account.rawValue) AND nn.name = ANY(\(names)::text[])
            """, logger: logger).decode((String, String, String, Int64, Int64).self) {
            if let candidate = LinkResolution.Candidate(storedID: id, title: PostgresText.read(title), updatedMilliseconds: updated, match: Int(match)) {
                found[PostgresText.read(name), default: []].append(candidate)
            }
        }
        for target in targets where target.byIDPrefix {
            for try await (id, title, updated) in try await client.query("""
                SELECT id, title, updated_ms FROM notes WHERE account_id = \(account.rawValue)
                  AND id COLLATE "C" >= \(target.folded) AND id COLLATE "C" < \(target.folded + "g") AND NOT deleted LIMIT 100
                """, logger: logger).decode((String, String, Int64).self) {
                if let candidate = LinkResolution.Candidate(storedID: id, title: PostgresText.read(title), updatedMilliseconds: updated,
                                                            match: LinkResolution.Match.idPrefix.rawValue) {
                    found[target.folded, default: []].append(candidate)
                }
            }
        }
        return found
    }
}
