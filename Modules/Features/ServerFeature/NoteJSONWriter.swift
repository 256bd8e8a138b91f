import Hummingbird
import QuillAPI
import QuillModels
import ServerStoreInterface

/// Writes the API's hot JSON bodies (notes, pages of notes, push results) straight into bytes.
///
/// Exists for speed: a change-feed page holds up to 1,000 notes, and Foundation's `JSONEncoder`
/// spends most of such a request's time. It writes into the response's own `ByteBuffer`, so a
/// body is never copied. The output is byte-for-byte what `NoteJSON.encoder`
/// writes (sorted keys, unescaped slashes), which `NoteJSONWriterTests` checks.
protocol JSONWritable {
    func writeJSON(into bytes: inout ByteBuffer)
}

enum JSONWriter {
    /// A JSON string: runs that need no escaping are copied whole, which is nearly all of a note.
    static func string(_ text: String, into bytes: inout ByteBuffer) {
        bytes.writeInteger(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.writeBytes(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                escape(byte, into: &bytes)
                runStart = index + 1
            }
            bytes.writeBytes(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        bytes.writeInteger(UInt8(ascii: "\""))
    }

    private static func escape(_ byte: UInt8, into bytes: inout ByteBuffer) {
        switch byte {
        case UInt8(ascii: "\""): bytes.writeBytes([UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): bytes.writeBytes([UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x0a: bytes.writeBytes([UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0d: bytes.writeBytes([UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: bytes.writeBytes([UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0x08: bytes.writeBytes([UInt8(ascii: "\\"), UInt8(ascii: "b")])
        case 0x0c: bytes.writeBytes([UInt8(ascii: "\\"), UInt8(ascii: "f")])
        default:
            let digits: StaticString = "0123456789abcdef"
            let (high, low) = digits.withUTF8Buffer { ($0[Int(byte >> 4)], $0[Int(byte & 0x0f)]) }
            bytes.writeBytes([UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), high, low])
        }
    }

    static func raw(_ text: StaticString, into bytes: inout ByteBuffer) {
        text.withUTF8Buffer { _ = bytes.writeBytes($0) }
    }

    static func integer(_ value: some BinaryInteger, into bytes: inout ByteBuffer) {
        bytes.writeString(String(value))
    }

    static func array(_ items: [some JSONWritable], into bytes: inout ByteBuffer) {
        bytes.writeInteger(UInt8(ascii: "["))
        for (index, item) in items.enumerated() {
            if index > 0 { bytes.writeInteger(UInt8(ascii: ",")) }
            item.writeJSON(into: &bytes)
        }
        bytes.writeInteger(UInt8(ascii: "]"))
    }
}

extension NoteDocument: JSONWritable {
    func writeJSON(into bytes: inout ByteBuffer) {
        JSONWriter.raw(#"{"body":"#, into: &bytes)
        JSONWriter.string(body, into: &bytes)
        JSONWriter.raw(#","created":"#, into: &bytes)
        JSONWriter.string(created.description, into: &bytes)
        JSONWriter.raw(deleted ? #","deleted":true,"format":"# : #","deleted":false,"format":"#, into: &bytes)
        JSONWriter.integer(format, into: &bytes)
        JSONWriter.raw(#","id":"#, into: &bytes)
        JSONWriter.string(id.rawValue, into: &bytes)
        JSONWriter.raw(#","revision":"#, into: &bytes)
        JSONWriter.integer(revision, into: &bytes)
        JSONWriter.raw(#","tags":["#, into: &bytes)
        for (index, tag) in tags.enumerated() {
            if index > 0 { bytes.writeInteger(UInt8(ascii: ",")) }
            JSONWriter.string(tag.rawValue, into: &bytes)
        }
        JSONWriter.raw(#"],"title":"#, into: &bytes)
        JSONWriter.string(title, into: &bytes)
        JSONWriter.raw(#","updated":"#, into: &bytes)
        JSONWriter.string(updated.description, into: &bytes)
        bytes.writeInteger(UInt8(ascii: "}"))
    }
}

extension NoteListBody: JSONWritable {
    func writeJSON(into bytes: inout ByteBuffer) {
        JSONWriter.raw(#"{"next":"#, into: &bytes)
        if let next { JSONWriter.string(next.rawValue, into: &bytes) } else { JSONWriter.raw("null", into: &bytes) }
        JSONWriter.raw(#","notes":"#, into: &bytes)
        JSONWriter.array(notes, into: &bytes)
        bytes.writeInteger(UInt8(ascii: "}"))
    }
}

extension ChangesBody: JSONWritable {
    func writeJSON(into bytes: inout ByteBuffer) {
        JSONWriter.raw(#"{"changes":"#, into: &bytes)
        JSONWriter.array(changes, into: &bytes)
        JSONWriter.raw(hasMore ? #","hasMore":true,"next":"# : #","hasMore":false,"next":"#, into: &bytes)
        JSONWriter.string(next, into: &bytes)
        bytes.writeInteger(UInt8(ascii: "}"))
    }
}

extension EncodedChangePage: JSONWritable {
    /// The same bytes as `ChangesBody` of the same notes, from the notes' stored JSON.
    func writeJSON(into bytes: inout ByteBuffer) {
        bytes.reserveCapacity(bytes.writerIndex + documents.count + 64)
        JSONWriter.raw(#"{"changes":["#, into: &bytes)
        bytes.writeBytes(documents)
        JSONWriter.raw(hasMore ? #"],"hasMore":true,"next":"# : #"],"hasMore":false,"next":"#, into: &bytes)
        JSONWriter.string(next.description, into: &bytes)
        bytes.writeInteger(UInt8(ascii: "}"))
    }
}

extension PushResultBody: JSONWritable {
    func writeJSON(into bytes: inout ByteBuffer) {
        JSONWriter.raw(#"{"id":"#, into: &bytes)
        JSONWriter.string(id.rawValue, into: &bytes)
        JSONWriter.raw(#","note":"#, into: &bytes)
        note.writeJSON(into: &bytes)
        JSONWriter.raw(#","status":"#, into: &bytes)
        JSONWriter.string(status.rawValue, into: &bytes)
        bytes.writeInteger(UInt8(ascii: "}"))
    }
}

extension PushResponseBody: JSONWritable {
    func writeJSON(into bytes: inout ByteBuffer) {
        JSONWriter.raw(#"{"results":"#, into: &bytes)
        JSONWriter.array(results, into: &bytes)
        bytes.writeInteger(UInt8(ascii: "}"))
    }
}
