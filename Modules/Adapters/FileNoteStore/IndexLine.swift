import Foundation
import QuillModels

/// One line of the summary journal: a note's summary in a compact, tab-separated form.
///
/// `id \t revision \t deleted \t created-ms \t updated-ms \t tags,comma,separated \t title`.
/// A purpose-made format rather than JSON because `quill list` parses one line per note
/// and must stay fast at 100,000 notes. Titles are escaped (`\\`, `\t`, `\n`, `\r`).
enum IndexLine {
    static let header = "quill-index 1"

    static func encode(_ summary: NoteSummary) -> String {
        var line = summary.id.rawValue
        line += "\t\(summary.revision)\t\(summary.isDeleted ? 1 : 0)"
        line += "\t\(summary.created.millisecondsSince1970)\t\(summary.updated.millisecondsSince1970)\t"
        line += summary.tags.map(\.rawValue).joined(separator: ",")
        line += "\t" + escape(summary.title) + "\n"
        return line
    }

    static func decode(_ line: Substring) -> NoteSummary? {
        let fields = line.split(separator: "\t", maxSplits: 6, omittingEmptySubsequences: false)
        guard fields.count == 7,
              let id = NoteID(String(fields[0])),
              let revision = Int(fields[1]), revision >= 1,
              let created = Int64(fields[3]), let updated = Int64(fields[4]),
              let title = unescape(fields[6]) else { return nil }
        var tags: [Tag] = []
        for text in fields[5].split(separator: ",") {
            guard let tag = try? Tag(String(text)) else { return nil }
            tags.append(tag)
        }
        return NoteSummary(
            id: id, title: title, tags: tags,
            created: Date(millisecondsSince1970: created), updated: Date(millisecondsSince1970: updated),
            revision: revision, isDeleted: fields[2] == "1")
    }

    private static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { return text }
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default: result.append(character)
            }
        }
        return result
    }

    private static func unescape(_ text: Substring) -> String? {
        guard text.contains("\\") else { return String(text) }
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "\\": result.append("\\")
                case "t": result.append("\t")
                case "n": result.append("\n")
                case "r": result.append("\r")
                default: return nil
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return escaping ? nil : result
    }
}
