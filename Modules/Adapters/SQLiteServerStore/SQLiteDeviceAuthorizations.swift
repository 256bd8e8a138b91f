import Foundation
import QuillModels
import ServerStoreInterface
import SQLiteKit
import StandardInterfaces

/// Devices waiting to sign in, in the same SQLite file as the notes (table
/// `device_authorizations`, migration 19).
extension SQLiteServerStore: DeviceAuthorizationStore {
    private static let deviceColumns = """
        device_code_hash, user_code, device_name, requested_scope, requested_from, created_ms, expires_ms, last_polled_ms, \
        decision, account_id, account_name, granted_scope, token_expires_ms
        """

    public func createDeviceAuthorization(_ authorization: DeviceAuthorization) async throws -> Bool {
        try guarded { connection in
            try connection.transaction {
                try connection.query("DELETE FROM device_authorizations WHERE expires_ms <= ?", [.integer(authorization.created.millisecondsSince1970)])
                var taken = false
                try connection.query("SELECT 1 FROM device_authorizations WHERE user_code = ? OR device_code_hash = ?",
                                     [.text(authorization.userCode), .text(authorization.deviceCodeHash.hex)]) { _ in taken = true }
                guard !taken else { return false }
                try connection.query("INSERT INTO device_authorizations (\(Self.deviceColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                                     Self.values(authorization))
                return true
            }
        }
    }

    public func deviceAuthorization(userCode: String, at now: Date) async throws -> DeviceAuthorization? {
        try reading { connection in
            try Self.authorizations(on: connection, where: "user_code = ? AND expires_ms > ?",
                                    [.text(userCode), .integer(now.millisecondsSince1970)]).first
        }
    }

    public func decideDeviceAuthorization(userCode: String, _ decision: DeviceDecision, at now: Date) async throws -> Bool {
        let (kind, account, name, scope, expires) = Self.columns(decision)
        return try guarded { connection in
            var decided = false
            try connection.query("""
                UPDATE device_authorizations SET decision = ?, account_id = ?, account_name = ?, granted_scope = ?, token_expires_ms = ?
                WHERE user_code = ? AND decision IS NULL AND expires_ms > ? RETURNING 1
                """, [kind, account, name, scope, expires, .text(userCode), .integer(now.millisecondsSince1970)]) { _ in decided = true }
            return decided
        }
    }

    public func pollDeviceAuthorization(deviceCodeHash: TokenHash, at now: Date) async throws -> DeviceAuthorization? {
        try guarded { connection in
            try connection.transaction {
                guard let found = try Self.authorizations(on: connection, where: "device_code_hash = ?", [.text(deviceCodeHash.hex)]).first else {
                    return nil
                }
                if found.decision != nil || found.expires <= now {
                    try connection.query("DELETE FROM device_authorizations WHERE device_code_hash = ?", [.text(deviceCodeHash.hex)])
                } else {
                    try connection.query("UPDATE device_authorizations SET last_polled_ms = ? WHERE device_code_hash = ?",
                                         [.integer(now.millisecondsSince1970), .text(deviceCodeHash.hex)])
                }
                return found
            }
        }
    }

    private static func values(_ authorization: DeviceAuthorization) -> [SQLiteValue] {
        let (kind, account, name, scope, expires) = columns(authorization.decision)
        return [
            .text(authorization.deviceCodeHash.hex), .text(authorization.userCode), .text(authorization.deviceName),
            .text(authorization.requestedScope.rawValue), authorization.requestedFrom.map(SQLiteValue.text) ?? .null,
            .integer(authorization.created.millisecondsSince1970), .integer(authorization.expires.millisecondsSince1970),
            authorization.lastPolled.map { .integer($0.millisecondsSince1970) } ?? .null, kind, account, name, scope, expires,
        ]
    }

    /// The decision's columns: `decision`, `account_id`, `account_name`, `granted_scope`, `token_expires_ms`.
    private static func columns(_ decision: DeviceDecision?) -> (SQLiteValue, SQLiteValue, SQLiteValue, SQLiteValue, SQLiteValue) {
        switch decision {
        case nil: (.null, .null, .null, .null, .null)
        case .denied: (.text("denied"), .null, .null, .null, .null)
        case .approved(let account, let scope, let expires):
            (.text("approved"), .integer(account.id.rawValue), .text(account.name), .text(scope.rawValue),
             expires.map { .integer($0.millisecondsSince1970) } ?? .null)
        }
    }

    private static func authorizations(on connection: SQLiteConnection, where condition: String,
                                       _ values: [SQLiteValue]) throws -> [DeviceAuthorization] {
        var found: [DeviceAuthorization] = []
        try connection.query("SELECT \(deviceColumns) FROM device_authorizations WHERE \(condition)", values) { row in
            guard let hash = TokenHash(hex: row.text(0)), let requested = TokenScope(rawValue: row.text(3)) else {
                throw ServerStoreError.corrupt("device authorization '\(row.text(1))' is malformed")
            }
            let decision: DeviceDecision?
            switch row.optionalText(8) {
            case nil: decision = nil
            case "denied": decision = .denied
            case "approved":
                guard let account = row.optionalInteger(9), let name = row.optionalText(10),
                      let scope = row.optionalText(11).flatMap(TokenScope.init(rawValue:)) else {
                    throw ServerStoreError.corrupt("device authorization '\(row.text(1))' approved without an account or scope")
                }
                decision = .approved(account: Account(id: AccountID(account), name: name), scope: scope,
                                     tokenExpires: row.optionalInteger(12).map(Date.init(millisecondsSince1970:)))
            case let other?: throw ServerStoreError.corrupt("device authorization '\(row.text(1))' has decision '\(other)'")
            }
            found.append(DeviceAuthorization(
                deviceCodeHash: hash, userCode: row.text(1), deviceName: row.text(2), requestedScope: requested,
                requestedFrom: row.optionalText(4), created: Date(millisecondsSince1970: row.integer(5)),
                expires: Date(millisecondsSince1970: row.integer(6)), lastPolled: row.optionalInteger(7).map(Date.init(millisecondsSince1970:)),
                decision: decision))
        }
        return found
    }
}
