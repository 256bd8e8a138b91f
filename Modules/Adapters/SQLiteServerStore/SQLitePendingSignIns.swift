import Foundation
import QuillModels
import ServerStoreInterface
import SQLiteKit
import StandardInterfaces

/// Sign-ins through the identity provider waiting for their callback, in the same SQLite file as
/// the notes (table `pending_sign_ins`, migration 20).
extension SQLiteServerStore: PendingSignInStore {
    public func createPendingSignIn(_ signIn: PendingSignIn, at now: Date) async throws {
        try guarded { connection in
            try connection.transaction {
                try connection.query("DELETE FROM pending_sign_ins WHERE expires_ms <= ?", [.integer(now.millisecondsSince1970)])
                try connection.query("INSERT INTO pending_sign_ins (state_hash, nonce, verifier, return_path, expires_ms) VALUES (?, ?, ?, ?, ?)",
                                     [.text(signIn.stateHash.hex), .text(signIn.nonce), .text(signIn.verifier), .text(signIn.returnPath),
                                      .integer(signIn.expires.millisecondsSince1970)])
            }
        }
    }

    public func takePendingSignIn(stateHash: TokenHash, at now: Date) async throws -> PendingSignIn? {
        try guarded { connection in
            var found: PendingSignIn?
            try connection.query("DELETE FROM pending_sign_ins WHERE state_hash = ? RETURNING nonce, verifier, return_path, expires_ms",
                                 [.text(stateHash.hex)]) {
                found = PendingSignIn(stateHash: stateHash, nonce: $0.text(0), verifier: $0.text(1), returnPath: $0.text(2),
                                      expires: Date(millisecondsSince1970: $0.integer(3)))
            }
            guard let found, found.expires > now else { return nil }
            return found
        }
    }
}
