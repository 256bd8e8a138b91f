import ByteStreamInterface
#if canImport(Glibc)
import Glibc
#endif

/// Reads an XML document as a stream of `XMLEvent`s, a buffer at a time: a 1 GiB Evernote export
/// passes through in bounded memory (a long text, a CDATA section, comes out in pieces).
///
/// Exists because the importers need one XML reader that never does what XML parsers do by
/// default and an import must not: it expands no entity but the five XML predefines and
/// character references, refuses a document that declares entities (external entities, a
/// billion laughs) and fetches no DTD. The `html` dialect reads the XHTML inside a note (ENML,
/// web clips) the way browsers forgive it: HTML's named entities, unquoted attributes, void
/// elements without `/`, stray end tags.
public final class XMLPullReader {
    public enum Dialect: Sendable { case xml, html }

    private let source: (any ByteSource)?
    private let dialect: Dialect
    private var buffer: [UInt8]
    private var position = 0
    private var sourceEnded: Bool
    private var open: [String] = []
    private var queued: XMLEvent?
    /// An HTML end tag that closes elements left open inside its own: read again after each.
    private var reclosing: String?
    /// Inside a CDATA section whose end has not been read yet.
    private var inCDATA = false
    private var sawRoot = false
    /// Where each read from the source lands before it joins `buffer` (none for bytes in memory).
    private var readBuffer: [UInt8]

    /// Text and CDATA are handed out in pieces of about this size.
    static let pieceBytes = 64 << 10
    /// A tag, comment, processing instruction or DOCTYPE longer than this is refused.
    static let maximumMarkupBytes = 4 << 20
    private static let readBytes = 256 << 10

    public init(source: any ByteSource, dialect: Dialect = .xml) {
        self.source = source
        self.dialect = dialect
        buffer = []
        readBuffer = [UInt8](repeating: 0, count: Self.readBytes)
        sourceEnded = false
    }

    public init(bytes: [UInt8], dialect: Dialect = .html) {
        source = nil
        self.dialect = dialect
        buffer = bytes
        readBuffer = []
        sourceEnded = true
    }

    /// The element names open around the next event, outermost first.
    public var openElements: [String] { open }

    /// The next event; `nil` at the end of the document.
    public func next() throws(XMLFormatError) -> XMLEvent? {
        if let event = queued {
            queued = nil
            return event
        }
        if let name = reclosing {
            reclosing = nil
            if let event = try endTag(name) { return event }
        }
        if position >= 1 << 20 {
            buffer.removeSubrange(0..<position)
            position = 0
        }
        while true {
            if inCDATA { return try cdataPiece() }
            guard try available(1) else {
                if dialect == .xml, !open.isEmpty || !sawRoot { throw .truncated(openElement: open.last) }
                // Forgiven: what HTML leaves open closes at its end.
                if let name = open.popLast() { return .end(name: name) }
                return nil
            }
            if buffer[position] == lt {
                if let event = try markup() { return event }
            } else if let event = try text() {
                return event
            }
        }
    }

    // MARK: - Text

    private func text() throws(XMLFormatError) -> XMLEvent? {
        var end = position
        while true {
            if let lessThan = index(of: lt, from: end) {
                return try emitText(upTo: lessThan)
            }
            end = buffer.count
            if buffer.count - position >= Self.pieceBytes {
                return try emitText(upTo: safeCut(buffer.count))
            }
            guard try refill() else { return try emitText(upTo: buffer.count) }
        }
    }

    /// `limit`, or earlier so that an entity (`&...;`) is not cut in two.
    private func safeCut(_ limit: Int) -> Int {
        var index = limit - 1
        while index >= max(position, limit - 32) {
            if buffer[index] == semicolon { return limit }
            if buffer[index] == ampersand { return index }
            index -= 1
        }
        return limit
    }

    private func emitText(upTo end: Int) throws(XMLFormatError) -> XMLEvent? {
        let start = position
        position = end
        guard end > start else { return nil }
        if dialect == .xml, open.isEmpty {
            // Only white space may stand outside the root element.
            guard buffer[start..<end].allSatisfy(Self.isSpace) else { throw .malformed("text outside the document's element") }
            return nil
        }
        return .text(try decodeEntities(buffer[start..<end]))
    }

    private func decodeEntities(_ bytes: ArraySlice<UInt8>) throws(XMLFormatError) -> [UInt8] {
        try XMLEntities.decode(bytes, html: dialect == .html)
    }

    /// The raw bytes of the element just opened (`name`, the innermost open one), up to its end
    /// tag, which is consumed: for an element whose content other programs are known to write
    /// as broken XML (Evernote nests CDATA sections inside `<content>`).
    public func rawContent(of name: String, limit: Int) throws(XMLFormatError) -> [UInt8] {
        guard open.last == name else { throw .malformed("<\(name)> is not open") }
        let terminator = Array("</\(name)".utf8)
        var from = position
        while true {
            if let found = Self.find(terminator, in: buffer, from: from) {
                var close = found + terminator.count
                while close < buffer.count, Self.isSpace(buffer[close]) { close += 1 }
                if close < buffer.count, buffer[close] == gt {
                    let content = Array(buffer[position..<found])
                    position = close + 1
                    open.removeLast()
                    return content
                }
                if close < buffer.count { from = found + 1; continue }
            }
            guard buffer.count - position <= limit else { throw .tooLarge("a <\(name)> of more than \(limit >> 20) MiB") }
            from = max(position, buffer.count - terminator.count - 8)
            guard try refill() else { throw .truncated(openElement: name) }
        }
    }

    // MARK: - Markup

    /// The event a piece of markup makes, or `nil` for one that makes none (a comment).
    private func markup() throws(XMLFormatError) -> XMLEvent? {
        guard try available(2) else { throw .truncated(openElement: open.last) }
        switch buffer[position + 1] {
        case question:
            position = try end(of: "?>", from: position + 2)
            return nil
        case exclamation:
            if try starts(with: "<!--") {
                position = try end(of: "-->", from: position + 4)
                return nil
            }
            if try starts(with: "<![CDATA[") {
                position += 9
                inCDATA = true
                return nil
            }
            if try starts(with: "<!DOCTYPE") {
                try doctype()
                return nil
            }
            throw .malformed("unknown markup '<!'")
        case slash:
            let close = try tagEnd(from: position + 2)
            let name = String(decoding: buffer[(position + 2)..<close], as: UTF8.self).trimmingSpaces()
            position = close + 1
            return try endTag(name)
        default:
            return try startTag()
        }
    }

    private func endTag(_ name: String) throws(XMLFormatError) -> XMLEvent? {
        if open.last == name {
            open.removeLast()
            return .end(name: name)
        }
        guard dialect == .html else {
            throw .malformed(open.last.map { "</\(name)> closes <\($0)>" } ?? "</\(name)> closes nothing")
        }
        // Forgiven: an end tag closes what was left open inside its element; a stray one is ignored.
        guard open.contains(name) else { return nil }
        reclosing = name
        return .end(name: open.removeLast())
    }

    private func startTag() throws(XMLFormatError) -> XMLEvent {
        let close = try tagEnd(from: position + 1)
        var inner = buffer[(position + 1)..<close]
        position = close + 1
        var selfClosing = false
        if inner.last == slash {
            selfClosing = true
            inner = inner.dropLast()
        }
        let nameEnd = inner.firstIndex(where: Self.isSpace) ?? inner.endIndex
        let name = String(decoding: inner[..<nameEnd], as: UTF8.self)
        guard !name.isEmpty else { throw .malformed("a tag without a name") }
        if dialect == .xml, open.isEmpty, sawRoot { throw .malformed("a second document element <\(name)>") }
        sawRoot = true
        let attributes = try self.attributes(inner[nameEnd...])
        if selfClosing || (dialect == .html && Self.voidElements.contains(name.lowercased())) {
            queued = .end(name: name)
        } else {
            open.append(name)
        }
        return .start(name: name, attributes: attributes)
    }

    private func attributes(_ bytes: ArraySlice<UInt8>) throws(XMLFormatError) -> [String: String] {
        var attributes: [String: String] = [:]
        var index = bytes.startIndex
        func skipSpaces() { while index < bytes.endIndex, Self.isSpace(bytes[index]) { index += 1 } }
        while true {
            skipSpaces()
            guard index < bytes.endIndex else { return attributes }
            let nameStart = index
            while index < bytes.endIndex, bytes[index] != equals, !Self.isSpace(bytes[index]) { index += 1 }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            skipSpaces()
            guard index < bytes.endIndex, bytes[index] == equals else {
                if dialect == .html { attributes[name] = ""; continue }
                throw .malformed("the attribute '\(name)' has no value")
            }
            index += 1
            skipSpaces()
            guard index < bytes.endIndex else { throw .malformed("the attribute '\(name)' has no value") }
            let value: ArraySlice<UInt8>
            if bytes[index] == quote || bytes[index] == apostrophe {
                let delimiter = bytes[index]
                guard let closing = bytes[(index + 1)...].firstIndex(of: delimiter) else { throw .malformed("an attribute's quote is not closed") }
                value = bytes[(index + 1)..<closing]
                index = closing + 1
            } else if dialect == .html {
                let valueStart = index
                while index < bytes.endIndex, !Self.isSpace(bytes[index]) { index += 1 }
                value = bytes[valueStart..<index]
            } else {
                throw .malformed("the attribute '\(name)' is not quoted")
            }
            attributes[name] = String(decoding: try decodeEntities(value), as: UTF8.self)
        }
    }

    /// The index of the `>` that ends the tag begun before `start`, quotes respected.
    private func tagEnd(from start: Int) throws(XMLFormatError) -> Int {
        var index = start
        var delimiter: UInt8?
        while true {
            while index < buffer.count {
                let byte = buffer[index]
                if let open = delimiter {
                    if byte == open { delimiter = nil }
                } else if byte == gt {
                    return index
                } else if byte == quote || byte == apostrophe {
                    delimiter = byte
                }
                index += 1
            }
            guard try refill(markupFrom: position) else { throw .truncated(openElement: open.last) }
        }
    }

    private func doctype() throws(XMLFormatError) {
        var index = position + 9
        var delimiter: UInt8?
        var subsetStart: Int?
        while true {
            while index < buffer.count {
                let byte = buffer[index]
                if let open = delimiter {
                    if byte == open { delimiter = nil }
                } else if byte == quote || byte == apostrophe {
                    delimiter = byte
                } else if byte == openBracket, subsetStart == nil {
                    subsetStart = index
                } else if byte == gt, subsetStart == nil || buffer[..<index].last(where: { !Self.isSpace($0) }) == closeBracket {
                    if let subsetStart {
                        // An internal subset may declare elements; entities (and parameter
                        // entities, which fetch and expand) are refused.
                        let subset = buffer[subsetStart..<index]
                        if Self.contains(subset, "<!ENTITY") || subset.contains(percent) { throw .entityDeclaration }
                    }
                    position = index + 1
                    return
                }
                index += 1
            }
            guard try refill(markupFrom: position) else { throw .truncated(openElement: nil) }
        }
    }

    /// The index just past `terminator`, found from `start`.
    private func end(of terminator: String, from start: Int) throws(XMLFormatError) -> Int {
        let pattern = Array(terminator.utf8)
        var from = start
        while true {
            if let found = Self.find(pattern, in: buffer, from: from) { return found + pattern.count }
            from = max(start, buffer.count - pattern.count + 1)
            guard try refill(markupFrom: position) else { throw .truncated(openElement: open.last) }
        }
    }

    private func cdataPiece() throws(XMLFormatError) -> XMLEvent? {
        let terminator = Array("]]>".utf8)
        while true {
            if let found = Self.find(terminator, in: buffer, from: position) {
                let piece = Array(buffer[position..<found])
                position = found + 3
                inCDATA = false
                return piece.isEmpty ? try next() : .text(piece)
            }
            if buffer.count - position >= Self.pieceBytes {
                let cut = buffer.count - 2
                let piece = Array(buffer[position..<cut])
                position = cut
                return .text(piece)
            }
            guard try refill() else { throw .truncated(openElement: open.last) }
        }
    }

    // MARK: - The buffer

    /// Whether at least `count` bytes are there from `position`, reading more if needed.
    private func available(_ count: Int) throws(XMLFormatError) -> Bool {
        while buffer.count - position < count {
            guard try refill() else { return false }
        }
        return true
    }

    private func starts(with prefix: String) throws(XMLFormatError) -> Bool {
        let bytes = Array(prefix.utf8)
        guard try available(bytes.count) else { return false }
        return buffer[position..<(position + bytes.count)].elementsEqual(bytes)
    }

    /// Reads more; a piece of markup begun at `markupFrom` may not grow past the limit.
    private func refill(markupFrom start: Int) throws(XMLFormatError) -> Bool {
        guard buffer.count - start < Self.maximumMarkupBytes else {
            throw .tooLarge("a tag, comment or declaration of more than \(Self.maximumMarkupBytes >> 20) MiB")
        }
        return try refill()
    }

    private func refill() throws(XMLFormatError) -> Bool {
        guard !sourceEnded, let source else { return false }
        // Read into a buffer kept for it, and append what came: a source that hands out little
        // at a time costs no more than the bytes it hands out.
        let result = readBuffer.withUnsafeMutableBytes { raw in
            Result { () throws(ByteStreamError) in try source.read(into: raw) }
        }
        let count: Int
        do { count = try result.get() } catch { throw .read(error.description) }
        if count == 0 { sourceEnded = true }
        buffer.append(contentsOf: readBuffer[..<count])
        return count > 0
    }

    private func index(of byte: UInt8, from start: Int) -> Int? {
        guard start < buffer.count else { return nil }
        return buffer.withUnsafeBufferPointer { pointer -> Int? in
            guard let base = pointer.baseAddress, let found = memchr(base + start, Int32(byte), pointer.count - start) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Where `pattern` first occurs in `bytes` at or after `start` (also how `Tiddler` finds a wiki's store).
    static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first, bytes.count - start >= pattern.count else { return nil }
        return bytes.withUnsafeBufferPointer { pointer -> Int? in
            guard let base = pointer.baseAddress else { return nil }
            var from = start
            while from <= pointer.count - pattern.count {
                guard let found = memchr(base + from, Int32(first), pointer.count - from - pattern.count + 1) else { return nil }
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + index, pattern, pattern.count) == 0 { return index }
                from = index + 1
            }
            return nil
        }
    }

    private static func contains(_ bytes: ArraySlice<UInt8>, _ text: String) -> Bool {
        find(Array(text.utf8), in: Array(bytes), from: 0) != nil
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    /// HTML's elements that have no end tag.
    private static let voidElements: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]
}

private let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), slash = UInt8(ascii: "/"), question = UInt8(ascii: "?")
private let exclamation = UInt8(ascii: "!"), ampersand = UInt8(ascii: "&"), semicolon = UInt8(ascii: ";")
private let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), equals = UInt8(ascii: "=")
private let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]"), percent = UInt8(ascii: "%")

extension String {
    func trimmingSpaces() -> String {
        let bytes = Array(utf8)
        guard let first = bytes.firstIndex(where: { !XMLPullReader.isSpace($0) }),
              let last = bytes.lastIndex(where: { !XMLPullReader.isSpace($0) }) else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
