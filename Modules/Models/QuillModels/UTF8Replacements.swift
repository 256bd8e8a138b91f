/// Ranges of a text's UTF-8 bytes replaced, front to back.
///
/// Exists so that every rewriting of a note's text (an import's references, a rename's links, the
/// web reader's links and attachments) is one implementation whose time is the text's length and
/// what is written, however many replacements: replacing from the back, as each did, moved the
/// rest of the text once for every replacement.
public enum UTF8Replacements {
    /// `text` with each range (in UTF-8 bytes, in ascending order, not overlapping) replaced.
    public static func applying(_ replacements: [(Range<Int>, String)], to text: String) -> String {
        guard !replacements.isEmpty else { return text }
        var text = text
        return text.withUTF8 { utf8 in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(utf8.count + replacements.reduce(0) { $0 + $1.1.utf8.count })
            var copied = 0
            for (range, replacement) in replacements {
                bytes += utf8[copied..<range.lowerBound]
                bytes += replacement.utf8
                copied = range.upperBound
            }
            bytes += utf8[copied...]
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
