import Foundation
import QuillModels
import ServerFeature
import ServerStoreInterface
import Testing

/// `ServerNoteRepository.search` as `NoteSearch` defines it, on every store: each kind of term,
/// folding, ranking, paging, scoping, and hostile text that must never break a query.
@Suite struct SearchContractTests {
    static let implementations = ServerStoreContractTests.implementations

    /// The IDs a search finds, in order, all pages walked with `limit`.
    static func found(_ text: String, in store: any ServerStore, account: AccountID, tagged tag: String? = nil,
                      limit: Int = 100) async throws -> [String] {
        let query = try SearchQuery(text)
        var ids: [String] = []
        var after: NoteID?
        for _ in 0..<1000 {
            let page = try await store.search(query, account: account, tagged: tag.map { try Tag($0) }, after: after, limit: limit)
            ids += page.notes.map(\.id.rawValue)
            guard page.hasMore else { return ids }
            after = page.last
        }
        Issue.record("paging did not end")
        return ids
    }

    /// Chinese, Japanese and Korean are found inside runs of characters, before particles and
    /// against Latin letters; edits and deletions take their words out of the index.
    @Test(arguments: implementations)
    func cjkWordsAreFoundWhereverTheyStand(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            for note in [
                try Sample.note("c1", title: "同步说明", body: "这是关于同步数据的说明。我们每天同步一次。"),
                try Sample.note("c2", title: "プラグイン", body: "コミュニティプラグインを使うと、同期が簡単になります。"),
                try Sample.note("c3", title: "동기화 안내", body: "노트를 동기화를 하려면 설정에서 켜세요."),
                try Sample.note("c4", title: "Mixed", body: "iPhone同步 works; ｶﾀｶﾅ too"),
            ] { _ = try await store.create(note, account: account) }
            #expect(Set(try await Self.found("同步", in: store, account: account)) == ["c1", "c4"])
            #expect(try await Self.found("数据", in: store, account: account) == ["c1"])
            #expect(try await Self.found("据", in: store, account: account) == ["c1"])
            #expect(try await Self.found("プラグイン", in: store, account: account) == ["c2"])
            #expect(try await Self.found("同期", in: store, account: account) == ["c2"])
            #expect(try await Self.found("동기화", in: store, account: account) == ["c3"])
            #expect(try await Self.found("\"iphone同步\"", in: store, account: account) == ["c4"])
            #expect(try await Self.found("iphone", in: store, account: account) == ["c4"])
            #expect(try await Self.found("カタカナ", in: store, account: account) == ["c4"])
            #expect(try await Self.found("同步数据库", in: store, account: account).isEmpty)
            #expect(try await Self.found("步同", in: store, account: account).isEmpty)
            _ = try await store.replace(try Sample.note("c1", title: "说明", body: "完全不同的内容", revision: 2), account: account, ifRevision: 1, origin: .api)
            #expect(try await Self.found("数据", in: store, account: account).isEmpty)
            #expect(try await Self.found("内容", in: store, account: account) == ["c1"])
            _ = try await store.delete(try #require(NoteID("c2")), account: account, ifRevision: 1, at: Sample.date, origin: .api)
            #expect(try await Self.found("プラグイン", in: store, account: account).isEmpty)
        }
    }

    /// Words of scripts with marks FTS5 does not know (Devanagari's vowel signs, Arabic's
    /// harakat) or keeps (Greek's accents, Cyrillic's breve) are found as typed and as folded.
    @Test(arguments: implementations)
    func wordsOfEveryScriptAreFoundWithOrWithoutTheirMarks(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            for note in [
                try Sample.note("d1", title: "भाषा", body: "मुझे हिन्दी पसंद है"),
                try Sample.note("d2", title: "Arabic", body: "مَرحَبًا بالعالم"),
                try Sample.note("d3", title: "Greek", body: "Ελληνικά γλώσσα"),
                try Sample.note("d4", title: "Russian", body: "Мой край"),
            ] { _ = try await store.create(note, account: account) }
            #expect(try await Self.found("हिन्दी", in: store, account: account) == ["d1"])
            #expect(try await Self.found("पसंद", in: store, account: account) == ["d1"])
            #expect(try await Self.found("مَرحَبًا", in: store, account: account) == ["d2"])
            #expect(try await Self.found("مرحبا", in: store, account: account) == ["d2"])
            #expect(try await Self.found("ελληνικα", in: store, account: account) == ["d3"])
            #expect(try await Self.found("\"Ελληνικά γλώσσα\"", in: store, account: account) == ["d3"])
            #expect(try await Self.found("край", in: store, account: account) == ["d4"])
            #expect(try await Self.found("КРАЙ", in: store, account: account) == ["d4"])
        }
    }

    @Test(arguments: implementations)
    func eachKindOfTermMatchesAsDefined(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            for note in [
                try Sample.note("a1", title: "Quick brown fox", body: "jumps over the lazy dog", tags: ["animals"]),
                try Sample.note("a2", title: "Brown bread", body: "quick recipe with the dog", tags: ["food"]),
                try Sample.note("a3", title: "Foxes", body: "dog jumps", tags: ["animals", "food"]),
            ] { _ = try await store.create(note, account: account) }
            #expect(Set(try await Self.found("dog", in: store, account: account)) == ["a1", "a2", "a3"])
            #expect(try await Self.found("fox", in: store, account: account) == ["a1"])
            #expect(Set(try await Self.found("fox*", in: store, account: account)) == ["a1", "a3"])
            #expect(Set(try await Self.found("quick dog", in: store, account: account)) == ["a1", "a2"])
            #expect(try await Self.found("quick dog bread", in: store, account: account) == ["a2"])
            #expect(try await Self.found("\"lazy dog\"", in: store, account: account) == ["a1"])
            #expect(try await Self.found("\"dog lazy\"", in: store, account: account) == [])
            #expect(try await Self.found("\"dog jumps\"", in: store, account: account) == ["a3"])
            // A phrase never runs from the title into the body.
            #expect(try await Self.found("\"fox jumps\"", in: store, account: account) == [])
            #expect(Set(try await Self.found("tag:animals", in: store, account: account)) == ["a1", "a3"])
            #expect(try await Self.found("tag:animals tag:food", in: store, account: account) == ["a3"])
            #expect(try await Self.found("dog tag:food", in: store, account: account, tagged: "animals") == ["a3"])
            #expect(try await Self.found("quick", in: store, account: account, tagged: "food") == ["a2"])
            // A tag is matched as a tag, not as text, and text is not matched as a tag.
            #expect(try await Self.found("animals", in: store, account: account) == [])
            #expect(try await Self.found("tag:dog", in: store, account: account) == [])
            #expect(try await Self.found("tag:anim", in: store, account: account) == [])
        }
    }

    @Test(arguments: implementations)
    func caseAndDiacriticsAreIgnored(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            _ = try await store.create(try Sample.note("a1", title: "Café", body: "ÅNGSTRÖM units; e-mail"), account: account)
            _ = try await store.create(try Sample.note("a2", title: "cafe", body: "angstrom"), account: account)
            for text in ["cafe", "CAFÉ", "Cafe\u{301}", "café", "angström", "ANGSTROM"] {
                #expect(Set(try await Self.found(text, in: store, account: account)) == ["a1", "a2"], "\(text)")
            }
            #expect(try await Self.found("e-mail", in: store, account: account) == ["a1"])
            #expect(try await Self.found("\"Ångström UNITS\"", in: store, account: account) == ["a1"])
            #expect(try await Self.found("ång*", in: store, account: account).count == 2)
        }
    }

    /// Greek words in capitals that end in sigma (Obsidian's help vault): Σ lower-cases to σ
    /// wherever it stands, while the text ends the word with ς.
    @Test(arguments: implementations)
    func greekFinalSigmaIsFoundInCapitals(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            _ = try await store.create(try Sample.note("91", title: "Ρυθμίσεις", body: "Χρησιμοποιώντας τις σημειώσεις"), account: account)
            for text in ["ΡΥΘΜΊΣΕΙΣ", "ρυθμίσεις", "ΧΡΗΣΙΜΟΠΟΙΏΝΤΑΣ", "ΣΗΜΕΙΏΣΕΙΣ", "σημειωσεισ", "ρυθμισ*"] {
                #expect(try await Self.found(text, in: store, account: account) == ["91"], "\(text)")
            }
        }
    }

    @Test(arguments: implementations)
    func onlyTheAccountsLiveNotesAreFound(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let alice = try await store.newAccount("alice")
            let bob = try await store.newAccount("bob")
            _ = try await store.create(try Sample.note("a1", title: "secret plan"), account: alice)
            _ = try await store.create(try Sample.note("a2", title: "another plan"), account: alice)
            _ = try await store.create(try Sample.note("b1", title: "bob's plan"), account: bob)
            _ = try await store.delete(try #require(NoteID("a2")), account: alice, ifRevision: 1, at: Sample.date, origin: .api)
            #expect(try await Self.found("plan", in: store, account: alice) == ["a1"])
            #expect(try await Self.found("plan", in: store, account: bob) == ["b1"])
            #expect(try await Self.found("secret", in: store, account: bob) == [])

            // Edits are found as they are now: the old words are gone, the new ones there.
            _ = try await store.replace(try Sample.note("a1", title: "open agenda"), account: alice, ifRevision: 1, origin: .api)
            #expect(try await Self.found("secret", in: store, account: alice) == [])
            #expect(try await Self.found("agenda", in: store, account: alice) == ["a1"])

            // A deleted note written again, and one written by a push.
            _ = try await store.replace(try Sample.note("a2", title: "plan again"), account: alice, ifRevision: 2, origin: .api)
            _ = try await PushReplay(store).pushOutcomes([PushedChange(note: try Sample.note("a3", title: "pushed plan"), baseRevision: nil, mayMerge: false)],
                                                         requestID: try #require(PushRequestID("p1")), account: alice, at: Sample.date)
            #expect(Set(try await Self.found("plan", in: store, account: alice)) == ["a2", "a3"])

            try await store.deleteAccount(named: "bob")
            let carol = try await store.newAccount("carol")
            #expect(try await Self.found("plan", in: store, account: carol) == [])
            #expect(Set(try await Self.found("plan", in: store, account: alice)) == ["a2", "a3"])
        }
    }

    @Test(arguments: implementations)
    func aTitleMatchRanksAboveABodyMatch(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            _ = try await store.create(try Sample.note("a1", title: "Notes", body: "about the harbour at night"), account: account)
            _ = try await store.create(try Sample.note("a2", title: "Harbour", body: "boats"), account: account)
            _ = try await store.create(try Sample.note("a3", title: "Other", body: "nothing here"), account: account)
            #expect(try await Self.found("harbour", in: store, account: account) == ["a2", "a1"])
            #expect(try await Self.found("harbour", in: store, account: account, limit: 1) == ["a2", "a1"])
        }
    }

    @Test(arguments: implementations)
    func pagesWalkTheRankingOnceEach(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            for index in 0..<23 {
                let id = String(format: "c%02x", index)
                let title = index % 3 == 0 ? "word" : "other"
                _ = try await store.create(try Sample.note(id, title: title, body: String(repeating: "word ", count: index % 4 + 1)), account: account)
            }
            let all = try await Self.found("word", in: store, account: account)
            #expect(all.count == 23 && Set(all).count == 23)
            for limit in [1, 2, 5, 22, 23] {
                #expect(try await Self.found("word", in: store, account: account, limit: limit) == all, "limit \(limit)")
            }
            let first = try await store.search(try SearchQuery("word"), account: account, tagged: nil, after: nil, limit: 23)
            #expect(first.notes.count == 23 && !first.hasMore && first.last?.rawValue == all.last)
            // After a note that no longer matches: an empty last page.
            let gone = try await store.search(try SearchQuery("word"), account: account, tagged: nil, after: NoteID("ff"), limit: 5)
            #expect(gone.notes.isEmpty && !gone.hasMore)
        }
    }

    /// Text that is syntax to FTS5, to tsquery or to SQL, and control characters, in notes and in
    /// queries, is only ever text: no query fails.
    /// A note past what a store indexes (PostgreSQL's vector holds 1 MiB of words and positions)
    /// is stored whole and found by its first words, whether its text is ASCII or not.
    @Test(arguments: implementations)
    func notesPastTheIndexLimitsAreStoredAndFound(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            let words = (0..<120_000).map { "w\($0)" } + Array(repeating: "last", count: 400)
            let ascii = try Sample.note("b1", title: "Plain", body: words.joined(separator: " "))
            let general = try Sample.note("b2", title: "Café", body: words.joined(separator: " ") + " ümlaut")
            for note in [ascii, general] { _ = try await store.create(note, account: account) }
            #expect(try await store.note(ascii.id, account: account)?.body == ascii.body)
            #expect(try await store.note(general.id, account: account)?.body == general.body)
            #expect(Set(try await Self.found("w1", in: store, account: account)) == ["b1", "b2"])
            #expect(Set(try await Self.found("\"w2 w3\"", in: store, account: account)) == ["b1", "b2"])
            #expect(try await Self.found("cafe", in: store, account: account) == ["b2"])
        }
    }

    /// One push that writes a note several times, and creates and deletes another, leaves the
    /// index with the last text of each: found by its last words only, the deleted note not at all,
    /// and both still indexable by later writes.
    @Test(arguments: implementations)
    func aPushIndexesTheLastTextOfEachNoteItWrites(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            _ = try await store.create(try Sample.note("a0", title: "Kept", body: "standing oldword"), account: account)
            let outcomes = try await PushReplay(store).pushOutcomes([
                PushedChange(note: try Sample.note("a0", title: "Kept", body: "standing middleword", revision: 2), baseRevision: 1, mayMerge: false),
                PushedChange(note: try Sample.note("a1", body: "firstword"), baseRevision: nil, mayMerge: false),
                PushedChange(note: try Sample.note("a1", body: "secondword", revision: 2), baseRevision: 1, mayMerge: false),
                PushedChange(note: try Sample.note("a0", title: "Kept", body: "standing lastword", revision: 3), baseRevision: 2, mayMerge: false),
                PushedChange(note: try Sample.note("a2", body: "goneword"), baseRevision: nil, mayMerge: false),
                PushedChange(note: try Sample.note("a2", body: "goneword", revision: 2).deleted(at: Sample.date), baseRevision: 1, mayMerge: false),
            ], requestID: #require(PushRequestID("many")), account: account, at: Sample.date)
            #expect(outcomes.allSatisfy { $0.status == .applied })
            for (word, expected) in [("oldword", [String]()), ("middleword", []), ("lastword", ["a0"]), ("firstword", []),
                                     ("secondword", ["a1"]), ("goneword", []), ("standing", ["a0"])] {
                #expect(try await Self.found(word, in: store, account: account) == expected, "\(word)")
            }
            _ = try await store.replace(try Sample.note("a1", body: "thirdword"), account: account, ifRevision: 2, origin: .api)
            #expect(try await Self.found("secondword", in: store, account: account).isEmpty)
            #expect(try await Self.found("thirdword", in: store, account: account) == ["a1"])
        }
    }

    @Test(arguments: implementations)
    func hostileTextIsOnlyText(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let account = try await store.newAccount("alice")
            let hostile = [
                "\"", "\"\"", "'", "''", "\\", "\\'", "*", "a*b", ":", "title:x", "body : y", "&", "|", "!", "(", ")", "a & b | !c",
                "'a' <-> 'b'", "x:*", "NEAR(a b)", "a AND b", "OR", "NOT", "^a", "{title}: a", "a + b", "-a", "; DROP TABLE notes; --",
                "' OR 1=1 --", "\u{1}\u{7}\u{1b}[0m", "tab\there", "new\nline", "\u{7f}", "%", "_", "\u{FFFF}", "é\u{301}", "a'b\"c\\d",
            ]
            _ = try await store.create(try Sample.note("a1", title: "a'b\"c\\d it's", body: hostile.joined(separator: " ")), account: account)
            for text in hostile + ["\"a'b\"", "it's", "it'*", "\"c\\\\d\"", "\"\\\"", "*\"", String(repeating: "w", count: 999) + "*"] {
                guard let query = try? SearchQuery(text) else { continue }
                _ = try await store.search(query, account: account, tagged: nil, after: nil, limit: 10)
            }
            #expect(try await Self.found("it's", in: store, account: account) == ["a1"])
            #expect(try await Self.found("drop table", in: store, account: account) == ["a1"])
            #expect(try await Self.found("\"or 1 1\"", in: store, account: account) == ["a1"])
        }
    }
}
