import ByteStreamTesting
@testable import ImportFormatsFeature
import Testing

/// The streaming XML reader: what it hands out, in pieces however the bytes arrive, and what it
/// refuses (entities an import must never expand).
@Suite struct XMLPullReaderTests {
    func events(_ xml: String, readSize: Int = 64 * 1024, dialect: XMLPullReader.Dialect = .xml) throws -> [XMLEvent] {
        let reader = XMLPullReader(source: InMemoryByteSource(Array(xml.utf8), maximumReadSize: readSize), dialect: dialect)
        var events: [XMLEvent] = []
        while let event = try reader.next() {
            // Adjacent text pieces are one text here: how they are cut is not the point.
            if case .text(let more) = event, case .text(let before)? = events.last {
                events[events.count - 1] = .text(before + more)
            } else {
                events.append(event)
            }
        }
        return events
    }

    func text(_ string: String) -> XMLEvent { .text(Array(string.utf8)) }

    @Test("elements, attributes, text, entities and CDATA; the same whatever size the reads are", arguments: [1, 3, 7, 64 * 1024])
    func readsADocument(readSize: Int) throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE en-export SYSTEM "http://xml.evernote.com/pub/evernote-export4.dtd">
            <!-- a comment -->
            <a x="1" y='two &amp; "3"'><b/>Fish &amp; chips &#233;&#x1F600; &lt;ok&gt;<c><![CDATA[<raw> & ]] ]>]]></c></a>
            """
        #expect(try events(xml, readSize: readSize) == [
            .start(name: "a", attributes: ["x": "1", "y": "two & \"3\""]), .start(name: "b", attributes: [:]), .end(name: "b"),
            text("Fish & chips é😀 <ok>"), .start(name: "c", attributes: [:]), text("<raw> & ]] ]>"), .end(name: "c"), .end(name: "a"),
        ])
    }

    @Test("a long text comes in pieces of bounded size, none of which cuts an entity")
    func longTextInPieces() throws {
        let unit = "abc &amp; déf "
        let body = String(repeating: unit, count: 20_000)
        let reader = XMLPullReader(source: InMemoryByteSource(Array("<a>\(body)</a>".utf8), maximumReadSize: 5000))
        var pieces: [[UInt8]] = []
        while let event = try reader.next() {
            if case .text(let piece) = event { pieces.append(piece) }
        }
        #expect(pieces.count > 2)
        #expect(pieces.allSatisfy { $0.count <= XMLPullReader.pieceBytes + 5000 })
        #expect(String(decoding: pieces.joined(), as: UTF8.self) == body.replacing("&amp;", with: "&"))
    }

    @Test("entity declarations are refused, never expanded: external entities, a billion laughs, a DTD that fetches")
    func entitiesAreRefused() throws {
        let attacks = [
            #"<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><r>&xxe;</r>"#,
            #"<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><lolz>&lol2;</lolz>"#,
            #"<!DOCTYPE r [<!ENTITY % remote SYSTEM "http://127.0.0.1:9/evil.dtd">%remote;]><r/>"#,
            #"<!DOCTYPE r [<!ENTITY % p "x">]><r/>"#,
        ]
        for attack in attacks {
            #expect(throws: XMLFormatError.entityDeclaration) { try events(attack) }
        }
        // An entity the document uses without declaring it is an error too, not an empty string.
        #expect(throws: XMLFormatError.undefinedEntity("xxe")) { try events("<r>&xxe;</r>") }
        // An internal subset that declares only elements is harmless, and read past.
        #expect(try events(#"<!DOCTYPE r [<!ELEMENT r (#PCDATA)>]><r>x</r>"#) == [.start(name: "r", attributes: [:]), text("x"), .end(name: "r")])
    }

    @Test("a document cut short, or malformed, is an error that says so")
    func brokenDocuments() throws {
        #expect(throws: XMLFormatError.truncated(openElement: "b")) { try events("<a><b>text") }
        #expect(throws: XMLFormatError.truncated(openElement: "a")) { try events("<a><![CDATA[never ends") }
        #expect(throws: XMLFormatError.truncated(openElement: nil)) { try events("") }
        #expect(throws: XMLFormatError.malformed("</c> closes <b>")) { try events("<a><b></c></a>") }
        #expect(throws: XMLFormatError.malformed("a second document element <b>")) { try events("<a/><b/>") }
        #expect(throws: XMLFormatError.malformed("the attribute 'x' is not quoted")) { try events("<a x=1/>") }
    }

    @Test("HTML as notes write it: named entities, void elements, unquoted attributes, stray and missing end tags")
    func forgivingHTML() throws {
        #expect(try events("<p>a&nbsp;b &copy; &bogus; & c<br>d<img src=x.png></p></span><div>open", dialect: .html) == [
            .start(name: "p", attributes: [:]), text("a\u{A0}b © &bogus; & c"), .start(name: "br", attributes: [:]), .end(name: "br"),
            text("d"), .start(name: "img", attributes: ["src": "x.png"]), .end(name: "img"), .end(name: "p"),
            .start(name: "div", attributes: [:]), text("open"), .end(name: "div"),
        ])
        // An end tag closes what was left open inside its element.
        #expect(try events("<ul><li>one<li>two</ul>", dialect: .html) == [
            .start(name: "ul", attributes: [:]), .start(name: "li", attributes: [:]), text("one"), .start(name: "li", attributes: [:]),
            text("two"), .end(name: "li"), .end(name: "li"), .end(name: "ul"),
        ])
    }

    @Test("an element's raw content, read past the CDATA sections nested inside it")
    func rawContent() throws {
        let reader = XMLPullReader(source: InMemoryByteSource(Array("<n><content><![CDATA[<x><![CDATA[y]]></x>]]></content ><t>z</t></n>".utf8), maximumReadSize: 4))
        #expect(try reader.next() == .start(name: "n", attributes: [:]))
        #expect(try reader.next() == .start(name: "content", attributes: [:]))
        #expect(String(decoding: try reader.rawContent(of: "content", limit: 1 << 20), as: UTF8.self) == "<![CDATA[<x><![CDATA[y]]></x>]]>")
        #expect(try reader.next() == .start(name: "t", attributes: [:]))
    }
}
