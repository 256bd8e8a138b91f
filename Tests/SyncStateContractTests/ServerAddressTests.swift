import Foundation
import SyncStateInterface
import Testing

/// One server, one name, however it was typed or saved.
@Suite("Server address")
struct ServerAddressTests {
    @Test("a trailing slash, the API's /v1 and the host's case are not part of the name", arguments: [
        ("https://notes.example.com", "https://notes.example.com"), ("https://notes.example.com/", "https://notes.example.com"),
        ("https://notes.example.com/v1", "https://notes.example.com"), ("https://notes.example.com/v1/", "https://notes.example.com"),
        ("HTTPS://Notes.Example.COM:8443/", "https://notes.example.com:8443"), ("https://example.com/quill//", "https://example.com/quill"),
        ("https://example.com/quill/v1", "https://example.com/quill"), (" http://127.0.0.1:8080 ", "http://127.0.0.1:8080"),
    ])
    func named(_ given: String, _ name: String) throws {
        #expect(ServerAddress.url(parsing: given) == URL(string: name))
    }

    @Test("what is not an http(s) URL with a host is no server's address", arguments: ["ftp://x", "notes.example.com", "http://", "notaurl", ""])
    func refused(_ given: String) {
        #expect(ServerAddress.url(parsing: given) == nil)
    }

    @Test("a login saved by an earlier release names the same server as today's")
    func sameServer() throws {
        let today = try #require(URL(string: "https://notes.example.com"))
        #expect(ServerAddress.isSame(try #require(URL(string: "https://notes.example.com/")), today))
        #expect(ServerAddress.isSame(try #require(URL(string: "https://Notes.example.com")), today))
        #expect(!ServerAddress.isSame(try #require(URL(string: "https://other.example.com")), today))
        #expect(!ServerAddress.isSame(try #require(URL(string: "http://notes.example.com")), today))
    }

    @Test("the refusal says what was given and where")
    func refusal() {
        #expect(ServerAddress.Invalid(text: "notaurl", source: "QUILL_SERVER").description
            == "QUILL_SERVER is 'notaurl', not an http:// or https:// URL with a host, e.g. https://notes.example.com")
    }
}
