import Hummingbird
import HummingbirdTesting
import QuillModels
import ServerFeature
import Testing

/// `GET /v1/notes?tag=T`: only live notes with that tag, paged like the whole list.
@Suite struct TagFilterRoutesTests {
    static func seed(_ client: Client) async throws {
        for (id, tags) in [("a1", #"["home"]"#), ("b2", #"["homework"]"#), ("c3", #"["home","work"]"#), ("d4", "[]"),
                           ("e5", #"["home"]"#), ("f6", #"["home"]"#)] {
            try await client.send(.post, "/v1/notes", json: #"{"id":"\#(id)","title":"t","tags":\#(tags)}"#)
        }
        try await client.send(.delete, "/v1/notes/e5", headers: [.ifMatch: "\"1\""])
        try await client.send(.post, "/v1/notes", as: client.bob, json: #"{"id":"a0","title":"bob's","tags":["home"]}"#)
    }

    @Test func onlyLiveNotesWithTheTagOfThisAccount() async throws {
        try await TestServer.make().test { client in
            try await Self.seed(client)
            let home = try await client.send(.get, "/v1/notes?tag=home").decoded(NotePage.self)
            #expect(home.notes.map(\.id.rawValue) == ["a1", "c3", "f6"] && home.next == nil)
            let work = try await client.send(.get, "/v1/notes?tag=Work").decoded(NotePage.self)
            #expect(work.notes.map(\.id.rawValue) == ["c3"], "a tag is matched as it is normalized")
            #expect(try await client.send(.get, "/v1/notes?tag=hom").decoded(NotePage.self).notes.isEmpty)
        }
    }

    /// Found by the stateful fuzz: an empty `tag=` (a form's empty field) is no filter.
    @Test func anEmptyTagIsNoFilter() async throws {
        try await TestServer.make().test { client in
            try await Self.seed(client)
            let all = try await client.send(.get, "/v1/notes?tag=").decoded(NotePage.self)
            #expect(all.notes.map(\.id.rawValue) == ["a1", "b2", "c3", "d4", "f6"])
        }
    }

    /// Found by the stateful fuzz: a query is form-encoded (`+` is a space, as Python's
    /// `requests` and a browser's form send it), so white space around a tag is trimmed.
    @Test func aPlusInTheQueryIsASpace() async throws {
        try await TestServer.make().test { client in
            try await Self.seed(client)
            let work = try await client.send(.get, "/v1/notes?tag=+Work+").decoded(NotePage.self)
            #expect(work.notes.map(\.id.rawValue) == ["c3"])
            let home = try await client.send(.get, "/v1/notes?t%61g=%E2%80%A8home+%0B").decoded(NotePage.self)
            #expect(home.notes.map(\.id.rawValue) == ["a1", "c3", "f6"], "names are decoded too")
            let spaced = try await client.send(.get, "/v1/notes?tag=a+b")
            #expect(spaced.status == .badRequest && spaced.text.contains("space"), "\(spaced.text)")
        }
    }

    @Test func theFilterPagesWithLimitAndAfter() async throws {
        try await TestServer.make().test { client in
            try await Self.seed(client)
            let first = try await client.send(.get, "/v1/notes?tag=home&limit=2").decoded(NotePage.self)
            #expect(first.notes.map(\.id.rawValue) == ["a1", "c3"] && first.next?.rawValue == "c3")
            let last = try await client.send(.get, "/v1/notes?tag=home&limit=2&after=c3").decoded(NotePage.self)
            #expect(last.notes.map(\.id.rawValue) == ["f6"] && last.next == nil)
        }
    }

    @Test(arguments: ["tag=%20", "tag=a%20b", "tag=a,b", "tag=\(String(repeating: "t", count: QuillModels.Tag.maximumLength + 1))", "tag=a&tag=b"])
    func invalidTagsAre400(_ query: String) async throws {
        try await TestServer.make().test { client in
            let response = try await client.send(.get, "/v1/notes?\(query)")
            #expect(response.status == .badRequest && response.errorCode == "bad_request", "\(response.text)")
            #expect(response.text.contains("tag: "), "\(response.text)")
        }
    }
}
