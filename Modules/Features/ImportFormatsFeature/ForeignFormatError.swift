/// Why an export of another app could not be imported; nothing was imported.
public enum ForeignFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The XML of an export is malformed or refused (`XMLFormatError`).
    case xml(entry: String, XMLFormatError)
    /// `resource` and `name` say which attachment: `attachment 'a.png'`, or `attachment 2` of the note.
    case invalidBase64(entry: String, resource: String)
    case attachmentTooLarge(entry: String, name: String, limit: Int64)
    case notTheFormat(entry: String, expected: String)
    case textTooLarge(entry: String, limit: Int)

    public var description: String {
        switch self {
        case .xml(let entry, let error): "\(entry): \(error)"
        case .invalidBase64(let entry, let resource): "\(entry): \(resource) is not valid base64"
        case .attachmentTooLarge(let entry, let name, let limit):
            "\(entry): \(name) is larger than \(limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit) bytes") (raise --max-attachment-size to import it)"
        case .notTheFormat(let entry, let expected): "\(entry): not \(expected)"
        case .textTooLarge(let entry, let limit): "\(entry): a note's text is larger than \(limit >> 20) MiB"
        }
    }
}
