import Foundation
import QuillModels
import ServerStoreInterface

/// What `quill-server account list` prints: a table for a person, or JSON for a script.
public enum AccountListing {
    /// `NAME  CREATED  NOTES  TOKENS  LAST USED`, one account per line, times in UTC to the minute
    /// (`-` when unknown: created before the store recorded it, or never used since).
    public static func table(_ summaries: [AccountSummary]) -> String {
        let rows = [["NAME", "CREATED", "NOTES", "TOKENS", "LAST USED"]] + summaries.map { summary in
            [summary.account.name, minute(summary.created), String(summary.noteCount), String(summary.tokenCount), minute(summary.lastUsed)]
        }
        return TextTable.render(rows)
    }

    /// `[{"name":…,"created":…|null,"notes":…,"tokens":…,"lastUsed":…|null}]`, times as ISO 8601 UTC
    /// with milliseconds, ordered by name.
    public static func json(_ summaries: [AccountSummary]) throws -> String {
        struct Entry: Encodable {
            let name: String
            let created: String?
            let notes: Int
            let tokens: Int
            let lastUsed: String?

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(name, forKey: .name)
                try container.encode(created, forKey: .created)
                try container.encode(notes, forKey: .notes)
                try container.encode(tokens, forKey: .tokens)
                try container.encode(lastUsed, forKey: .lastUsed)
            }

            enum CodingKeys: String, CodingKey { case name, created, notes, tokens, lastUsed }
        }
        let entries = summaries.map { summary in
            Entry(name: summary.account.name, created: summary.created.map { Timestamp($0).description }, notes: summary.noteCount,
                  tokens: summary.tokenCount, lastUsed: summary.lastUsed.map { Timestamp($0).description })
        }
        return String(decoding: try NoteJSON.encoder.encode(entries), as: UTF8.self) + "\n"
    }

    /// `YYYY-MM-DD HH:MM` in UTC, or `-`.
    static func minute(_ date: Date?) -> String {
        date.map { Timestamp($0).minutes } ?? "-"
    }
}
