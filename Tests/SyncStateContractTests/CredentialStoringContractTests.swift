import Foundation
import SyncStateInterface
import Testing

@Suite("CredentialStoring contract", .scratchDirectory)
struct CredentialStoringContractTests {
    let credentials = Credentials(server: URL(string: "https://notes.example.com:8443/base")!, token: "qt_secret")

    @Test("Not logged in at first; save, load (new handle), replace, remove", arguments: Implementation.allCases)
    func lifecycle(_ implementation: Implementation) async throws {
        let (store, reopened) = try implementation.credentialStores()
        #expect(try await store.load() == nil)
        try await store.save(credentials)
        #expect(try await reopened.load() == credentials)
        let other = Credentials(server: URL(string: "http://127.0.0.1:9000")!, token: "another")
        try await store.save(other)
        #expect(try await reopened.load() == other)
        try await store.remove()
        try await store.remove()
        #expect(try await reopened.load() == nil)
    }
}
