import ServerStoreInterface
@testable import PostgresServerStore
import Testing

/// Notices travel between servers as `NOTIFY` payloads: each kind read back as it was sent, and
/// what is not a notice (a revocation, an account's change, garbage) read as none.
@Suite struct PostgresNoticePayloadTests {
    @Test(arguments: [AccountNotice.devices, .shares, .attachment(sha256: String(repeating: "ab", count: 32), size: 123_456_789_012)])
    func aNoticeReadsBackAsSent(_ notice: AccountNotice) throws {
        let text = PostgresNoticePayload.text(notice, account: AccountID(42))
        let (read, account) = try #require(PostgresNoticePayload.parse(text))
        #expect(read == notice && account == AccountID(42))
    }

    @Test(arguments: ["42", "tq_0123", "n", "nx devices", "n42", "n42 shares extra", "n42 attachment ab", "n42 attachment ab size", "n42 other"])
    func otherPayloadsAreNoNotice(_ payload: String) {
        #expect(PostgresNoticePayload.parse(payload) == nil)
    }
}
