#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A note's text as the `notes` table keeps it: PostgreSQL's `text` cannot hold U+0000, which
/// a note's title, body and tags may, so it is escaped losslessly.
///
/// U+FFFF (a noncharacter) is the escape: U+FFFF is written as U+FFFF U+FFFF and U+0000 as
/// U+FFFF "0". Text with neither, nearly all of it, is written as it is.
enum PostgresText {
    private static let escape: Unicode.Scalar = "\u{FFFF}"

    static func stored(_ text: String) -> String {
        guard holds(0, in: text) || holds(0xEF, in: text) else { return text }
        var stored = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\u{0}": stored.append(escape); stored.append("0")
            case escape: stored.append(escape); stored.append(escape)
            default: stored.append(scalar)
            }
        }
        return String(stored)
    }

    static func read(_ stored: String) -> String {
        guard holds(0xEF, in: stored) else { return stored }
        var text = String.UnicodeScalarView()
        var escaped = false
        for scalar in stored.unicodeScalars {
            if escaped {
                text.append(scalar == "0" ? "\u{0}" : scalar)
                escaped = false
            } else if scalar == escape {
                escaped = true
            } else {
                text.append(scalar)
            }
        }
        return String(text)
    }

    /// Whether `text`'s UTF-8 holds `byte` (0xEF leads U+FFFF's encoding): `memchr` over its
    /// bytes, where iterating `utf8` a byte at a time was a fifth of the server's CPU serving a
    /// PostgreSQL change feed of 2 KB notes.
    private static func holds(_ byte: UInt8, in text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.baseAddress.map { memchr($0, Int32(byte), bytes.count) != nil } ?? false
        } ?? text.utf8.contains(byte)
    }
}
