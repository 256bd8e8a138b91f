/// An element of a note written in HTML (Evernote's ENML, a web clip), with everything inside
/// it: what `MarkdownWriter` turns into Markdown.
///
/// Exists because a note's text is small enough to hold whole (unlike the export around it),
/// and lists, tables and code read far more simply from a tree than from a stream.
public struct HTMLElement: Sendable, Equatable {
    public indirect enum Child: Sendable, Equatable {
        case element(HTMLElement)
        case text(String)
    }

    public var name: String
    public var attributes: [String: String]
    public var children: [Child]

    public init(name: String, attributes: [String: String] = [:], children: [Child] = []) {
        self.name = name
        self.attributes = attributes
        self.children = children
    }

    /// The element's `style` declarations, names lowercased (`--en-todo: true` → `["--en-todo": "true"]`).
    public var style: [String: String] {
        var declarations: [String: String] = [:]
        for declaration in (attributes["style"] ?? "").split(separator: ";") {
            guard let colon = declaration.firstIndex(of: ":") else { continue }
            declarations[declaration[..<colon].trimmingSpaces().lowercased()] = String(declaration[declaration.index(after: colon)...]).trimmingSpaces()
        }
        return declarations
    }

    /// All the text inside, as written.
    public var textContent: String {
        children.map { child in
            switch child {
            case .text(let text): text
            case .element(let element): element.textContent
            }
        }.joined()
    }

    /// Reads an HTML fragment or document leniently (`XMLPullReader`'s `html` dialect) into a
    /// tree under one element named `root`.
    public static func parse(_ bytes: [UInt8]) throws(XMLFormatError) -> HTMLElement {
        let reader = XMLPullReader(bytes: bytes, dialect: .html)
        var stack = [HTMLElement(name: "root")]
        while let event = try reader.next() {
            switch event {
            case .start(let name, let attributes):
                stack.append(HTMLElement(name: name.lowercased(), attributes: attributes))
            case .end:
                guard stack.count > 1 else { continue }
                let element = stack.removeLast()
                stack[stack.count - 1].children.append(.element(element))
            case .text(let bytes):
                let text = String(decoding: bytes, as: UTF8.self)
                if case .text(let before)? = stack[stack.count - 1].children.last {
                    stack[stack.count - 1].children[stack[stack.count - 1].children.count - 1] = .text(before + text)
                } else {
                    stack[stack.count - 1].children.append(.text(text))
                }
            }
        }
        while stack.count > 1 {
            let element = stack.removeLast()
            stack[stack.count - 1].children.append(.element(element))
        }
        return stack[0]
    }
}

extension Substring {
    func trimmingSpaces() -> String { String(self).trimmingSpaces() }
}
