import Foundation

/// A TiddlyWiki tiddler: its fields, in the order they were written, and its text; read from any
/// of the forms TiddlyWiki keeps tiddlers in.
///
/// Exists so that `TiddlyWikiReader` turns one thing into notes, whether the wiki came as a
/// single HTML file, a JSON export or a folder of `.tid` files.
struct Tiddler {
    var fields: [(name: String, value: String)]
    /// The bytes of a binary tiddler kept as a file of its own beside a `.meta` file.
    var bytes: [UInt8]?

    func field(_ name: String) -> String? { fields.first { $0.name == name }?.value }
    var title: String { field("title") ?? "" }
    var text: String { field("text") ?? "" }

    /// A `.tid` file: `name: value` lines, a blank line, then the text.
    static func tid(_ contents: String) -> Tiddler {
        let (fields, text) = header(contents)
        return Tiddler(fields: fields + (text.isEmpty ? [] : [("text", text)]))
    }

    /// A `.multids` file: fields shared by its tiddlers, a blank line, then one tiddler a line,
    /// `title suffix: text`, each titled by the shared `title` (a prefix) and its suffix.
    static func multiple(_ contents: String) -> [Tiddler] {
        let (fields, body) = header(contents)
        let prefix = fields.first { $0.name == "title" }?.value ?? ""
        return body.split(separator: "\n").compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let title = prefix + line[..<colon].trimmingSpaces()
            let text = String(line[line.index(after: colon)...]).trimmingSpaces()
            return Tiddler(fields: fields.filter { $0.name != "title" } + [("title", title), ("text", text)])
        }
    }

    /// A binary file's tiddler: the fields of its `.meta` file, or its name as its title.
    static func binary(_ bytes: [UInt8], meta: String?, fileName: String) -> Tiddler {
        var fields = meta.map { header($0).fields } ?? []
        if !fields.contains(where: { $0.name == "title" }) { fields.append(("title", fileName)) }
        return Tiddler(fields: fields, bytes: bytes)
    }

    /// The `name: value` lines before the first blank line, and the text after it.
    private static func header(_ contents: String) -> (fields: [(name: String, value: String)], text: String) {
        var fields: [(name: String, value: String)] = []
        var rest = Substring(contents.replacingOccurrences(of: "\r\n", with: "\n"))
        while let end = rest.firstIndex(of: "\n") ?? (rest.isEmpty ? nil : rest.endIndex) {
            let line = rest[..<end]
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[rest.endIndex...]
            guard !line.trimmingSpaces().isEmpty else { break }
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields.append((String(line[..<colon]).trimmingSpaces(), String(line[line.index(after: colon)...]).trimmingSpaces()))
        }
        return (fields, String(rest))
    }

    /// A JSON export's tiddlers (`[{"title": …, "text": …}, …]`, every value a string), or `nil`
    /// for JSON that is none.
    static func json(_ bytes: some Sequence<UInt8>) -> [Tiddler]? {
        guard let objects = try? JSONDecoder().decode([[String: String]].self, from: Data(bytes)),
              !objects.isEmpty, objects.allSatisfy({ $0["title"] != nil }) else { return nil }
        // JSON keeps no order of keys: a tiddler's fields are written title first, then by name.
        return objects.map { object in
            Tiddler(fields: [("title", object["title"] ?? "")] + object.filter { $0.key != "title" }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        }
    }

    /// The tiddlers of a single-file wiki: each `<script class="tiddlywiki-tiddler-store">` (JSON,
    /// TiddlyWiki 5.2 and later); `nil` for a page that has none.
    static func html(_ bytes: [UInt8]) -> [Tiddler]? {
        let opening = Array(#"<script class="tiddlywiki-tiddler-store" type="application/json">"#.utf8), closing = Array("</script>".utf8)
        var tiddlers: [Tiddler]?
        var from = 0
        while let start = XMLPullReader.find(opening, in: bytes, from: from) {
            let contents = start + opening.count
            guard let end = XMLPullReader.find(closing, in: bytes, from: contents) else { break }
            tiddlers = (tiddlers ?? []) + (json(bytes[contents..<end]) ?? [])
            from = end + closing.count
        }
        return tiddlers
    }

    /// The tiddlers of a wiki older than 5.2 (and of TiddlyWiki Classic): `<div id="storeArea">`
    /// holding a `<div>` a tiddler, its fields as attributes and its text in a `<pre>`, both
    /// HTML-escaped; `nil` for a page that has none.
    static func storeArea(_ bytes: [UInt8]) -> [Tiddler]? {
        guard let area = XMLPullReader.find(Array(#"<div id="storeArea""#.utf8), in: bytes, from: 0) else { return nil }
        let opening = Array("<div ".utf8), pre = Array("<pre>".utf8), preEnd = Array("</pre>".utf8), divEnd = Array("</div>".utf8)
        var tiddlers: [Tiddler] = []
        var from = area + 1
        while let start = XMLPullReader.find(opening, in: bytes, from: from), let tagEnd = bytes[start...].firstIndex(of: UInt8(ascii: ">")) {
            var fields = attributes(bytes[(start + opening.count)..<tagEnd])
            guard let close = XMLPullReader.find(divEnd, in: bytes, from: tagEnd) else { break }
            if let textStart = XMLPullReader.find(pre, in: bytes, from: tagEnd), textStart < close, let textEnd = XMLPullReader.find(preEnd, in: bytes, from: textStart) {
                fields.append(("text", decoded(bytes[(textStart + pre.count)..<textEnd])))
            }
            if fields.contains(where: { $0.name == "title" }) { tiddlers.append(Tiddler(fields: fields)) }
            from = close + divEnd.count
            // The store ends where the next element is no tiddler's.
            if !bytes[from...].drop(while: { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }).starts(with: opening) { break }
        }
        return tiddlers
    }

    /// `name="value"` attributes, their values HTML-escaped.
    private static func attributes(_ text: ArraySlice<UInt8>) -> [(name: String, value: String)] {
        var found: [(name: String, value: String)] = []
        var rest = text
        while let equals = rest.firstIndex(of: UInt8(ascii: "=")), equals + 1 < rest.endIndex, rest[equals + 1] == UInt8(ascii: "\"") {
            let name = String(decoding: rest[..<equals], as: UTF8.self).trimmingSpaces()
            guard let end = rest[(equals + 2)...].firstIndex(of: UInt8(ascii: "\"")) else { break }
            found.append((name, decoded(rest[(equals + 2)..<end])))
            rest = rest[(end + 1)...]
        }
        return found
    }

    private static func decoded(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: (try? XMLEntities.decode(bytes, html: true)) ?? Array(bytes), as: UTF8.self)
    }
}
