import Hummingbird
import HummingbirdTesting
import QuillModels
import ServerFeature
import Testing

/// `GET /v1/notes?q=…`: the language of `quill search` over one account's live notes, best match
/// first, paged by `after`; an empty or invalid search is a 400 saying why.
@Suite struct SearchRoutesTests {
    static func seed(_ client: Client) async throws {
        for (id, title, body, tags) in [
            ("a1", "Café notes", "meeting about the harbour", #"["work"]"#),
            ("b2", "Harbour", "boats and a café", #"["home"]"#),
            ("c3", "Groceries", "bread, e-mail the baker", #"["home"]"#),
            ("d4", "Harbour gone", "deleted", "[]"),
        ] {
            try await client.send(.post, "/v1/notes", json: #"{"id":"\#(id)","title":"\#(title)","body":"\#(body)","tags":\#(tags)}"#)
        }
        try await client.send(.delete, "/v1/notes/d4", headers: [.ifMatch: "\"1\""])
        try await client.send(.post, "/v1/notes", as: client.bob, json: #"{"id":"a0","title":"bob's harbour"}"#)
    }

    @Test func findsLiveNotesOfThisAccountBestFirst() async throws {
        try await TestServer.make().test { client in
            try await Self.seed(client)
            let harbour = try await client.send(.get, "/v1/notes?q=HARBOUR").decoded(NotePage.self)
            #expect(harbour.notes.map(\.id.rawValue) == ["b2", "a1"] && harbour.next == nil)
            let cafe = try await client.send(.get, "/v1/notes?q=cafe+tag%3Ahome").decoded(NotePage.self)
            #expect(cafe.notes.map(\.id.rawValue) == ["b2"], "+ is a space; tag: filters")
            let phrase = try await client.send(.get, "/v1/notes?q=%22e-mail+the%22&tag=home").decoded(NotePage.self)
            #expect(phrase.notes.map(\.id.rawValue) == ["c3"])
            let prefix = try await client.send(.get, "/v1/notes?q=gro*").decoded(NotePage.self)
            #expect(prefix.notes.map(\.id.rawValue) == ["c3"])
            #expect(try await client.send(.get, "/v1/notes?q=cafe&tag=work").decoded(NotePage.self).notes.map(\.id.rawValue) == ["a1"])
        }
    }

    @Test func pagesWithLimitAndAfter() async throws {
        try await TestServer.make().test { client in
            try await Self.seed(client)
            let first = try await client.send(.get, "/v1/notes?q=harbour&limit=1").decoded(NotePage.self)
            #expect(first.notes.map(\.id.rawValue) == ["b2"] && first.next?.rawValue == "b2")
            let last = try await client.send(.get, "/v1/notes?q=harbour&limit=1&after=b2").decoded(NotePage.self)
            #expect(last.notes.map(\.id.rawValue) == ["a1"] && last.next == nil)
        }
    }

    @Test(arguments: [
        ("q=", "no words"), ("q=+", "no words"), ("q=%22%22", "no words"), ("q=-*%3A", "no words"),
        ("q=\(String(repeating: "a", count: 1001))", "longer than 1000"), ("q=a&q=b", "one search"),
        ("q=tag%3Aa%2Cb", "tag:"),
    ])
    func emptyOrInvalidSearchesAre400(_ query: String, _ reason: String) async throws {
        try await TestServer.make().test { client in
            let response = try await client.send(.get, "/v1/notes?\(query)")
            #expect(response.status == .badRequest && response.errorCode == "bad_request", "\(response.text)")
            #expect(response.text.contains("q: ") && response.text.contains(reason), "\(response.text)")
        }
    }

    @Test(arguments: ["%22", "%27", "*", "%3A", "%26%7C%21%28%29", "a+OR+b", "NEAR%28a%29", "%27+OR+1%3D1+--", "%01%1B%5B", "%5C"])
    func hostileSearchesAreAnsweredNot500(_ query: String) async throws {
        try await TestServer.make().test { client in
            try await Self.seed(client)
            let response = try await client.send(.get, "/v1/notes?q=\(query)")
            #expect(response.status == .ok || response.status == .badRequest, "\(response.status) \(response.text)")
        }
    }
}
