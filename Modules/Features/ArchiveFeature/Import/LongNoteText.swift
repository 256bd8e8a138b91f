import Crypto
import QuillModels

/// A note's text longer than a note may hold (`NoteLimits.maximumBodyBytes`), as a vault's
/// Markdown file or another app's note can bring it.
///
/// Exists so that one long file neither refuses a whole import nor loses a byte: the whole text
/// becomes an attachment (`<name>.md`), and the note holds as much of the text's beginning as
/// fits, cut at the end of a line, then a line that links the attachment. A code fence open at
/// the cut is closed first, so that the link is read as a reference (and the attachment is
/// kept, synced and exported with the note).
enum LongNoteText {
    /// The note's text and the attachment that holds all of it.
    struct Fitted {
        let body: String
        let hash: AttachmentHash
        let bytes: [UInt8]
        let notice: String
    }

    /// `text` fitted into `room` bytes, or nil when it fits as it is. `name` names the
    /// attachment (`.md` is added when it has no Markdown extension).
    static func fitted(_ text: String, name: @autoclosure () -> String, room: Int = NoteLimits.maximumBodyBytes) -> Fitted? {
        // Nearly every note fits: its length is known without copying its text.
        guard text.utf8.count > room else { return nil }
        let bytes = Array(text.utf8)
        guard let hash = AttachmentHash(digest: SHA256.hash(data: bytes)) else { return nil }
        let safe = AttachmentName.safe(name())
        let fileName = ArchiveReader.isMarkdown(safe[...]) ? safe : safe + ".md"
        let size = ByteCount.text(Int64(bytes.count)), limit = ByteCount.text(Int64(NoteLimits.maximumBodyBytes))
        let tail = "\n*This note's text is \(size), more than a note holds (\(limit)); above is its beginning, and the whole text is "
            + AttachmentReference.markdown(hash: hash, name: fileName, embedded: false) + ".*\n"
        var fences = MarkdownCode.FenceTracker()
        var kept = 0, lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
            var probe = fences
            _ = probe.isCode(bytes[lineStart..<lineEnd].prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") })
            let closing = probe.closingLine.map { "\n" + $0 + "\n" } ?? ""
            guard lineEnd + closing.utf8.count + tail.utf8.count + 1 <= room else {
                // A first line longer than a note: its beginning, cut where a character starts.
                if kept == 0 { kept = Self.characterStart(in: bytes, atMost: room - tail.utf8.count - 1) }
                break
            }
            fences = probe
            kept = lineEnd
            lineStart = lineEnd
        }
        var body = String(decoding: bytes[..<kept], as: UTF8.self)
        if !body.isEmpty, !body.hasSuffix("\n") { body += "\n" }
        if let closing = fences.closingLine { body += closing + "\n" }
        body += tail
        let notice = "the text is \(size), more than a note holds (\(limit)): the note holds its beginning, and the whole text is attached as '\(fileName)'"
        return Fitted(body: body, hash: hash, bytes: bytes, notice: notice)
    }

    /// The last offset at most `limit` where a scalar starts (no UTF-8 continuation byte).
    private static func characterStart(in bytes: [UInt8], atMost limit: Int) -> Int {
        var index = max(0, min(limit, bytes.count))
        while index > 0, index < bytes.count, bytes[index] & 0xC0 == 0x80 { index -= 1 }
        return index
    }
}
