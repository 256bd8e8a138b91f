import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The web reader's live pages: the one script is served and included on signed-in pages only,
/// the stream needs a session, and the pages anyone reads stay without script. The script's
/// behaviour is tried in Chromium (Tools/browser-test/tests_live.py).
@Suite struct LivePageTests {
    @Test func signedInPagesCarryTheScriptAndTheLiveStatusAndReadersPagesDoNot() async throws {
        let server = try await WebTestServer.make()
        let note = try await server.note("a1", "Followed")
        try await server.test { browser in
            let login = try await browser.get("/login")
            #expect(!login.text.contains("/static/quill.js"))
            try await browser.signIn(server.alice)
            let page = try await browser.get("/notes/a1")
            #expect(page.text.contains(#"<script src="/static/quill.js" defer></script>"#))
            #expect(page.text.contains(#"<span id="live" class="live" role="status" aria-live="polite" hidden></span>"#))
            #expect(page.text.contains(#"<article class="note" data-note="a1" data-revision="\#(note.revision)">"#))
            #expect(page.headers[.contentSecurityPolicy]?.contains("script-src 'self'; connect-src 'self'") == true)
            let script = try await browser.get("/static/quill.js")
            #expect(script.status == .ok && script.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(script.text.contains(#"new EventSource("/events""#) && !script.text.contains("innerHTML"))
        }
    }

    @Test func theReaderIsAnInstallableAppWhoseWorkerForgetsAccountsAtSignIn() async throws {
        let server = try await WebTestServer.make()
        try await server.test { browser in
            let worker = try await browser.get("/sw.js")
            #expect(worker.status == .ok && worker.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(worker.text.contains(#"url.pathname === "/login""#) && worker.text.contains("caches.delete(PAGES)"))
            let manifest = try await browser.get("/manifest.webmanifest")
            #expect(manifest.headers[.contentType] == "application/manifest+json")
            let fields = try JSONSerialization.jsonObject(with: Data(manifest.text.utf8)) as? [String: Any]
            #expect(fields?["start_url"] as? String == "/" && fields?["display"] as? String == "standalone")
            #expect(try await browser.get("/static/quill.svg").headers[.contentType] == "image/svg+xml")
            try await browser.signIn(server.alice)
            let page = try await browser.get("/")
            #expect(page.text.contains(#"<link rel="manifest" href="/manifest.webmanifest">"#))
            let kept = try await browser.get("/offline")
            #expect(kept.status == .ok && kept.text.contains(#"<ul id="kept"></ul>"#))
        }
    }

    @Test func theStreamNeedsASession() async throws {
        let server = try await WebTestServer.make()
        try await server.test { browser in
            let answer = try await browser.get("/events")
            #expect(answer.status == .seeOther)
            #expect(answer.location == "/login?next=%2Fevents")
        }
    }
}
