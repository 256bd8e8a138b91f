import Foundation
import PostgresNIO
import QuillModels
import ServerStoreInterface
import StandardInterfaces

/// Sign-ins through the identity provider waiting for their callback, in the same database as the
/// notes (table `pending_sign_ins`, migration 19): any server of the deployment can finish one.
extension PostgresServerStore: PendingSignInStore {
    public func createPendingSignIn(_ signIn: PendingSignIn, at now: Date) async throws {
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("DELETE FROM pending_sign_ins WHERE expires_ms <= \(now.millisecondsSince1970)", logger: logger)
                try await connection.query("""
                    INSERT INTO pending_sign_ins (state_hash, nonce, verifier, return_path, expires_ms)
                    VALUES (\(signIn.stateHash.hex), \(signIn.nonce), \(signIn.verifier), \(signIn.returnPath), \(signIn.expires.millisecondsSince1970))
                    """, logger: logger)
            }
        }
    }

    public func takePendingSignIn(stateHash: TokenHash, at now: Date) async throws -> PendingSignIn? {
        try await guarded {
            var found: PendingSignIn?
            for try await (nonce, verifier, returnPath, expires) in try await client.query("""
                DELETE FROM pending_sign_ins WHERE state_hash = \(stateHash.hex) RETURNING nonce, verifier, return_path, expires_ms
                """, logger: logger).decode((String, String, String, Int64).self) {
                found = PendingSignIn(stateHash: stateHash, nonce: nonce, verifier: verifier, returnPath: returnPath,
                                      expires: Date(millisecondsSince1970: expires))
            }
            guard let found, found.expires > now else { return nil }
            return found
        }
    }
}
