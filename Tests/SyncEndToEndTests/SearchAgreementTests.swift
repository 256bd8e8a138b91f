import ChildProcesses
import Foundation
import Testing

/// The same search finds the same notes in `quill` (its SQLite index over Swift's folding) and in
/// `quill-server` (SQLite's `unicode61`; PostgreSQL's text search when `QUILL_TEST_POSTGRES_URL` is
/// set), over real text in many scripts: pages of Obsidian's help vault in Greek, Russian, Arabic,
/// Hebrew, Thai, German, French, Turkish, Polish, Vietnamese, Chinese, Japanese, Korean and
/// English. The queries are words of the notes themselves, in every class: as written, upper and
/// lower case, without diacritics, prefixes, phrases and runs of CJK characters; seeded
/// (`QUILL_SEARCH_SEED`), the seed in every failure.
@Suite("One search semantics on the client and the servers", .serialized)
struct SearchAgreementTests {
    static let seed = UInt64(ProcessInfo.processInfo.environment["QUILL_SEARCH_SEED"] ?? "") ?? 61
    static let corpus = ["obsidian-help-multilingual", "obsidian-help-cjk", "obsidian-help-links"].map {
        URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appending(path: "Fixtures/OtherApps/" + $0).path
    }

    /// A small seeded generator, so that the queries are the same on every run with one seed.
    struct Seeded {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// The queries: words taken from the notes' text, in each class.
    func queries(from texts: [String]) -> [String] {
        var generator = Seeded(state: Self.seed)
        var queries: [String] = []
        for text in texts {
            let words = text.split { !$0.isLetter }.map(String.init).filter { $0.count >= 3 && !$0.contains(where: Self.isCJK) }
            let runs = text.split { !Self.isCJK($0) }.map(String.init).filter { $0.count >= 2 }
            if !words.isEmpty {
                // One class per note, drawn: over the corpus every class meets every script.
                let word = words[generator.next(words.count)]
                let at = generator.next(words.count)
                switch generator.next(6) {
                case 0: queries.append(word)
                case 1: queries.append(word.uppercased())
                case 2: queries.append(word.lowercased())
                case 3: queries.append(word.folding(options: .diacriticInsensitive, locale: nil))
                case 4: queries.append(String(word.prefix(3)) + "*")
                default: queries.append(at + 1 < words.count ? "\"\(words[at]) \(words[at + 1])\"" : word)
                }
            }
            if !runs.isEmpty {
                let run = Array(runs[generator.next(runs.count)])
                let start = generator.next(max(1, run.count - 1))
                queries.append(String(run[start..<min(run.count, start + 2)]))
            }
        }
        // Greek words ending in final sigma, in capitals (`ΡΥΘΜΊΣΕΙΣ`): where folding once differed.
        let sigma = Set(texts.flatMap { $0.split { !$0.isLetter } }.filter { $0.hasSuffix("ς") && $0.count >= 4 }.map(String.init))
        queries += sigma.sorted().prefix(12).map { $0.uppercased() }
        return Array(Set(queries)).sorted()
    }

    static func isCJK(_ character: Character) -> Bool {
        character.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) || (0x3400...0x9FFF).contains($0.value) || (0xAC00...0xD7AF).contains($0.value) }
    }

    func serverIDs(_ query: String, server: ListeningServer, token: String) async throws -> Set<String> {
        var ids: Set<String> = []
        var after: String?
        repeat {
            var components = URLComponents(string: server.url + "/v1/notes")!
            components.queryItems = [URLQueryItem(name: "q", value: query), URLQueryItem(name: "limit", value: "500")]
                + (after.map { [URLQueryItem(name: "after", value: $0)] } ?? [])
            let url = components.url!.absoluteString.replacing("+", with: "%2B")
            let answer = try await ChildProcess.run("/usr/bin/curl", ["-sf", "-H", "Authorization: Bearer \(token)", url], environment: ProcessInfo.processInfo.environment)
            let page = try JSONSerialization.jsonObject(with: Data(answer.output.utf8)) as? [String: Any] ?? [:]
            ids.formUnion((page["notes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
            after = page["next"] as? String
        } while after != nil
        return ids
    }

    func clientIDs(_ query: String, home: QuillHome) async throws -> Set<String> {
        let listing = try await home.succeed(["search", query, "--json", "-n", "10000"])
        let items = try JSONSerialization.jsonObject(with: Data(listing.utf8)) as? [[String: Any]] ?? []
        return Set(items.compactMap { $0["id"] as? String })
    }

    func agree(storage: [String], label: String) async throws {
        let token = try await ServerUnderTest.createAccount("search-\(UUID().uuidString.prefix(8).lowercased())", storage: storage)
        let server = try await ServerUnderTest.start(storage: storage)
        defer { server.terminate() }
        let home = try QuillHome()
        defer { home.remove() }
        try await home.succeed(["login", "--server", server.url, "--token", token])
        for folder in Self.corpus { try await home.succeed(["import", folder]) }
        try await home.succeed(["sync"])
        let texts = try await home.notes().values.sorted()
        let queries = queries(from: texts)
        #expect(queries.count > 80)
        var disagreements: [String] = []
        for query in queries {
            let client = try await clientIDs(query, home: home), remote = try await serverIDs(query, server: server, token: token)
            if client != remote { disagreements.append("\(query): quill \(client.count), \(label) \(remote.count)") }
        }
        let shown = disagreements.prefix(20).joined(separator: "\n")
        #expect(disagreements.isEmpty, "seed \(Self.seed): \(disagreements.count) of \(queries.count) searches differ:\n\(shown)")
    }

    @Test("quill and quill-server on SQLite find the same notes for every query")
    func sqlite() async throws {
        let data = try temporaryDirectory("search-agreement")
        defer { try? FileManager.default.removeItem(atPath: data) }
        try await agree(storage: ["--data-dir", data], label: "server (SQLite)")
    }

    @Test("quill and quill-server on PostgreSQL find the same notes for every query",
          .enabled(if: SyncEndToEndTests.postgresURL != nil, "skipped: set QUILL_TEST_POSTGRES_URL (Tools/with-postgres.sh swift test) to run it"))
    func postgres() async throws {
        try await agree(storage: ["--database", try #require(SyncEndToEndTests.postgresURL)], label: "server (PostgreSQL)")
    }
}
