import Foundation

/// The versioned JSON file format of a note.
///
/// Users keep these files for years, so the shape is explicit and versioned here rather
/// than derived from `Note`'s stored properties: keys are sorted, dates are ISO-8601 in UTC
/// with milliseconds, and a `format` number says which version of this shape a file has.
public enum NoteJSON {
    /// The version this code writes. Readers accept every version up to this one.
    public static let currentFormat = 1

    public enum DecodingFailure: Error, Equatable, CustomStringConvertible {
        case unsupportedFormat(Int)
        case malformed(String)

        public var description: String {
            switch self {
            case .unsupportedFormat(let version):
                "format version \(version) is newer than this quill understands (\(NoteJSON.currentFormat)); upgrade quill"
            case .malformed(let reason): "malformed note JSON: \(reason)"
            }
        }
    }

    public static func encode(_ note: Note) -> Data {
        Data(NoteDocument(note).jsonBytes())
    }

    public static func decode(_ data: Data) throws(DecodingFailure) -> Note {
        let document: NoteDocument
        do {
            document = try data.withUnsafeBytes { NoteDocument(canonicalJSON: $0) }
                ?? JSONDecoder().decode(NoteDocument.self, from: data)
        } catch let failure as DecodingFailure {
            throw failure
        } catch {
            throw .malformed(describe(error))
        }
        guard document.format <= currentFormat, document.format >= 1 else { throw .unsupportedFormat(document.format) }
        do {
            return try document.note()
        } catch {
            throw .malformed(error.description)
        }
    }

    /// The revision of the note in `data` when it is in canonical form and a format this code
    /// reads, without decoding its text; else `nil`, and `decode` says what it holds.
    public static func revision(in data: Data) -> Int? {
        data.withUnsafeBytes { bytes in
            var reader = CanonicalJSONReader(bytes: bytes)
            return reader.noteDocumentRevision()
        }
    }

    /// A JSON encoder configured the one way every Quill JSON output uses.
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): context.debugDescription + at(context)
        case DecodingError.keyNotFound(let key, let context): "missing field '\(key.stringValue)'" + at(context)
        case DecodingError.typeMismatch(_, let context): context.debugDescription + at(context)
        case DecodingError.valueNotFound(_, let context): context.debugDescription + at(context)
        default: String(describing: error)
        }
    }

    private static func at(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        return path.isEmpty ? "" : " (at \(path))"
    }
}

/// A note as it appears in JSON: the note file, `--json` output and the sync API all use it.
///
/// Decoding a document does not validate it; `note()` does, so a caller can tell a
/// malformed document from an invalid note.
public struct NoteDocument: Codable, Hashable, Sendable {
    public var format: Int
    public var id: NoteID
    public var title: String
    public var body: String
    public var tags: [Tag]
    public var created: Timestamp
    public var updated: Timestamp
    public var revision: Int
    public var deleted: Bool

    public init(_ note: Note) {
        format = NoteJSON.currentFormat
        id = note.id
        title = note.title
        body = note.body
        tags = note.tags
        created = Timestamp(note.created)
        updated = Timestamp(note.updated)
        revision = note.revision
        deleted = note.isDeleted
    }

    public func note() throws(NoteValidationError) -> Note {
        try Note(id: id, title: title, body: body, tags: tags, created: created.date, updated: updated.date,
                 revision: revision, isDeleted: deleted)
    }
}
