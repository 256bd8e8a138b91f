import Foundation
import QuillModels

/// The references to files in a note written by another app: Obsidian's `![[name.png]]`,
/// `![[name.png|300]]` and `[[file.pdf]]`, and Markdown's `![alt](path)` and `[text](path)` with
/// a relative path. Code blocks and inline code hold none.
///
/// Exists so that an import can bring the files in and rewrite each reference into Quill's one
/// form (`AttachmentReference`), so that a note's text says where its bytes are wherever it goes.
struct VaultEmbed {
    /// Where the reference is in the body, in UTF-8 bytes.
    let utf8Range: Range<Int>
    /// The file it names, percent-decoded, without a `#heading` or `|size` part.
    let target: String
    let label: String?
    let isEmbedded: Bool
    /// A Markdown link (its path is relative to the note), not a wikilink.
    let isMarkdownLink: Bool

    static func scan(_ body: String) -> [VaultEmbed] {
        let bytes = MarkdownCode.blanked(body)
        let original = Array(body.utf8)
        var found: [VaultEmbed] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "["), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "["),
               let close = find([UInt8(ascii: "]"), UInt8(ascii: "]")], in: bytes, from: index + 2) {
                let inner = String(decoding: original[(index + 2)..<close], as: UTF8.self)
                let embedded = index > 0 && bytes[index - 1] == UInt8(ascii: "!")
                let parts = inner.split(separator: "|", maxSplits: 1).map(String.init)
                let target = Self.withoutFragment(parts.first ?? "")
                if !target.isEmpty {
                    let alias = parts.count > 1 && !Self.isSize(parts[1]) ? parts[1] : nil
                    found.append(VaultEmbed(utf8Range: (embedded ? index - 1 : index)..<(close + 2), target: target, label: alias,
                                            isEmbedded: embedded, isMarkdownLink: false))
                }
                index = close + 2
                continue
            }
            if bytes[index] == UInt8(ascii: "["), let labelEnd = find([UInt8(ascii: "]"), UInt8(ascii: "(")], in: bytes, from: index + 1),
               let destinationEnd = bytes[(labelEnd + 2)...].firstIndex(where: { $0 == UInt8(ascii: ")") || $0 == 0x0a }),
               bytes[destinationEnd] == UInt8(ascii: ")") {
                var destination = String(decoding: original[(labelEnd + 2)..<destinationEnd], as: UTF8.self)
                if destination.hasPrefix("<"), destination.hasSuffix(">") { destination = String(destination.dropFirst().dropLast()) }
                let embedded = index > 0 && bytes[index - 1] == UInt8(ascii: "!")
                if !destination.contains(":"), !destination.hasPrefix("#"), !destination.isEmpty {
                    let target = AttachmentName.percentDecoded(Self.withoutFragment(destination))
                    found.append(VaultEmbed(utf8Range: (embedded ? index - 1 : index)..<(destinationEnd + 1), target: target,
                                            label: String(decoding: original[(index + 1)..<labelEnd], as: UTF8.self),
                                            isEmbedded: embedded, isMarkdownLink: true))
                }
                index = destinationEnd + 1
                continue
            }
            index += 1
        }
        return found
    }

    /// Obsidian's size for an embedded image: `300` or `300x200`.
    private static func isSize(_ text: String) -> Bool {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        return (1...2).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil }
    }

    private static func withoutFragment(_ target: String) -> String {
        String(target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            .trimmingCharacters(in: .whitespaces)
    }

    /// The first index of `pattern` at or after `start`, on the same line.
    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == 0x0a { return nil }
            if bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }
}
