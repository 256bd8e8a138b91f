import Foundation
import QuillModels
import Testing

@Suite("Attachment references")
struct AttachmentReferenceTests {
    let hash = AttachmentHash(String(repeating: "9f", count: 32))!

    @Test func whatIsWrittenIsScannedBack() throws {
        let image = AttachmentReference.markdown(hash: hash, name: "white board [v2].png", embedded: true)
        let file = AttachmentReference.markdown(hash: hash, name: "Rechnung März.pdf", label: "Invoice", embedded: false)
        #expect(image == "![white board \\[v2\\].png](attachments/\(hash.hex)/white%20board%20%5Bv2%5D.png)")
        let body = "Before \(image) between\n\(file) after"
        let found = AttachmentReference.scan(body)
        #expect(found.map(\.name) == ["white board [v2].png", "Rechnung März.pdf"])
        #expect(found.map(\.label) == ["white board [v2].png", "Invoice"])
        #expect(found.map(\.isEmbedded) == [true, false])
        let bytes = Array(body.utf8)
        #expect(String(decoding: bytes[found[0].utf8Range], as: UTF8.self) == image)
        #expect(String(decoding: bytes[found[1].utf8Range], as: UTF8.self) == file)
    }

    /// The scan skips a body without "(attachments/", so whatever stands around that text,
    /// at the very start or end of a body, must still be found, and a near miss must not be.
    @Test func aReferenceIsFoundWhereverItStandsAndANearMissIsNot() {
        let reference = AttachmentReference.markdown(hash: hash, name: "a.png", label: "x", embedded: false)
        for body in [reference, "(" + reference, reference + ")", "((" + reference + "((attachments"] {
            #expect(AttachmentReference.scan(body).map(\.name) == ["a.png"], "\(body)")
        }
        let nearMisses = [reference.replacingOccurrences(of: "(attachments/", with: "(attachment/"),
                          reference.replacingOccurrences(of: "(attachments/", with: "( attachments/"),
                          "(attachments", "(", "", "[x](attachments/"]
        for body in nearMisses {
            #expect(AttachmentReference.scan(body).isEmpty, "\(body)")
        }
    }

    @Test func aBracketJoinedToAMarkIsStillEscaped() {
        let name = "\u{600}[x"
        let found = AttachmentReference.scan(AttachmentReference.markdown(hash: hash, name: name, embedded: true))
        #expect(found.map(\.label) == [name])
        #expect(found.map(\.isEmbedded) == [true])
    }

    @Test func referencesInCodeAreText() {
        let reference = AttachmentReference.markdown(hash: hash, name: "a.png", embedded: true)
        let body = """
            `\(reference)` inline code, and ``a ` \(reference)`` with a backtick inside
            ```swift
            \(reference)
            ```
            ~~~~
            \(reference)
            ```
            still code
            ~~~~
            outside: \(reference)
            """
        let found = AttachmentReference.scan(body)
        #expect(found.count == 1)
        #expect(body.utf8.count - found[0].utf8Range.upperBound == 0)
    }

    @Test func anUnclosedBacktickIsLiteral() {
        let reference = AttachmentReference.markdown(hash: hash, name: "a.png", embedded: false)
        #expect(AttachmentReference.scan("a ` lone backtick \(reference)").count == 1)
    }

    /// A name with a backtick is written with it escaped, so that a backtick later in the text
    /// does not make the two a code span that hides the reference (found by the round-trip
    /// property test); an escaped backtick opens no code span, as in CommonMark.
    @Test func aBacktickInTheNameDoesNotHideTheReference() {
        let reference = AttachmentReference.markdown(hash: hash, name: "it`s.png", embedded: true)
        #expect(reference.hasPrefix("![it\\`s.png]("))
        let found = AttachmentReference.scan("before \(reference) after ` and more")
        #expect(found.count == 1 && found.first?.label == "it`s.png" && found.first?.name == "it`s.png")
        #expect(AttachmentReference.scan("\\`a \(reference) b").count == 1, "an escaped backtick opens nothing")
        #expect(AttachmentReference.scan("\\\\`a \(reference)`").isEmpty, "an escaped backslash escapes nothing")
    }

    @Test func otherLinksAndBrokenFormsAreNotReferences() {
        let body = """
            [site](https://example.com) ![x](images/a.png) [short](attachments/abc/a.png)
            [upper](attachments/\(String(repeating: "9F", count: 32))/a.png) [noname](attachments/\(hash.hex)/)
            [space](attachments/\(hash.hex)/a b.png)
            """
        #expect(AttachmentReference.scan(body).isEmpty)
    }

    @Test func namesAreMadeSafe() {
        #expect(AttachmentName.safe("../../etc/passwd") == "passwd")
        #expect(AttachmentName.safe("C:\\Users\\me\\photo.jpg") == "photo.jpg")
        #expect(AttachmentName.safe("..") == "attachment")
        #expect(AttachmentName.safe(" bell\u{07}.txt ") == "bell.txt")
        #expect(AttachmentName.safe("") == "attachment")
        #expect(AttachmentName.safe("会議メモ.pdf") == "会議メモ.pdf")
        #expect(AttachmentName.safe("x\u{70F}/../../etc/passwd") == "passwd", "a prepended mark does not hide the separator")
        #expect(!AttachmentName.safe("a\u{70F}/b").unicodeScalars.contains("/"))
    }

    @Test func typesComeFromTheExtension() {
        #expect(AttachmentName.mediaType(of: "a.PNG") == "image/png")
        #expect(AttachmentName.isImage("a.jpeg"))
        #expect(!AttachmentName.isImage("drawing.svg"), "SVG can carry script: never shown inline")
        #expect(AttachmentName.mediaType(of: ".bashrc") == "application/octet-stream")
    }

    @Test func percentEncodingRoundTrips() {
        for name in ["a b.png", "100%.txt", "日本語.pdf", "(paren).md", "😀.gif"] {
            #expect(AttachmentName.percentDecoded(AttachmentName.percentEncoded(name)) == name)
        }
    }
}
