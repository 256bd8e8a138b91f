import Foundation
import PostgresNIO
import QuillModels
import ServerStoreInterface
import StandardInterfaces

/// Devices waiting to sign in, in the same database as the notes (table `device_authorizations`,
/// migration 18). A poll takes its row under `FOR UPDATE`, so an approval is handed out once
/// whichever server the device asks.
extension PostgresServerStore: DeviceAuthorizationStore {
    public func createDeviceAuthorization(_ authorization: DeviceAuthorization) async throws -> Bool {
        let (kind, account, name, scope, expires) = Self.columns(authorization.decision)
        return try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("DELETE FROM device_authorizations WHERE expires_ms <= \(authorization.created.millisecondsSince1970)",
                                           logger: logger)
                for try await _ in try await connection.query("""
                    INSERT INTO device_authorizations (device_code_hash, user_code, device_name, requested_scope, requested_from, created_ms,
                        expires_ms, last_polled_ms, decision, account_id, account_name, granted_scope, token_expires_ms)
                    VALUES (\(authorization.deviceCodeHash.hex), \(authorization.userCode), \(authorization.deviceName),
                            \(authorization.requestedScope.rawValue), \(authorization.requestedFrom), \(authorization.created.millisecondsSince1970),
                            \(authorization.expires.millisecondsSince1970), \(authorization.lastPolled?.millisecondsSince1970), \(kind), \(account),
                            \(name), \(scope), \(expires))
                    ON CONFLICT DO NOTHING RETURNING 1
                    """, logger: logger).decode(Int32.self) { return true }
                return false
            }
        }
    }

    public func deviceAuthorization(userCode: String, at now: Date) async throws -> DeviceAuthorization? {
        try await guarded {
            try await Self.authorizations(
                try await client.query(Self.selecting("user_code = \(userCode) AND expires_ms > \(now.millisecondsSince1970)"), logger: logger)
            ).first
        }
    }

    public func decideDeviceAuthorization(userCode: String, _ decision: DeviceDecision, at now: Date) async throws -> Bool {
        let (kind, account, name, scope, expires) = Self.columns(decision)
        return try await guarded {
            for try await _ in try await client.query("""
                UPDATE device_authorizations SET decision = \(kind), account_id = \(account), account_name = \(name), granted_scope = \(scope), token_expires_ms = \(expires)
                WHERE user_code = \(userCode) AND decision IS NULL AND expires_ms > \(now.millisecondsSince1970) RETURNING 1
                """, logger: logger).decode(Int32.self) { return true }
            return false
        }
    }

    public func pollDeviceAuthorization(deviceCodeHash: TokenHash, at now: Date) async throws -> DeviceAuthorization? {
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                var query = Self.selecting("device_code_hash = \(deviceCodeHash.hex)")
                query.sql += " FOR UPDATE"
                guard let found = try await Self.authorizations(try await connection.query(query, logger: logger)).first else { return nil }
                if found.decision != nil || found.expires <= now {
                    try await connection.query("DELETE FROM device_authorizations WHERE device_code_hash = \(deviceCodeHash.hex)", logger: logger)
                } else {
                    try await connection.query("""
                        UPDATE device_authorizations SET last_polled_ms = \(now.millisecondsSince1970) WHERE device_code_hash = \(deviceCodeHash.hex)
                        """, logger: logger)
                }
                return found
            }
        }
    }

    /// The decision's columns: `decision`, `account_id`, `account_name`, `granted_scope`, `token_expires_ms`.
    private static func columns(_ decision: DeviceDecision?) -> (String?, Int64?, String?, String?, Int64?) {
        switch decision {
        case nil: (nil, nil, nil, nil, nil)
        case .denied: ("denied", nil, nil, nil, nil)
        case .approved(let account, let scope, let expires):
            ("approved", account.id.rawValue, account.name, scope.rawValue, expires?.millisecondsSince1970)
        }
    }

    private static func selecting(_ condition: PostgresQuery) -> PostgresQuery {
        var query: PostgresQuery = """
            SELECT device_code_hash, user_code, device_name, requested_scope, requested_from, created_ms, expires_ms, last_polled_ms,
                   decision, account_id, account_name, granted_scope, token_expires_ms
            FROM device_authorizations WHERE
            """
        query.sql += " " + condition.sql
        query.binds = condition.binds
        return query
    }

    private static func authorizations(_ rows: PostgresRowSequence) async throws -> [DeviceAuthorization] {
        var found: [DeviceAuthorization] = []
        for try await (hashText, userCode, name, requestedText, from, created, expires, polled, kind, account, accountName, scopeText, tokenExpires) in rows
            .decode((String, String, String, String, String?, Int64, Int64, Int64?, String?, Int64?, String?, String?, Int64?).self) {
            guard let hash = TokenHash(hex: hashText), let requested = TokenScope(rawValue: requestedText) else {
                throw ServerStoreError.corrupt("device authorization '\(userCode)' is malformed")
            }
            let decision: DeviceDecision?
            switch kind {
            case nil: decision = nil
            case "denied": decision = .denied
            case "approved":
                guard let account, let accountName, let scope = scopeText.flatMap(TokenScope.init(rawValue:)) else {
                    throw ServerStoreError.corrupt("device authorization '\(userCode)' approved without an account or scope")
                }
                decision = .approved(account: Account(id: AccountID(account), name: accountName), scope: scope, tokenExpires: tokenExpires.map(Date.init(millisecondsSince1970:)))
            case let other?: throw ServerStoreError.corrupt("device authorization '\(userCode)' has decision '\(other)'")
            }
            found.append(DeviceAuthorization(
                deviceCodeHash: hash, userCode: userCode, deviceName: name, requestedScope: requested, requestedFrom: from,
                created: Date(millisecondsSince1970: created), expires: Date(millisecondsSince1970: expires),
                lastPolled: polled.map(Date.init(millisecondsSince1970:)), decision: decision))
        }
        return found
    }
}
