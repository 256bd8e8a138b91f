/// JSON string literals read by hand, so that parsing front matter needs no JSON decoder per
/// note (they are written by `JSONText`, the one JSON writer).
enum JSONString {
    /// Reads one literal at the start of `text`; returns its value and what follows it.
    static func unquote(_ text: Substring) -> (value: String, rest: Substring)? {
        if let plain = unquotePlain(text) { return plain }
        var scalars = text.unicodeScalars[...]
        guard scalars.popFirst() == "\"" else { return nil }
        var value = String.UnicodeScalarView()
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\"": return (String(value), Substring(scalars))
            case "\\":
                guard let escaped = scalars.popFirst() else { return nil }
                switch escaped {
                case "\"", "\\", "/": value.append(escaped)
                case "n": value.append("\n")
                case "r": value.append("\r")
                case "t": value.append("\t")
                case "b": value.append("\u{8}")
                case "f": value.append("\u{C}")
                case "u":
                    guard let unit = hexUnit(&scalars) else { return nil }
                    if (0xD800..<0xDC00).contains(unit) {
                        guard scalars.popFirst() == "\\", scalars.popFirst() == "u", let low = hexUnit(&scalars),
                              (0xDC00..<0xE000).contains(low),
                              let combined = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                        else { return nil }
                        value.append(combined)
                    } else {
                        guard let plain = Unicode.Scalar(unit) else { return nil }
                        value.append(plain)
                    }
                default: return nil
                }
            case _ where scalar.value < 0x20: return nil
            default: value.append(scalar)
            }
        }
        return nil
    }

    /// The common case, a literal without escapes, read over UTF-8 bytes (it runs for every
    /// title and tag of an import); `nil` if the literal has an escape or is not closed.
    private static func unquotePlain(_ text: Substring) -> (value: String, rest: Substring)? {
        let utf8 = text.utf8
        guard utf8.first == UInt8(ascii: "\"") else { return nil }
        let start = utf8.index(after: utf8.startIndex)
        var position = start
        while position != utf8.endIndex {
            switch utf8[position] {
            case UInt8(ascii: "\""):
                return (String(text[start..<position]), text[utf8.index(after: position)...])
            case UInt8(ascii: "\\"), 0..<0x20: return nil
            default: position = utf8.index(after: position)
            }
        }
        return nil
    }

    private static func hexUnit(_ scalars: inout Substring.UnicodeScalarView.SubSequence) -> UInt32? {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = scalars.popFirst(), let digit = Int(String(scalar), radix: 16) else { return nil }
            unit = unit << 4 | UInt32(digit)
        }
        return unit
    }
}
