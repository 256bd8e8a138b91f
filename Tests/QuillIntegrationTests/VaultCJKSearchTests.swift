import Foundation
import Testing

/// Search in Chinese, Japanese and Korean, on real text: notes of Obsidian's help vault in
/// those languages (Tests/Fixtures/OtherApps/obsidian-help-cjk) imported by the real binary.
/// A word or phrase is found in every note whose title or text holds it, wherever it stands
/// (inside a run of characters, before a Korean particle, against Latin letters), and in no
/// other; the snippet marks the characters that matched.
@Suite("Search in Chinese, Japanese and Korean")
struct VaultCJKSearchTests {
    static let vault = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/OtherApps/obsidian-help-cjk").standardized.path

    /// Words people type, and words and phrases from inside the notes' sentences.
    static let searches = ["同步", "同期", "プラグイン", "동기화", "插件", "ノート", "노트", "设置", "ファイル", "파일", "保管庫",
                           "同步仓库", "仓库", "をクリック", "를", "的", "Obsidian 同步"]

    @Test func everyNoteHoldingTheWordIsFoundAndNoOther() async throws {
        let quill = QuillProcess.withFreshHome()
        defer { quill.removeHome() }
        _ = try await quill.succeed(["import", Self.vault, "--quiet"])
        let notes = try await Self.notes(quill)
        #expect(notes.count == 30)
        for search in Self.searches {
            let found = try JSONSerialization.jsonObject(with: Data(try await quill.succeed(["search", search, "--json"]).utf8)) as? [[String: Any]] ?? []
            let words = search.split(separator: " ").map(String.init)
            let expected = Set(notes.filter { note in words.allSatisfy { note.text.lowercased().contains($0.lowercased()) } }.map(\.title))
            #expect(!expected.isEmpty, "\(search) is in none of the notes")
            #expect(Set(found.compactMap { $0["title"] as? String }) == expected, "quill search \(search)")
            // A note whose body holds the words shows one of them marked in its snippet.
            for hit in found {
                guard let title = hit["title"] as? String, let snippet = hit["snippet"] as? String,
                      let note = notes.first(where: { $0.title == title }),
                      words.allSatisfy({ note.text.dropFirst(title.count).lowercased().contains($0.lowercased()) }) else { continue }
                #expect(words.contains { snippet.lowercased().contains("**" + $0.lowercased()) }, "the snippet of \(title) for \(search): \(snippet)")
            }
        }
    }

    /// Each imported note's title and text as Quill keeps them (`quill show --json`).
    static func notes(_ quill: QuillProcess) async throws -> [(title: String, text: String)] {
        let listed = try JSONSerialization.jsonObject(with: Data(try await quill.succeed(["list", "--json"]).utf8)) as? [[String: Any]] ?? []
        var notes: [(title: String, text: String)] = []
        for id in listed.compactMap({ $0["id"] as? String }) {
            let note = try JSONSerialization.jsonObject(with: Data(try await quill.succeed(["show", id, "--json"]).utf8)) as? [String: Any] ?? [:]
            let title = note["title"] as? String ?? ""
            notes.append((title, title + "\n" + (note["body"] as? String ?? "")))
        }
        return notes
    }
}
