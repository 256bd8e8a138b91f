import Foundation
import QuillModels

/// One line of the summary journal: a note's summary in a compact, tab-separated form.
///
/// `id \t revision \t deleted \t created-ms \t updated-ms \t tags,comma,separated \t title`.
/// A purpose-made format rather than JSON because `quill list` parses one line per note
/// and must stay fast at 100,000 notes; it is parsed from bytes, not characters. Titles
/// are escaped (`\\`, `\t`, `\n`, `\r`).
enum IndexLine {
    static let header = "quill-index 1"

    static func encode(_ summary: NoteSummary) -> String {
        var bytes: [UInt8] = []
        append(summary, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the line to `bytes`: a bulk creation writes a chunk's lines without a string each.
    static func append(_ summary: NoteSummary, to bytes: inout [UInt8]) {
        func appendField(_ number: Int64) {
            bytes.append(tab)
            bytes.append(contentsOf: String(number).utf8)
        }
        bytes.append(contentsOf: summary.id.rawValue.utf8)
        appendField(Int64(summary.revision))
        appendField(summary.isDeleted ? 1 : 0)
        appendField(summary.created.millisecondsSince1970)
        appendField(summary.updated.millisecondsSince1970)
        bytes.append(tab)
        for (index, tag) in summary.tags.enumerated() {
            if index > 0 { bytes.append(comma) }
            bytes.append(contentsOf: tag.rawValue.utf8)
        }
        bytes.append(tab)
        for byte in summary.title.utf8 {
            let escaped: UInt8? = switch byte {
            case backslash: backslash
            case tab: UInt8(ascii: "t")
            case 0x0a: UInt8(ascii: "n")
            case 0x0d: UInt8(ascii: "r")
            default: nil
            }
            if escaped != nil { bytes.append(backslash) }
            bytes.append(escaped ?? byte)
        }
        bytes.append(0x0a)
    }

    static func decode(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> NoteSummary? {
        var fields: [Slice<UnsafeBufferPointer<UInt8>>] = []
        fields.reserveCapacity(7)
        var start = line.startIndex
        for index in line.indices where line[index] == tab && fields.count < 6 {
            fields.append(line[start..<index])
            start = index + 1
        }
        fields.append(line[start...])
        guard fields.count == 7,
              let id = NoteID(String(decoding: fields[0], as: UTF8.self)),
              let revision = integer(fields[1]), revision >= 1,
              let created = integer(fields[3]), let updated = integer(fields[4]),
              let title = unescape(fields[6]) else { return nil }
        var tags: [Tag] = []
        for text in fields[5].split(separator: comma) {
            guard let tag = try? Tag(String(decoding: text, as: UTF8.self)) else { return nil }
            tags.append(tag)
        }
        return NoteSummary(
            id: id, title: title, tags: tags,
            created: Date(millisecondsSince1970: created), updated: Date(millisecondsSince1970: updated),
            revision: Int(revision), isDeleted: fields[2].elementsEqual([UInt8(ascii: "1")]))
    }

    private static let tab = UInt8(ascii: "\t")
    private static let comma = UInt8(ascii: ",")
    private static let backslash = UInt8(ascii: "\\")

    static func integer(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int64? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        var value: Int64 = 0
        var negative = false
        for (offset, byte) in bytes.enumerated() {
            if offset == 0, byte == UInt8(ascii: "-"), bytes.count > 1 {
                negative = true
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }

    private static func unescape(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
        guard bytes.contains(backslash) else { return String(validating: bytes, as: UTF8.self) }
        var result: [UInt8] = []
        var escaping = false
        for byte in bytes {
            if escaping {
                switch byte {
                case backslash: result.append(backslash)
                case UInt8(ascii: "t"): result.append(tab)
                case UInt8(ascii: "n"): result.append(0x0a)
                case UInt8(ascii: "r"): result.append(0x0d)
                default: return nil
                }
                escaping = false
            } else if byte == backslash {
                escaping = true
            } else {
                result.append(byte)
            }
        }
        return escaping ? nil : String(validating: result, as: UTF8.self)
    }
}
