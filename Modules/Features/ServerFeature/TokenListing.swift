import Foundation
import QuillModels
import ServerStoreInterface

/// What `quill-server account tokens NAME` prints: a table for a person, or JSON for a script.
/// Never a secret or a hash: the ID is what `account revoke` takes.
public enum TokenListing {
    /// `ID  SCOPE  LABEL  CREATED  LAST USED  FROM  EXPIRES`, one token per line, oldest first,
    /// times in UTC to the minute (`-` when unknown or never), an expired token's expiry marked.
    public static func table(_ tokens: [TokenSummary], now: Date) -> String {
        let rows = [["ID", "SCOPE", "LABEL", "CREATED", "LAST USED", "FROM", "EXPIRES"]] + tokens.map { token in
            let expires = token.expires.map { AccountListing.minute($0) + ($0 <= now ? " (expired)" : "") } ?? "never"
            return [token.id.rawValue, token.scope.rawValue, token.label ?? "-", AccountListing.minute(token.created),
                    AccountListing.minute(token.lastUsed), token.lastAddress ?? "-", expires]
        }
        return TextTable.render(rows)
    }

    /// `ID  BROWSER  TOKEN  CREATED  LAST USED  FROM  EXPIRES`: the web sessions, with the ID
    /// `DELETE /v1/devices/{id}` and the Devices page take and the token each was opened with (`provider` for a sign-in through the identity provider).
    public static func table(_ sessions: [WebSession]) -> String {
        let rows = [["ID", "BROWSER", "TOKEN", "CREATED", "LAST USED", "FROM", "EXPIRES"]] + sessions.map { session in
            ["s" + session.id, session.device ?? "-", session.token?.rawValue ?? "provider", AccountListing.minute(session.created),
             AccountListing.minute(session.lastUsed), session.address ?? "-", AccountListing.minute(session.expires)]
        }
        return TextTable.render(rows)
    }

    /// `[{"id":…,"scope":"full"|"read-only","label":…|null,"created":…|null,"lastUsed":…|null,"lastAddress":…|null,
    /// "expires":…|null,"expired":…}]`, times as ISO 8601 UTC with milliseconds.
    public static func json(_ tokens: [TokenSummary], now: Date) throws -> String {
        struct Entry: Encodable {
            let id: String
            let scope: String
            let label: String?
            let created: Timestamp?
            let lastUsed: Timestamp?
            let lastAddress: String?
            let expires: Timestamp?
            let expired: Bool

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(id, forKey: .id)
                try container.encode(scope, forKey: .scope)
                try container.encode(label, forKey: .label)
                try container.encode(created, forKey: .created)
                try container.encode(lastUsed, forKey: .lastUsed)
                try container.encode(lastAddress, forKey: .lastAddress)
                try container.encode(expires, forKey: .expires)
                try container.encode(expired, forKey: .expired)
            }

            enum CodingKeys: String, CodingKey { case id, scope, label, created, lastUsed, lastAddress, expires, expired }
        }
        let entries = tokens.map { token in
            Entry(id: token.id.rawValue, scope: token.scope.rawValue, label: token.label, created: token.created.map(Timestamp.init),
                  lastUsed: token.lastUsed.map(Timestamp.init), lastAddress: token.lastAddress, expires: token.expires.map(Timestamp.init),
                  expired: token.expires.map { $0 <= now } ?? false)
        }
        return String(decoding: try NoteJSON.encoder.encode(entries), as: UTF8.self) + "\n"
    }
}
