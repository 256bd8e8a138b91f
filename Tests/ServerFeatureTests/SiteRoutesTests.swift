import Foundation
import QuillAPI
import QuillModels
import ServerFeature
import ServerStoreInterface
import StandardInterfaces
import StandardTesting
import Testing

/// `POST /v1/sites`, `GET /v1/sites`, `DELETE /v1/sites/{slug}` (docs/sharing.md): a slug is the
/// server's once, its terms are checked, each account sees and removes only its own.
@Suite struct SiteRoutesTests {
    @Test func aSiteIsPublishedListedAndTakenDown() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let made = try await client.send(.post, "/v1/sites", json: #"{"slug": "harbour-news", "tag": "Blog", "title": "Harbour news"}"#)
            #expect(made.status == .created)
            let site = try made.decoded(SiteBody.self)
            #expect(site.slug == "harbour-news" && site.tag == "blog" && site.title == "Harbour news" && site.path == "/p/harbour-news/")
            let untitled = try await client.send(.post, "/v1/sites", json: #"{"slug": "plain", "tag": "x"}"#).decoded(SiteBody.self)
            #expect(untitled.title == "x", "the tag is the title when none is given")
            let taken = try await client.send(.post, "/v1/sites", as: client.bob, json: #"{"slug": "harbour-news", "tag": "mine"}"#)
            #expect(taken.status == .conflict && taken.errorCode == "slug_taken")
            #expect(try await client.send(.get, "/v1/sites").decoded(SiteListBody.self).sites.map(\.slug) == ["harbour-news", "plain"])
            #expect(try await client.send(.get, "/v1/sites", as: client.bob).decoded(SiteListBody.self).sites.isEmpty)
            #expect(try await client.send(.delete, "/v1/sites/harbour-news", as: client.bob).status == .notFound)
            #expect(try await client.send(.delete, "/v1/sites/harbour-news").status == .noContent)
            #expect(try await client.send(.delete, "/v1/sites/harbour-news").status == .notFound)
        }
    }

    @Test func badTermsAreRefused() async throws {
        let server = try await TestServer.make()
        let bodies = [#"{"slug": "Caps", "tag": "x"}"#, #"{"slug": "-dash", "tag": "x"}"#, #"{"slug": "", "tag": "x"}"#,
                      #"{"slug": "a/b", "tag": "x"}"#, #"{"slug": "ok", "tag": "two words"}"#, #"{"slug": "ok", "tag": "x", "title": "a\nb"}"#,
                      #"{"slug": "ok", "tag": "x", "extra": 1}"#, #"{"tag": "x"}"#]
        try await server.test { client in
            for body in bodies {
                let answer = try await client.send(.post, "/v1/sites", json: body)
                #expect(answer.status == .badRequest, "\(body)")
            }
        }
    }
}
