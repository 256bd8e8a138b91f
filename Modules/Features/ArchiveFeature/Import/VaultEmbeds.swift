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
        MarkdownReference.scan(body).compactMap { reference in
            switch reference.kind {
            case .wikilink(let inner):
                let parts = inner.split(separator: "|", maxSplits: 1).map(String.init)
                let target = Self.withoutFragment(parts.first ?? "")
                guard !target.isEmpty else { return nil }
                let alias = parts.count > 1 && !Self.isSize(parts[1]) ? parts[1] : nil
                return VaultEmbed(utf8Range: reference.utf8Range, target: target, label: alias,
                                  isEmbedded: reference.isEmbedded, isMarkdownLink: false)
            case .link(let label, let destination):
                guard !destination.contains(":"), !destination.hasPrefix("#"), !destination.isEmpty else { return nil }
                return VaultEmbed(utf8Range: reference.utf8Range, target: AttachmentName.percentDecoded(Self.withoutFragment(destination)),
                                  label: label, isEmbedded: reference.isEmbedded, isMarkdownLink: true)
            }
        }
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
}
