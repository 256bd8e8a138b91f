import Foundation
import QuillModels

/// Writes and reads the sync bodies (a push, its answer, a page of changes) by hand, in Quill's
/// canonical JSON: byte for byte what `NoteJSON.encoder` writes, which `SyncBodiesJSONTests` checks.
///
/// Exists for speed: a first sync moves every note of a store through these bodies, and
/// Foundation's `JSONEncoder` and `JSONDecoder` were most of the client's and a third of the
/// server's work in it. A reader answers `nil` for bytes in any other form; `decoded(from:)` then
/// hands them to `JSONDecoder`, so other spacing still reads and errors are described as before.
public protocol CanonicalJSONReadable: Decodable {
    init?(canonicalJSON reader: inout CanonicalJSONReader)
}

extension CanonicalJSONReadable {
    /// The body in `data`: read by hand when canonical, else by `JSONDecoder`.
    public static func decoded(from data: Data) throws -> Self {
        if let canonical = data.withUnsafeBytes(canonicallyDecoded(from:)) { return canonical }
        return try JSONDecoder().decode(Self.self, from: data)
    }

    /// The body in `bytes` read by hand, or nil when it is not in canonical form (then
    /// `decoded(from:)` reads it): a server reads a request's buffer in place this way, without
    /// copying a push of a mebibyte into a `Data` first.
    public static func canonicallyDecoded(from bytes: UnsafeRawBufferPointer) -> Self? {
        var reader = CanonicalJSONReader(bytes: bytes)
        guard let body = Self(canonicalJSON: &reader), reader.isAtEnd else { return nil }
        return body
    }
}

extension PushRequestBody.Change {
    public func appendJSON(to bytes: inout [UInt8]) {
        Self.appendJSON(baseRevision: baseRevision, to: &bytes) { note.appendJSON(to: &$0) }
    }

    /// A change's JSON whose note `appendNote` writes: for a writer that has the note's JSON already.
    public static func appendJSON(baseRevision: Int?, to bytes: inout [UInt8], note appendNote: (inout [UInt8]) -> Void) {
        bytes.append(contentsOf: #"{"baseRevision":"#.utf8)
        bytes.append(contentsOf: (baseRevision.map(String.init) ?? "null").utf8)
        bytes.append(contentsOf: #","note":"#.utf8)
        appendNote(&bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// The JSON array of `changes`: what a push's digest covers.
    public static func jsonBytes(_ changes: [Self]) -> [UInt8] {
        var bytes: [UInt8] = []
        appendArray(changes, to: &bytes) { $0.appendJSON(to: &$1) }
        return bytes
    }
}

extension PushRequestBody: CanonicalJSONReadable {
    public func jsonBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        if let appliedAs {
            bytes.append(contentsOf: #"{"appliedAs":"#.utf8)
            JSONText.appendString(appliedAs.rawValue, to: &bytes)
            bytes.append(contentsOf: #","changes":"#.utf8)
        } else {
            bytes.append(contentsOf: #"{"changes":"#.utf8)
        }
        appendArray(changes, to: &bytes) { $0.appendJSON(to: &$1) }
        if let merge { bytes.append(contentsOf: (merge ? #","merge":true"# : #","merge":false"#).utf8) }
        bytes.append(contentsOf: #","requestID":"#.utf8)
        JSONText.appendString(requestID, to: &bytes)
        if let since {
            bytes.append(contentsOf: #","since":"#.utf8)
            JSONText.appendString(since, to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    public init?(canonicalJSON reader: inout CanonicalJSONReader) {
        var appliedAs: AppliedAnswer?
        if reader.skip(#"{"appliedAs":"#) {
            guard let text = reader.string(), let answer = AppliedAnswer(rawValue: text), reader.skip(#","changes":["#) else { return nil }
            appliedAs = answer
        } else {
            guard reader.skip(#"{"changes":["#) else { return nil }
        }
        var changes: [Change] = []
        if !reader.skip("]") {
            repeat {
                guard reader.skip(#"{"baseRevision":"#) else { return nil }
                let base: Int?
                if reader.skip("null") { base = nil } else {
                    guard let value = reader.integer() else { return nil }
                    base = value
                }
                guard reader.skip(#","note":"#), let note = reader.noteDocument(), reader.skip("}") else { return nil }
                changes.append(Change(note: note, baseRevision: base))
            } while reader.skip(",")
            guard reader.skip("]") else { return nil }
        }
        var merge: Bool?
        if reader.skip(#","merge":true"#) { merge = true } else if reader.skip(#","merge":false"#) { merge = false }
        guard reader.skip(#","requestID":"#), let requestID = reader.string() else { return nil }
        var since: String?
        if reader.skip(#","since":"#) {
            guard let cursor = reader.string() else { return nil }
            since = cursor
        }
        guard reader.skip("}") else { return nil }
        self.init(requestID: requestID, changes: changes, since: since, appliedAs: appliedAs, merge: merge)
    }
}

extension PushResultBody {
    public func appendJSON(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"{"id":"#.utf8)
        JSONText.appendString(id.rawValue, to: &bytes)
        if let note {
            bytes.append(contentsOf: #","note":"#.utf8)
            note.appendJSON(to: &bytes)
        }
        if let revision {
            bytes.append(contentsOf: #","revision":"#.utf8)
            bytes.append(contentsOf: String(revision).utf8)
        }
        bytes.append(contentsOf: #","status":"#.utf8)
        JSONText.appendString(status.rawValue, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    init?(canonicalJSON reader: inout CanonicalJSONReader) {
        guard reader.skip(#"{"id":"#), let idText = reader.string(), let id = NoteID(idText) else { return nil }
        if reader.skip(#","revision":"#) {
            guard let revision = reader.integer(), reader.skip(#","status":"applied"}"#) else { return nil }
            self.init(id: id, appliedAt: revision)
            return
        }
        guard reader.skip(#","note":"#), let note = reader.noteDocument(),
              reader.skip(#","status":"#), let statusText = reader.string(), let status = Status(rawValue: statusText),
              reader.skip("}")
        else { return nil }
        self.init(id: id, status: status, note: note)
    }
}

extension PushResponseBody: CanonicalJSONReadable {
    public func jsonBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        if let next {
            bytes.append(contentsOf: #"{"next":"#.utf8)
            JSONText.appendString(next, to: &bytes)
            bytes.append(contentsOf: #","results":"#.utf8)
        } else {
            bytes.append(contentsOf: #"{"results":"#.utf8)
        }
        appendArray(results, to: &bytes) { $0.appendJSON(to: &$1) }
        if let written {
            bytes.append(contentsOf: #","written":{"after":"#.utf8)
            JSONText.appendString(written.after, to: &bytes)
            bytes.append(contentsOf: #","through":"#.utf8)
            JSONText.appendString(written.through, to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    public init?(canonicalJSON reader: inout CanonicalJSONReader) {
        var next: String?
        if reader.skip(#"{"next":"#) {
            guard let cursor = reader.string(), reader.skip(#","results":["#) else { return nil }
            next = cursor
        } else {
            guard reader.skip(#"{"results":["#) else { return nil }
        }
        var results: [PushResultBody] = []
        if !reader.skip("]") {
            repeat {
                guard let result = PushResultBody(canonicalJSON: &reader) else { return nil }
                results.append(result)
            } while reader.skip(",")
            guard reader.skip("]") else { return nil }
        }
        var written: PushWrittenBody?
        if reader.skip(#","written":{"after":"#) {
            guard let after = reader.string(), reader.skip(#","through":"#), let through = reader.string(), reader.skip("}") else { return nil }
            written = PushWrittenBody(after: after, through: through)
        }
        guard reader.skip("}") else { return nil }
        self.init(results: results, next: next, written: written)
    }
}

extension ChangesBody: CanonicalJSONReadable {
    public init?(canonicalJSON reader: inout CanonicalJSONReader) {
        guard reader.skip(#"{"changes":["#) else { return nil }
        var changes: [NoteDocument] = []
        if !reader.skip("]") {
            repeat {
                guard let note = reader.noteDocument() else { return nil }
                changes.append(note)
            } while reader.skip(",")
            guard reader.skip("]") else { return nil }
        }
        guard reader.skip(#","hasMore":"#), let hasMore = reader.boolean(),
              reader.skip(#","next":"#), let next = reader.string(), reader.skip("}")
        else { return nil }
        self.init(changes: changes, next: next, hasMore: hasMore)
    }
}

/// `[` the items `,`-separated `]`.
private func appendArray<Item>(_ items: [Item], to bytes: inout [UInt8], _ append: (Item, inout [UInt8]) -> Void) {
    bytes.append(UInt8(ascii: "["))
    for (index, item) in items.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        append(item, &bytes)
    }
    bytes.append(UInt8(ascii: "]"))
}
