/// An attachment's file name: made safe, encoded for a Markdown path, and typed by its extension.
///
/// Exists because a name comes from outside (a file a person attaches, an archive, a vault) and
/// ends up in paths on other machines: it must never carry a folder, a control character or a
/// `..`, and every layer must encode and type it the same way.
public enum AttachmentName {
    /// The name reduced to one safe path component: its last component, without control
    /// characters, trimmed; `attachment` if nothing is left.
    /// Cut on scalars, not characters: a mark that joins the next scalar into one character
    /// (U+070F before `/`) must not hide a separator.
    public static func safe(_ raw: String) -> String {
        let last = raw.unicodeScalars.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map { String(String.UnicodeScalarView($0)) } ?? ""
        let kept = String(String.UnicodeScalarView(last.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f }))
        let trimmed = kept.trimmingUnicodeScalars { $0 == " " }
        return trimmed.isEmpty || trimmed.unicodeScalars.allSatisfy({ $0 == "." }) ? "attachment" : trimmed
    }

    /// Percent-encodes every byte but letters, digits and `-._~`.
    public static func percentEncoded(_ name: String) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes `%XX` escapes; a name that does not decode to UTF-8 is returned as it is.
    public static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        let source = Array(text.utf8)
        var index = 0
        while index < source.count {
            if source[index] == UInt8(ascii: "%"), index + 2 < source.count,
               let high = hexValue(source[index + 1]), let low = hexValue(source[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(source[index])
                index += 1
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? text
    }

    /// The media type its extension names; `application/octet-stream` for any other.
    public static func mediaType(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "application/octet-stream" }
        return mediaTypes[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    /// The extension a file of a media type is named with (`png` for `image/png`), if it is one Quill knows.
    public static func fileExtension(of mediaType: String) -> String? {
        mediaTypes.filter { $0.value == mediaType.lowercased() }.map(\.key).min { ($0.count, $0) < ($1.count, $1) }
    }

    /// Whether Quill shows it inline: the image types every browser displays.
    public static func isImage(_ name: String) -> Bool {
        ["image/png", "image/jpeg", "image/gif", "image/webp"].contains(mediaType(of: name))
    }

    private static let mediaTypes: [String: String] = [
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "svg": "image/svg+xml", "bmp": "image/bmp", "avif": "image/avif", "heic": "image/heic",
        "pdf": "application/pdf", "zip": "application/zip", "json": "application/json",
        "txt": "text/plain", "md": "text/markdown", "csv": "text/csv", "html": "text/html", "htm": "text/html",
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "wav": "audio/wav", "ogg": "audio/ogg", "flac": "audio/flac",
        "mp4": "video/mp4", "mov": "video/quicktime", "webm": "video/webm",
    ]

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
