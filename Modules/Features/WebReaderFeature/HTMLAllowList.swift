/// Re-writes HTML keeping only the elements and attributes Markdown produces, every attribute
/// value re-escaped, and only URLs that cannot run script or load from elsewhere; each block of
/// text gets the direction of its own first letter (`ownDirection`).
///
/// Tags are read the way a browser reads them (name, then attributes separated by white space
/// or `/`, values quoted with `"` or `'` or unquoted), so an attribute smuggled into a URL
/// (`<a href="x"onclick="…">`) is seen as the browser would see it, and dropped.
enum HTMLAllowList {
    /// Elements kept, with the attributes each may keep.
    static let allowed: [String: Set<String>] = [
        "p": [], "br": [], "hr": [], "h1": [], "h2": [], "h3": [], "h4": [], "h5": [], "h6": [],
        "strong": [], "em": [], "b": [], "i": [], "s": [], "del": [], "code": [], "pre": [], "blockquote": [],
        "ul": [], "ol": ["start"], "li": [], "a": ["href"], "img": ["src", "alt"],
        "table": [], "thead": [], "tbody": [], "tr": [], "th": ["align"], "td": ["align"], "mark": [],
    ]

    /// Blocks of a note's text, each written with `dir="auto"`: a paragraph, heading, list or
    /// cell reads in the direction of its first letter (Arabic and Hebrew right to left, with
    /// their punctuation and numbers where a reader of them expects), whatever the page's own.
    /// A list takes the direction of its first item, its markers and indent on that side (an item
    /// with a direction of its own would hide its letters from the list's choice, and a quotation's
    /// paragraphs each have theirs).
    static let ownDirection: Set<String> = ["p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "th", "td"]

    /// Written into UTF-8 bytes: appending scalar by scalar to a `String` of a note's size spent
    /// most of a page's time moving the string as it grew.
    static func sanitized(_ html: String) -> String {
        let characters = Array(html.unicodeScalars)
        var output: [UInt8] = []
        output.reserveCapacity(html.utf8.count + html.utf8.count / 8)
        var index = 0, openTables = 0
        while index < characters.count {
            let character = characters[index]
            if character == "<", let (tag, end) = readTag(characters, from: index) {
                // A table wider than the page scrolls in a box of its own (which a keyboard can
                // reach and scroll), so that the page never scrolls sideways on a phone.
                if tag == "<table>" {
                    output.append(contentsOf: tableBox.utf8)
                    openTables += 1
                }
                output.append(contentsOf: tag.utf8)
                if tag == "</table>", openTables > 0 {
                    output.append(contentsOf: "</div>".utf8)
                    openTables -= 1
                }
                index = end
            } else {
                switch character {
                case "<": output.append(contentsOf: "&lt;".utf8)
                case ">": output.append(contentsOf: "&gt;".utf8)
                default: UTF8.encode(character) { output.append($0) }
                }
                index += 1
            }
        }
        for _ in 0..<openTables { output.append(contentsOf: "</div>".utf8) }
        return String(decoding: output, as: UTF8.self)
    }

    /// The box around each table: the one element the allow-list writes of its own.
    static let tableBox = #"<div class="table" tabindex="0">"#

    /// Text as HTML text: `& < > " '` escaped.
    static func escaped(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(character)
            }
        }
        return output
    }

    /// The tag starting at `start` (a `<`) re-written as allowed (empty if not allowed), and the
    /// index after its `>`; `nil` if no tag starts there (the `<` is then text).
    private static func readTag(_ characters: [Unicode.Scalar], from start: Int) -> (String, Int)? {
        var index = start + 1
        let closing = index < characters.count && characters[index] == "/"
        if closing { index += 1 }
        let nameStart = index
        while index < characters.count, isASCIILetterOrDigit(characters[index]) { index += 1 }
        guard index > nameStart, isASCIILetter(characters[nameStart]) else { return nil }
        let name = String(String.UnicodeScalarView(characters[nameStart..<index])).lowercased()
        var attributes: [(String, String)] = []
        while index < characters.count, characters[index] != ">" {
            let character = characters[index]
            if character == " " || character == "\n" || character == "\t" || character == "\r" || character == "\u{0C}" || character == "/" {
                index += 1
                continue
            }
            let attributeStart = index
            while index < characters.count, !" \n\t\r\u{0C}/>=".unicodeScalars.contains(characters[index]) { index += 1 }
            let attribute = String(String.UnicodeScalarView(characters[attributeStart..<index])).lowercased()
            var value = ""
            if index < characters.count, characters[index] == "=" {
                index += 1
                if index < characters.count, characters[index] == "\"" || characters[index] == "'" {
                    let quote = characters[index]
                    index += 1
                    let valueStart = index
                    while index < characters.count, characters[index] != quote { index += 1 }
                    value = String(String.UnicodeScalarView(characters[valueStart..<index]))
                    if index < characters.count { index += 1 }
                } else {
                    let valueStart = index
                    while index < characters.count, !" \n\t\r\u{0C}>".unicodeScalars.contains(characters[index]) { index += 1 }
                    value = String(String.UnicodeScalarView(characters[valueStart..<index]))
                }
            }
            attributes.append((attribute, decodedEntities(value)))
        }
        guard index < characters.count else { return nil }
        let end = index + 1
        guard let permitted = allowed[name] else { return ("", end) }
        if closing { return ("</\(name)>", end) }
        var tag = "<\(name)"
        for (attribute, value) in attributes where permitted.contains(attribute) {
            guard let safe = safeValue(value, of: attribute, in: name) else { continue }
            tag += " \(attribute)=\"\(escaped(safe))\""
        }
        if ownDirection.contains(name) { tag += " dir=\"auto\"" }
        return (tag + ">", end)
    }

    /// The value if it is harmless for this attribute; `nil` to drop the attribute.
    static func safeValue(_ value: String, of attribute: String, in element: String) -> String? {
        switch attribute {
        case "href": return isSafeLink(value) ? value : nil
        case "src": return isSameOriginPath(value) ? value : nil
        case "start": return value.allSatisfy(\.isASCII) && Int(value) != nil ? value : nil
        case "align": return ["left", "center", "right"].contains(value) ? value : nil
        default: return value
        }
    }

    /// `http:`, `https:` and `mailto:` links, and links without a scheme (relative, `#anchor`).
    /// Browsers ignore tabs and line breaks inside a scheme and leading spaces and controls, so
    /// the scheme is read after removing them.
    static func isSafeLink(_ value: String) -> Bool {
        let scheme = self.scheme(of: value)
        return scheme == nil || ["http", "https", "mailto"].contains(scheme)
    }

    /// A path on this server only: no scheme, and not `//host` (which loads from elsewhere).
    static func isSameOriginPath(_ value: String) -> Bool {
        let cleaned = String(String.UnicodeScalarView(value.unicodeScalars.filter { $0.value > 0x20 && $0 != "\u{7F}" }))
        return scheme(of: value) == nil && !cleaned.hasPrefix("//") && !cleaned.hasPrefix("\\\\") && !cleaned.hasPrefix("/\\")
            && !cleaned.hasPrefix("\\/")
    }

    /// The lowercased scheme of a URL as a browser reads it; `nil` if it has none.
    private static func scheme(of value: String) -> String? {
        let cleaned = value.unicodeScalars.filter { $0.value > 0x20 && $0 != "\u{7F}" }
        var scheme = ""
        for character in cleaned {
            if character == ":" { return scheme.isEmpty ? "" : scheme.lowercased() }
            guard isASCIILetterOrDigit(character) || character == "+" || character == "-" || character == "." else { return nil }
            scheme.unicodeScalars.append(character)
        }
        return nil
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#39;`, `&#x61;`… decoded, as a browser does in
    /// an attribute before using a URL (so `jav&#x61;script:` is seen as `javascript:`). A
    /// named entity not listed is kept as written, which can only make a URL fail the checks.
    static func decodedEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let characters = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        let named: [String: Unicode.Scalar] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "colon": ":", "tab": "\t",
                                               "newline": "\n", "sol": "/", "lpar": "(", "rpar": ")"]
        while index < characters.count {
            guard characters[index] == "&" else {
                output.append(characters[index])
                index += 1
                continue
            }
            var end = index + 1
            while end < characters.count, end - index < 12, isASCIILetterOrDigit(characters[end]) || characters[end] == "#" { end += 1 }
            let name = String(String.UnicodeScalarView(characters[(index + 1)..<end]))
            let hasSemicolon = end < characters.count && characters[end] == ";"
            var decoded: Unicode.Scalar?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if name.hasPrefix("#") {
                decoded = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
            } else {
                decoded = named[name.lowercased()]
            }
            if let decoded {
                output.append(decoded)
                index = hasSemicolon ? end + 1 : end
            } else {
                output.append("&")
                index += 1
            }
        }
        return String(output)
    }

    private static func isASCIILetter(_ character: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(character) || ("A"..."Z").contains(character)
    }

    private static func isASCIILetterOrDigit(_ character: Unicode.Scalar) -> Bool {
        isASCIILetter(character) || ("0"..."9").contains(character)
    }
}
