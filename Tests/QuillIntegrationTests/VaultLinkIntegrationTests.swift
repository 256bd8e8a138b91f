import Foundation
import Testing

/// A piece of Obsidian's own help vault (Tests/Fixtures/OtherApps/obsidian-help-links: front-matter
/// aliases, nested folders, links by file name, with headings and shown text, inside tables and
/// code) imported by the real binary: every link Obsidian resolves within the folder is resolved by
/// Quill, and the links Quill calls broken are exactly those naming no file and no alias there.
@Suite("An Obsidian vault's links")
struct VaultLinkIntegrationTests {
    static let vault = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/OtherApps/obsidian-help-links").standardized.path

    @Test func everyLinkObsidianResolvesIsResolved() async throws {
        let quill = QuillProcess.withFreshHome()
        defer { quill.removeHome() }
        _ = try await quill.succeed(["import", Self.vault, "--quiet"])
        let broken = try JSONSerialization.jsonObject(with: Data(try await quill.succeed(["links", "--broken", "--json"]).utf8)) as? [[String: Any]] ?? []
        let expected = try Self.obsidianBrokenTargets()
        #expect(!expected.isEmpty && expected.count < Self.linkCount, "the fixture links within itself and outside it")
        #expect(broken.count == expected.count)
        #expect(Set(broken.compactMap { ($0["target"] as? String)?.lowercased() }) == Set(expected.map { $0.lowercased() }))
        let graph = try await quill.succeed(["links", "--dot"])
        #expect(graph.components(separatedBy: " -> ").count - 1 > 50, "the notes link to each other")
    }

    /// How Obsidian reads the folder, written here on its own: a link names a file by its name
    /// (any folder, without `.md`, case-insensitively) or a front-matter alias; code holds none.
    static func obsidianBrokenTargets() throws -> [String] {
        var names: Set<String> = []
        var targets: [String] = []
        let files = FileManager.default.enumerator(atPath: vault)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") } ?? []
        for file in files {
            let text = try String(contentsOfFile: vault + "/" + file, encoding: .utf8)
            names.insert(((file as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased())
            names.formUnion(aliases(text).map { $0.lowercased() })
            targets += linkTargets(text)
        }
        linkCount = targets.count
        return targets.filter { !names.contains($0.lowercased()) }
    }

    nonisolated(unsafe) static var linkCount = 0

    static func aliases(_ text: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        guard lines.first == "---", let end = lines.dropFirst().firstIndex(of: "---") else { return [] }
        var found: [String] = [], inAliases = false
        for line in lines[1..<end] {
            if line.hasPrefix("aliases:") {
                inAliases = true
                let rest = line.dropFirst(8).trimmingCharacters(in: .whitespaces)
                if rest.hasPrefix("[") {
                    found += rest.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: ",")
                        .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"'")) }
                    inAliases = false
                } else if !rest.isEmpty {
                    found.append(rest.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")))
                    inAliases = false
                }
            } else if inAliases, line.trimmingCharacters(in: .whitespaces).hasPrefix("- ") {
                found.append(line.trimmingCharacters(in: .whitespaces).dropFirst(2).trimmingCharacters(in: CharacterSet(charactersIn: " \"'")))
            } else {
                inAliases = false
            }
        }
        return found
    }

    /// The note part of each `[[…]]` and each `[…](x.md)` outside code; embedded files left out.
    static func linkTargets(_ text: String) -> [String] {
        var prose: [String] = [], fenced = false
        for line in text.components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { fenced.toggle(); continue }
            if !fenced { prose.append(line.replacingOccurrences(of: "`[^`]*`", with: "", options: .regularExpression)) }
        }
        let joined = prose.joined(separator: "\n")
        var targets: [String] = []
        let wikilink = try! NSRegularExpression(pattern: #"(!?)\[\[([^\]\n]+)\]\]"#)
        for match in wikilink.matches(in: joined, range: NSRange(joined.startIndex..., in: joined)) {
            let embedded = !(Range(match.range(at: 1), in: joined).map { joined[$0] }?.isEmpty ?? true)
            guard let inner = Range(match.range(at: 2), in: joined).map({ String(joined[$0]) }) else { continue }
            var name = String(inner.replacingOccurrences(of: "\\|", with: "|").split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)[0])
            if let mark = name.firstIndex(where: { $0 == "#" || $0 == "^" }) { name = String(name[..<mark]) }
            name = (name as NSString).lastPathComponent.trimmingCharacters(in: .whitespaces)
            if name.lowercased().hasSuffix(".md") { name = String(name.dropLast(3)) } else if embedded, name.contains(".") { continue }
            if !name.isEmpty { targets.append(name) }
        }
        let markdown = try! NSRegularExpression(pattern: #"\]\(([^)\s:#]+\.md)(#[^)]*)?\)"#)
        for match in markdown.matches(in: joined, range: NSRange(joined.startIndex..., in: joined)) {
            guard let path = Range(match.range(at: 1), in: joined).map({ String(joined[$0]) }) else { continue }
            let name = ((path.removingPercentEncoding ?? path) as NSString).lastPathComponent
            targets.append(String(name.dropLast(3)))
        }
        return targets
    }
}
