import Hummingbird
import QuillAPI
import QuillModels
import ServerStoreInterface

/// Writes the API's hot JSON bodies (notes, pages of notes, push results) straight into bytes.
///
/// Exists for speed: a change-feed page holds up to 1,000 notes, and Foundation's `JSONEncoder`
/// spends most of such a request's time. It writes into the response's own `ByteBuffer`; notes
/// come from `NoteDocument.jsonBytes()`, shared with the file store. The output is byte-for-byte
/// what `NoteJSON.encoder` writes (sorted keys, unescaped slashes), which `NoteJSONWriterTests`
/// checks.
protocol JSONWritable {
    func writeJSON(into bytes: inout ByteBuffer)
}

enum JSONWriter {
    /// A JSON string, escaped as `NoteJSON.encoder` escapes it (`JSONText`).
    static func string(_ text: String, into bytes: inout ByteBuffer) {
        var quoted: [UInt8] = []
        quoted.reserveCapacity(text.utf8.count + 2)
        JSONText.appendString(text, to: &quoted)
        bytes.writeBytes(quoted)
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
        bytes.writeBytes(jsonBytes())
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

extension EncodedChangePage {
    /// The same bytes as `ChangesBody` of the same notes, from the notes' stored JSON: a buffer
    /// for the opening, one per piece, one for the end (so that no block of the whole page's size
    /// is made, see `pieces`).
    func jsonBuffers() -> [ByteBuffer] {
        var buffers: [ByteBuffer] = []
        buffers.reserveCapacity(pieces.count + 2)
        buffers.append(ByteBuffer(string: #"{"changes":["#))
        for piece in pieces { buffers.append(ByteBuffer(bytes: piece)) }
        var end = ByteBuffer()
        JSONWriter.raw(hasMore ? #"],"hasMore":true,"next":"# : #"],"hasMore":false,"next":"#, into: &end)
        JSONWriter.string(next.description, into: &end)
        end.writeInteger(UInt8(ascii: "}"))
        buffers.append(end)
        return buffers
    }
}

extension PushResponseBody: JSONWritable {
    func writeJSON(into bytes: inout ByteBuffer) {
        bytes.writeBytes(jsonBytes())
    }
}
