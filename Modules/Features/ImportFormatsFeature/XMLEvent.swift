/// One step of reading an XML document in order: what `XMLPullReader` hands out.
public enum XMLEvent: Equatable, Sendable {
    /// An element opens; a self-closing one (`<br/>`) is followed at once by its `end`.
    case start(name: String, attributes: [String: String])
    case end(name: String)
    /// Character data, entities decoded, CDATA sections included as they are. A long run of
    /// text comes in several pieces, so that a reader never holds a large element whole.
    case text([UInt8])
}

/// Why an XML document was refused, in words for the person importing it.
public enum XMLFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The document declares entities (`<!ENTITY>`): Quill expands none, so that an external
    /// entity cannot read a file or fetch a URL and a billion-laughs cannot fill memory.
    case entityDeclaration
    case undefinedEntity(String)
    case malformed(String)
    case truncated(openElement: String?)
    case tooLarge(String)
    case read(String)

    public var description: String {
        switch self {
        case .entityDeclaration:
            "the XML declares entities (<!ENTITY ...>); Quill expands none (they can read files, fetch URLs or grow without bound), so the file is refused"
        case .undefinedEntity(let name): "the XML uses the entity &\(name); which it does not define"
        case .malformed(let reason): "the XML is malformed: \(reason)"
        case .truncated(let element): "the XML ends early" + (element.map { " inside <\($0)>: the file is cut short" } ?? "")
        case .tooLarge(let what): "the XML has \(what), more than Quill reads"
        case .read(let reason): reason
        }
    }
}
