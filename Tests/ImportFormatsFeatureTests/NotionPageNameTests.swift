import Foundation
@testable import ImportFormatsFeature
import StandardTesting
import Testing

/// A Notion page's file name read by hand (`NotionReader.Page.split`) gives what the regular
/// expression it replaced gave, for names built to sit on every edge: IDs one digit short or long,
/// upper case or not hex, `_all`, other extensions, titles with spaces, dots, line breaks, CJK and
/// emoji, folders before the name. Seeded; the seed is in every failure.
@Suite struct NotionPageNameTests {
    static let seed = UInt64(ProcessInfo.processInfo.environment["QUILL_IMPORT_SEED"] ?? "") ?? UInt64.random(in: 1...UInt64.max)

    /// The expression `split` replaced, kept here as the reference.
    static func reference(_ path: String) -> (title: String, id: String)? {
        let name = String(path.split(separator: "/").last ?? "")
        guard let match = name.wholeMatch(of: /(.*) ([0-9a-f]{32})(?:_all)?\.(md|csv|html)/) else { return nil }
        return (String(match.output.1), String(match.output.2))
    }

    @Test func aNameReadByHandIsWhatTheExpressionRead() {
        var random = SplitMix64(seed: Self.seed)
        let titles = ["", "Plan", "Trip to Kyoto 京都", "a b  c", "v1.2 notes", "x_all", "line\nbreak", "🙂 ok", " ", "Résumé", "مرحبا"]
        let hex = Array("0123456789abcdef"), other = Array("ABCDEFg_ -.")
        for _ in 0..<4_000 {
            var id = String((0..<32).map { _ in hex[Int(random.next() % 16)] })
            switch random.next() % 6 {
            case 0: id.removeLast()
            case 1: id.append(hex[Int(random.next() % 16)])
            case 2: id.replaceSubrange(id.startIndex...id.startIndex, with: String(other[Int(random.next() % UInt64(other.count))]))
            default: break
            }
            let separator = ["", " ", " ", "_"][Int(random.next() % 4)]
            let all = random.next() % 4 == 0 ? "_all" : ""
            let ext = [".md", ".csv", ".html", ".txt", ".MD", "", ".md.md"][Int(random.next() % 7)]
            let folder = ["", "Export/", "Export/Sub 0123456789abcdef0123456789abcdef/", "/"][Int(random.next() % 4)]
            let path = folder + titles[Int(random.next() % UInt64(titles.count))] + separator + id + all + ext
            let read = NotionReader.Page.split(path)
            let expected = Self.reference(path)
            #expect(read?.title == expected?.title && read?.id == expected?.id, "seed \(Self.seed): \(path.debugDescription)")
        }
    }
}
