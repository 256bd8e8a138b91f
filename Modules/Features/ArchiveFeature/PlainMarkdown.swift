import Foundation
import QuillModels

/// Titles for Markdown files that were not written by Quill.
enum PlainMarkdown {
    /// The first `# ` heading, else the file name without its extension; cut to the title limit.
    static func title(of text: String, fileName: String) -> String {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).prefix(200) {
            if line.hasPrefix("# ") {
                let heading = String(line.dropFirst(2).filter { !$0.isNewline }).trimmingCharacters(in: .whitespaces)
                if !heading.isEmpty { return String(heading.prefix(NoteLimits.maximumTitleCharacters)) }
            }
        }
        var stem = fileName
        if let dot = stem.lastIndex(of: ".") { stem = String(stem[..<dot]) }
        let trimmed = String(stem.filter { !$0.isNewline }).trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? "Untitled" : String(trimmed.prefix(NoteLimits.maximumTitleCharacters))
    }
}
