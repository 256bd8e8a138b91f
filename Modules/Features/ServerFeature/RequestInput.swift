import Foundation
import Hummingbird
import QuillAPI
import QuillModels

/// Reads and checks what a client sent: body (size-limited), JSON, path, query and
/// `If-Match`. Every failure here is a 4xx `APIError` naming what was wrong.
enum RequestInput {
    /// The largest request body the API accepts (2 MiB: one maximal note plus JSON overhead).
    static let maximumBodyBytes = 2 << 20

    static func body(of request: Request) async throws -> ByteBuffer {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > maximumBodyBytes {
            throw APIError.payloadTooLarge(limit: maximumBodyBytes)
        }
        do {
            return try await request.body.collect(upTo: maximumBodyBytes)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw APIError.payloadTooLarge(limit: maximumBodyBytes)
        }
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from request: Request) async throws -> Value {
        try JSONMediaType.check(request)
        let buffer = try await body(of: request)
        do {
            if let readable = type as? any CanonicalJSONReadable.Type,
               let canonical = buffer.withUnsafeReadableBytes({ readable.canonicallyDecoded(from: $0) }) {
                return canonical as! Value
            }
            return try JSONDecoder().decode(type, from: Data(buffer.readableBytesView))
        } catch {
            throw APIError.badRequest(describe(error))
        }
    }

    /// A `Note` from a decoded document: its format must be one this server reads, and it must be valid.
    static func note(from document: NoteDocument, field: String = "body") throws -> Note {
        guard (1...NoteJSON.currentFormat).contains(document.format) else {
            throw APIError.badRequest("\(field).format: version \(document.format) is not supported (this server reads 1...\(NoteJSON.currentFormat))")
        }
        // Counted as sent, duplicates included, as the spec's maxItems counts; a note's own tags never repeat.
        guard document.tags.count <= NoteLimits.maximumTags else {
            throw APIError.badRequest("\(field).tags: \(document.tags.count) tags as sent (repeats count); the limit is \(NoteLimits.maximumTags)")
        }
        do { return try document.note() } catch {
            throw APIError.badRequest("\(field): \(error.description)")
        }
    }

    /// A note for `POST`/`PUT /v1/notes`, which write live notes only: `DELETE` deletes.
    static func liveNote(from document: NoteDocument) throws -> Note {
        let note = try note(from: document)
        guard !note.isDeleted else { throw APIError.badRequest("body.deleted: must be false here; DELETE /v1/notes/{id} deletes a note") }
        return note
    }

    static func noteID(_ context: ServerRequestContext) throws -> NoteID {
        let text = context.parameters.get("id") ?? ""
        guard let id = NoteID(text) else { throw APIError.badRequest("id: '\(text)' is not a note ID (lowercase hexadecimal)") }
        return id
    }

    /// The largest revision `If-Match` may name: 18 digits, so that the revision after it still fits an `Int`.
    static let maximumIfMatchRevision = 999_999_999_999_999_999

    /// What the request's `If-Match` lets its write replace (`ReplacedRevision`): the revision in
    /// `If-Match: "3"`, or, without the header, 428 where `required` (`PUT`, `DELETE`) and the
    /// current revision otherwise (`PATCH`, a restore).
    static func replacedRevision(_ request: Request, required: Bool) throws -> ReplacedRevision {
        guard request.headers[.ifMatch] != nil || required else { return .current }
        return .exactly(try ifMatchRevision(request))
    }

    /// The revision in `If-Match: "3"`: one strong entity tag, as the ETag of a note is written
    /// (a weak tag never matches, RFC 9110 13.1.1); anything else is a 400 naming the header.
    /// `%223%22` is read as `"3"`: clients generated from docs/openapi.yaml percent-encode a
    /// header value's quotes, as OpenAPI's `simple` style (RFC 6570) says to.
    private static func ifMatchRevision(_ request: Request) throws -> Int {
        guard let value = request.headers[.ifMatch] else { throw APIError.preconditionRequired }
        var bytes = Array(value.utf8)
        if bytes.count > 6, bytes.prefix(3).elementsEqual("%22".utf8), bytes.suffix(3).elementsEqual("%22".utf8) {
            bytes = [UInt8(ascii: "\"")] + bytes[3..<(bytes.count - 3)] + [UInt8(ascii: "\"")]
        }
        let digits = bytes.count >= 3 ? bytes[1..<(bytes.count - 1)] : []
        guard bytes.first == UInt8(ascii: "\""), bytes.last == UInt8(ascii: "\""), digits.first != UInt8(ascii: "0"),
              (1...18).contains(digits.count), digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let revision = Int(String(decoding: digits, as: UTF8.self)), revision <= maximumIfMatchRevision
        else {
            throw APIError.badRequest("If-Match: '\(value)' is not a revision like \"3\" (quoted, 1 to \(maximumIfMatchRevision))")
        }
        return revision
    }

    static func eTag(_ note: Note) -> HTTPFields { eTag(revision: note.revision) }
    /// The header of a write's answer that says it was merged, and with which revision's edit.
    static let mergeAncestor = HTTPFields.Element.Name("Quill-Merge-Ancestor")!
    static func eTag(revision: Int) -> HTTPFields { [.eTag: "\"\(revision)\""] }

    /// An optional boolean query parameter, `true` or `false`; absent, `false`.
    static func flag(_ name: String, _ query: Parameters) throws -> Bool {
        switch query.get(name) {
        case nil, "false": false
        case "true": true
        case let text?: throw APIError.badRequest("\(name): '\(text)' is not true or false")
        }
    }

    /// An optional integer query parameter within `range`, else `defaultValue`.
    static func limit(_ query: Parameters, default defaultValue: Int, maximum: Int) throws -> Int {
        guard let text = query.get("limit") else { return defaultValue }
        guard let limit = Int(text), (1...maximum).contains(limit) else {
            throw APIError.badRequest("limit: '\(text)' is not a number from 1 to \(maximum)")
        }
        return limit
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            context.codingPath.isEmpty ? "malformed JSON: \(underlying(context))" : "\(path(context)): \(context.debugDescription)"
        case DecodingError.keyNotFound(let key, let context):
            "\(path(context, adding: key.stringValue)): missing field"
        case DecodingError.typeMismatch(let type, let context):
            "\(path(context)): expected \(typeName(type))"
        case DecodingError.valueNotFound(let type, let context):
            "\(path(context)): expected \(typeName(type)), found null"
        default:
            "malformed request body"
        }
    }

    private static func underlying(_ context: DecodingError.Context) -> String {
        (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String ?? context.debugDescription
    }

    private static func path(_ context: DecodingError.Context, adding key: String? = nil) -> String {
        var parts: [String] = []
        for codingKey in context.codingPath {
            if let index = codingKey.intValue { parts.append("[\(index)]") } else { parts.append((parts.isEmpty ? "" : ".") + codingKey.stringValue) }
        }
        if let key { parts.append((parts.isEmpty ? "" : ".") + key) }
        return parts.isEmpty ? "body" : parts.joined()
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "an integer"
        case is Bool.Type: "a boolean"
        case is [Any].Type: "an array"
        default: "an object"
        }
    }
}
